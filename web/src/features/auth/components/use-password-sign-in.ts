import { useState } from 'react';
import { loadAuthSession } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { ACCOUNT_TEXTS, normaliseEmail } from '@shared/schemas/account';
import { applyPendingDealerProfile } from '../lib/dealer-profile';

export type SignInOutcome = 'signed-in' | 'needs-verification' | 'failed';

/** The password sign-in both /auth and /dealer-login use, with the spec's validation and toasts. */
export function usePasswordSignIn() {
  const [submitting, setSubmitting] = useState(false);

  const signIn = async (rawEmail: string, password: string): Promise<SignInOutcome> => {
    const email = normaliseEmail(rawEmail);
    if (!email || !password) {
      toast({ title: 'Validation Error', description: 'Email and password are required.', variant: 'destructive' });
      return 'failed';
    }
    setSubmitting(true);
    let session: Awaited<ReturnType<typeof loadAuthSession>> | null = null;
    try {
      session = await loadAuthSession();
      const result = await session.signInWithPassword(email, password);
      if (result.kind === 'confirm-sign-up') {
        toast({ title: 'Verify your email', description: 'Please check your email to verify your account before signing in.' });
        return 'needs-verification';
      }
      if (result.kind !== 'signed-in') {
        toast({ title: 'Login Error', description: 'Failed to log in. Please check your credentials.', variant: 'destructive' });
        return 'failed';
      }
      await applyPendingDealerProfile(result.user?.email ?? email);
      toast({ title: 'Welcome back!', description: 'You are now signed in.', variant: 'success' });
      return 'signed-in';
    } catch (err) {
      // Our PreTokenGeneration trigger refuses an account whose e-mail is not verified yet (issue 23).
      if (err instanceof Error && (err.name === 'UserNotConfirmedException' || err.message.includes(ACCOUNT_TEXTS.emailNotVerified))) {
        toast({ title: 'Verify your email', description: 'Please check your email to verify your account before signing in.' });
        return 'needs-verification';
      }
      toast({
        title: 'Login Error',
        description: session?.isBadCredentials(err)
          ? ACCOUNT_TEXTS.signInFailed
          : (session?.authErrorMessage(err) ?? 'Failed to log in. Please check your credentials.'),
        variant: 'destructive',
      });
      return 'failed';
    } finally {
      setSubmitting(false);
    }
  };

  return { signIn, submitting };
}
