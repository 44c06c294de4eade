import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import { FormField } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { loadAuthSession } from '@/lib/auth';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import { LIMITS } from '@shared/constants';
import { ACCOUNT_TEXTS, normaliseEmail } from '@shared/schemas/account';
import { AuthLayout } from './auth-layout';

const problem = (description: string) => toast({ title: 'Validation Error', description, variant: 'destructive' });

/** /reset-password — request a code by e-mail, then set a new password with it. */
export function ResetPasswordPage() {
  usePageMeta('Reset Password', 'Reset your TruckYard password.');
  const id = useId();
  const navigate = useNavigate();
  const [step, setStep] = useState<'request' | 'confirm'>('request');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (action: (s: Awaited<ReturnType<typeof loadAuthSession>>) => Promise<void>) => {
    setBusy(true);
    let session: Awaited<ReturnType<typeof loadAuthSession>> | null = null;
    try {
      session = await loadAuthSession();
      await action(session);
    } catch (err) {
      toast({
        title: 'Reset Error',
        description: session?.authErrorMessage(err) ?? 'Failed to reset your password. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const request = (e: FormEvent) => {
    e.preventDefault();
    const value = normaliseEmail(email);
    if (!value) return problem('Email is required.');
    void run(async (s) => {
      await s.requestPasswordReset(value);
      setEmail(value);
      setStep('confirm');
      // The same words whether or not the address has an account.
      toast({ title: 'Check your email', description: ACCOUNT_TEXTS.resetSent(value) });
    });
  };

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim() || !password) return problem('Code and new password are required.');
    if (password !== confirmPassword) return problem('Passwords do not match.');
    if (password.length < LIMITS.minPasswordLength) return problem('Password must be at least 8 characters long.');
    void run(async (s) => {
      await s.completePasswordReset(email, code.trim(), password);
      toast({ title: 'Password reset', description: 'Your password has been changed. You can now sign in.', variant: 'success' });
      navigate(paths.auth);
    });
  };

  return (
    <AuthLayout
      title="Reset Password"
      subtitle={
        step === 'request' ? "Enter your email and we'll send you a reset code." : `${ACCOUNT_TEXTS.resetSent(email)} Enter it below.`
      }
      footer={
        <Link to={paths.auth} className="font-semibold text-primary hover:underline">
          Back to Sign In
        </Link>
      }
    >
      {step === 'request' ? (
        <form onSubmit={request} noValidate className="space-y-4">
          <FormField id={`${id}-email`} label="Email" required>
            <Input id={`${id}-email`} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </FormField>
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? <Spinner /> : null}
            Send Reset Code
          </Button>
        </form>
      ) : (
        <form onSubmit={confirm} noValidate className="space-y-4">
          <FormField id={`${id}-code`} label="Reset Code" required>
            <Input
              id={`${id}-code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </FormField>
          <FormField id={`${id}-password`} label="New Password" required hint="At least 8 characters.">
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormField>
          <FormField id={`${id}-confirm`} label="Confirm New Password" required>
            <Input
              id={`${id}-confirm`}
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
            />
          </FormField>
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? <Spinner /> : null}
            Reset Password
          </Button>
          <Button variant="link" className="w-full" onClick={() => setStep('request')} disabled={busy}>
            Send a new code
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
