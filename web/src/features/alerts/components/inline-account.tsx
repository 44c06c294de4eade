import { type FormEvent, useId, useState } from 'react';
import { isChallengeError, useChallenge } from '@/components/forms/challenge-field';
import { FormField } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { signUp } from '@/components/auth/api/sign-up';
import { VerifyEmailPanel } from '@/components/auth/verify-email-panel';
import { ApiError } from '@/lib/api-client';
import { loadAuthSession } from '@/lib/auth';
import { newPasswordProblem } from '@/lib/new-password';
import { toast } from '@/lib/toast';
import { LIMITS } from '@shared/constants';
import { ACCOUNT_TEXTS } from '@shared/schemas/account';

/**
 * Creating an account (or signing in) without leaving /subscribe: name, phone and e-mail come from
 * the alert form already filled in, so nothing typed is lost; the e-mail code is entered here, and
 * the page carries on once the person is signed in.
 */
export function InlineAccount({
  name,
  phone,
  email,
  onSignedIn,
}: {
  name: string;
  /** E.164, from the alert form. */
  phone: string;
  email: string;
  onSignedIn: () => void;
}) {
  const id = useId();
  const [mode, setMode] = useState<'create' | 'signin'>('create');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [busy, setBusy] = useState(false);
  const challenge = useChallenge();

  const fail = (title: string, description: string) => toast({ title, description, variant: 'destructive' });

  const signInNow = async () => {
    const session = await loadAuthSession();
    const result = await session.signInWithPassword(email, password);
    if (result.kind === 'confirm-sign-up') {
      setVerifying(true);
      return;
    }
    if (result.kind !== 'signed-in') throw new Error('Failed to log in. Please check your credentials.');
    onSignedIn();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return fail('Validation Error', 'Email and password are required.');
    setBusy(true);
    let session: Awaited<ReturnType<typeof loadAuthSession>> | null = null;
    try {
      session = await loadAuthSession();
      if (mode === 'create') {
        if (password !== confirm) return fail('Validation Error', 'Passwords do not match.');
        const weak = await newPasswordProblem(password);
        if (weak) return fail('Validation Error', weak);
        const altcha = await challenge.handle.solve();
        const answer = await signUp({ email, password, name, phone, altcha });
        toast({ title: 'Check your email', description: answer.message });
        setVerifying(true);
      } else {
        await signInNow();
      }
    } catch (err) {
      if (err instanceof Error && (err.name === 'UserNotConfirmedException' || err.message.includes(ACCOUNT_TEXTS.emailNotVerified))) {
        setVerifying(true);
        return;
      }
      fail(
        mode === 'create' ? 'Registration Error' : 'Login Error',
        ((err instanceof ApiError || isChallengeError(err)) && err.message ? err.message : session?.authErrorMessage(err)) ??
          (mode === 'create' ? 'Failed to create account. Please try again.' : 'Failed to log in. Please check your credentials.'),
      );
    } finally {
      if (mode === 'create') challenge.handle.reset();
      setBusy(false);
    }
  };

  if (verifying) {
    return (
      <VerifyEmailPanel
        email={email}
        onVerified={() => {
          void signInNow().catch((err: unknown) =>
            fail('Login Error', err instanceof Error ? err.message : 'Failed to log in. Please check your credentials.'),
          );
        }}
      />
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-primary/20 bg-primary/5 p-5">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {mode === 'create' ? 'Create your account to save your alerts' : 'Sign in to save your alerts'}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {mode === 'create' ? 'We use the name, phone and e-mail you entered above: ' : 'Signing in as '}
        <span className="font-medium text-foreground">{email}</span>
      </p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <FormField
          id={`${id}-password`}
          label="Password"
          required
          hint={
            mode === 'create'
              ? `At least ${LIMITS.minPasswordLength} characters, hard to guess: a few unrelated words work well.`
              : undefined
          }
        >
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete={mode === 'create' ? 'new-password' : 'current-password'}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        {mode === 'create' ? (
          <FormField id={`${id}-confirm`} label="Confirm Password" required>
            <Input
              id={`${id}-confirm`}
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </FormField>
        ) : null}
        {mode === 'create' ? challenge.field : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner /> : null}
            {mode === 'create' ? 'Create Account' : 'Sign In'}
          </Button>
          <button
            type="button"
            className="text-sm font-semibold text-primary hover:underline"
            onClick={() => {
              setMode(mode === 'create' ? 'signin' : 'create');
              setPassword('');
              setConfirm('');
            }}
          >
            {mode === 'create' ? 'I already have an account' : 'Create a new account instead'}
          </button>
        </div>
      </form>
    </section>
  );
}
