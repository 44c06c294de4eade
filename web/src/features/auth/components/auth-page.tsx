import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { FormField } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { loadAuthSession, useAuth } from '@/lib/auth';
import { ApiError } from '@/lib/api-client';
import { safeReturnTo } from '@/lib/auth-links';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import { isChallengeError, useChallenge } from '@/components/forms/challenge-field';
import { newPasswordProblem } from '@/lib/new-password';
import { LIMITS } from '@shared/constants';
import { parsePhone } from '@shared/phone';
import { normaliseEmail } from '@shared/schemas/account';
import { signUp as signUpAccount } from '@/components/auth/api/sign-up';
import { AuthLayout } from './auth-layout';
import { usePasswordSignIn } from './use-password-sign-in';
import { VerifyEmailPanel } from '@/components/auth/verify-email-panel';

type Mode = 'signin' | 'signup';
const empty = { fullName: '', phone: '', email: '', password: '', confirmPassword: '' };

const invalid = (description: string) => toast({ title: 'Validation Error', description, variant: 'destructive' });

/** /auth — customer Sign In and Create Account (spec §2, §5, §8). */
export function AuthPage() {
  usePageMeta('Sign In', 'Sign in or create a TruckYard account.');
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const { ready, isSignedIn } = useAuth();
  const [mode, setMode] = useState<Mode>('signin');
  const [values, setValues] = useState(empty);
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);
  const [registering, setRegistering] = useState(false);
  const { signIn, submitting } = usePasswordSignIn();
  const challenge = useChallenge();

  // A signed-in visitor has nothing to do here.
  useEffect(() => {
    if (ready && isSignedIn) navigate(returnTo, { replace: true });
  }, [ready, isSignedIn, navigate, returnTo]);

  // Warm the auth code while the person types.
  useEffect(() => {
    void loadAuthSession()
      .then((m) => m.ensureConfigured())
      .catch(() => undefined);
  }, []);

  const set = (field: keyof typeof empty) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const switchMode = (next: Mode) => {
    setMode(next);
    setValues(empty);
    setVerifyEmail(null);
  };

  const onSignIn = async () => {
    const outcome = await signIn(values.email, values.password);
    if (outcome === 'needs-verification') setVerifyEmail(normaliseEmail(values.email));
    if (outcome === 'signed-in') navigate(returnTo, { replace: true });
  };

  const onSignUp = async () => {
    const email = normaliseEmail(values.email);
    const fullName = values.fullName.trim();
    const phone = values.phone.trim();
    if (!email || !values.password) return invalid('Email and password are required.');
    if (!fullName || !phone) return invalid('Name and phone are required for registration.');
    if (values.password !== values.confirmPassword) return invalid('Passwords do not match.');
    const e164 = parsePhone(phone);
    if (!e164) return invalid('Please enter a valid phone number, e.g. 07700 900123.');
    setRegistering(true);
    try {
      const weak = await newPasswordProblem(values.password);
      if (weak) return invalid(weak);
      const altcha = await challenge.handle.solve();
      // The same answer for a new address and one that already has an account (its owner gets an e-mail).
      const answer = await signUpAccount({ email, password: values.password, name: fullName, phone: e164, altcha });
      toast({ title: 'Account created', description: answer.message, variant: 'success' });
      setMode('signin');
      setValues({ ...empty, email });
      setVerifyEmail(email);
    } catch (err) {
      toast({
        title: 'Registration Error',
        description:
          (err instanceof ApiError || isChallengeError(err)) && err.message ? err.message : 'Failed to create account. Please try again.',
        variant: 'destructive',
      });
    } finally {
      challenge.handle.reset();
      setRegistering(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void (mode === 'signin' ? onSignIn() : onSignUp());
  };

  const busy = submitting || registering;
  const signUp = mode === 'signup';

  return (
    <AuthLayout
      title={signUp ? 'Create Account' : 'Sign In'}
      subtitle={signUp ? 'Join TruckYard to list trucks and see seller contact details.' : 'Welcome back to TruckYard.'}
      footer={<DealerLoginLink />}
    >
      <ModeSwitch mode={mode} onSwitch={switchMode} />

      {verifyEmail && !signUp ? (
        <VerifyEmailPanel
          email={verifyEmail}
          onVerified={() => {
            setVerifyEmail(null);
          }}
        />
      ) : null}

      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {signUp ? <NameAndPhoneFields id={id} values={values} set={set} /> : null}
        <FormField id={`${id}-email`} label="Email" required>
          <Input id={`${id}-email`} type="email" autoComplete="email" value={values.email} onChange={set('email')} />
        </FormField>
        <FormField
          id={`${id}-password`}
          label="Password"
          required
          hint={signUp ? `At least ${LIMITS.minPasswordLength} characters, hard to guess: a few unrelated words work well.` : undefined}
        >
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete={signUp ? 'new-password' : 'current-password'}
            value={values.password}
            onChange={set('password')}
          />
        </FormField>
        {signUp ? (
          <FormField id={`${id}-confirm`} label="Confirm Password" required>
            <Input
              id={`${id}-confirm`}
              type="password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
            />
          </FormField>
        ) : (
          <div className="text-right">
            <Link to={paths.resetPassword} className="text-sm font-medium text-primary hover:underline">
              Forgot your password?
            </Link>
          </div>
        )}
        {signUp ? challenge.field : null}
        <Button type="submit" className="w-full" size="lg" disabled={busy}>
          {busy ? <Spinner /> : null}
          {signUp ? (registering ? 'Creating Account...' : 'Create Account') : submitting ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>

      <SwitchPrompt signUp={signUp} onSwitch={switchMode} />
    </AuthLayout>
  );
}

/** The Sign In / Create Account toggle. */
function ModeSwitch({ mode, onSwitch }: { mode: Mode; onSwitch: (next: Mode) => void }) {
  return (
    <fieldset className="mb-6 grid grid-cols-2 rounded-lg bg-muted p-1">
      <legend className="sr-only">Sign in or create an account</legend>
      {(['signin', 'signup'] as const).map((m) => (
        <button
          key={m}
          type="button"
          aria-pressed={mode === m}
          onClick={() => mode !== m && onSwitch(m)}
          className={
            mode === m
              ? 'rounded-md bg-card px-3 py-2 text-sm font-semibold text-foreground shadow-sm'
              : 'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground'
          }
        >
          {m === 'signin' ? 'Sign In' : 'Create Account'}
        </button>
      ))}
    </fieldset>
  );
}

function NameAndPhoneFields({
  id,
  values,
  set,
}: {
  id: string;
  values: typeof empty;
  set: (field: keyof typeof empty) => (e: { target: { value: string } }) => void;
}) {
  return (
    <>
      <FormField id={`${id}-name`} label="Full Name" required>
        <Input id={`${id}-name`} autoComplete="name" value={values.fullName} onChange={set('fullName')} />
      </FormField>
      <FormField id={`${id}-phone`} label="Phone Number" required>
        <Input id={`${id}-phone`} type="tel" autoComplete="tel" placeholder="07700 900123" value={values.phone} onChange={set('phone')} />
      </FormField>
    </>
  );
}

/** "Already have an account?" / "Don't have an account?" with the link to the other mode. */
function SwitchPrompt({ signUp, onSwitch }: { signUp: boolean; onSwitch: (next: Mode) => void }) {
  return (
    <p className="mt-5 text-center text-sm text-muted-foreground">
      {signUp ? 'Already have an account? ' : "Don't have an account? "}
      <button type="button" className="font-semibold text-primary hover:underline" onClick={() => onSwitch(signUp ? 'signin' : 'signup')}>
        {signUp ? 'Sign in' : 'Create one'}
      </button>
    </p>
  );
}

function DealerLoginLink() {
  return (
    <>
      Are you a dealer?{' '}
      <Link to={paths.dealerLogin} className="font-semibold text-primary hover:underline">
        Dealer login
      </Link>
    </>
  );
}
