import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import { FormField } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { usePageMeta } from '@/lib/page-meta';
import { AuthLayout } from './auth-layout';
import { usePasswordSignIn } from './use-password-sign-in';
import { VerifyEmailPanel } from '@/components/auth/verify-email-panel';

/** /dealer-login — the same user pool as /auth; afterwards the dealer dashboard. */
export function DealerLoginPage() {
  usePageMeta('Dealer Login', 'Sign in to manage your truck listings.');
  const id = useId();
  const navigate = useNavigate();
  const { ready, isSignedIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);
  const { signIn, submitting } = usePasswordSignIn();

  useEffect(() => {
    if (ready && isSignedIn) navigate(paths.dealerDashboard, { replace: true });
  }, [ready, isSignedIn, navigate]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const outcome = await signIn(email, password);
    if (outcome === 'needs-verification') setVerifyEmail(email.trim());
    if (outcome === 'signed-in') navigate(paths.dealerDashboard, { replace: true });
  };

  return (
    <AuthLayout
      title="Dealer Login"
      subtitle="Sign in to manage your truck listings."
      footer={
        <>
          New dealer?{' '}
          <Link to={paths.dealerSignup} className="font-semibold text-primary hover:underline">
            Register your dealership
          </Link>
        </>
      }
    >
      {verifyEmail ? <VerifyEmailPanel email={verifyEmail} onVerified={() => setVerifyEmail(null)} /> : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField id={`${id}-email`} label="Email" required>
          <Input id={`${id}-email`} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </FormField>
        <FormField id={`${id}-password`} label="Password" required>
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        <div className="text-right">
          <Link to={paths.resetPassword} className="text-sm font-medium text-primary hover:underline">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {submitting ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
    </AuthLayout>
  );
}
