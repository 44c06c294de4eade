import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import { FormField } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { isChallengeError, useChallenge } from '@/components/forms/challenge-field';
import { ApiError } from '@/lib/api-client';
import { newPasswordProblem } from '@/lib/new-password';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import { LIMITS } from '@shared/constants';
import { ACCOUNT_TEXTS, normaliseEmail } from '@shared/schemas/account';
import { confirmPasswordReset, requestPasswordReset } from '@/components/auth/api/account-codes';
import { AuthLayout } from './auth-layout';

const problem = (description: string) => toast({ title: 'Validation Error', description, variant: 'destructive' });

/**
 * /reset-password — request a code by e-mail (through our API, behind the ALTCHA check: issue 23),
 * then set a new password with it.
 */
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
  const challenge = useChallenge();

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      toast({
        title: 'Reset Error',
        description:
          (err instanceof ApiError || isChallengeError(err)) && err.message
            ? err.message
            : 'Failed to reset your password. Please try again.',
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
    void run(async () => {
      try {
        await requestPasswordReset({ email: value, altcha: await challenge.handle.solve() });
      } finally {
        challenge.handle.reset();
      }
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
    void run(async () => {
      const weak = await newPasswordProblem(password);
      if (weak) return void problem(weak);
      const answer = await confirmPasswordReset({ email, code: code.trim(), newPassword: password });
      toast({ title: 'Password reset', description: answer.message, variant: 'success' });
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
          {challenge.field}
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
          <FormField
            id={`${id}-password`}
            label="New Password"
            required
            hint={`At least ${LIMITS.minPasswordLength} characters, hard to guess: a few unrelated words work well.`}
          >
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
