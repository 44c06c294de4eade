import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import type { TotpSetup } from '@/lib/auth-session';
import { loadAuthSession } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { adminKeys } from '../api/admin-api';

const MFA_TEXTS = {
  setupIntro:
    'Staff accounts must use an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...). Add TruckYard to it with the key or the link below, then enter the 6-digit code it shows.',
  codeIntro: 'Enter the 6-digit code from your authenticator app.',
  setupDone: 'Authenticator app set up. Sign in again with your code.',
  setupFailed: 'Failed to set up the authenticator app',
  badCode: 'That code was not accepted. Check the time on your phone and try the newest code.',
} as const;

/** The key to type into an authenticator app, and the otpauth:// link (opens the app on a phone). */
function TotpSecret({ setup }: { setup: TotpSetup }) {
  // The key in groups of four is easier to type without a mistake.
  const grouped = setup.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <div className="space-y-2 rounded-md border bg-muted/40 p-3 text-sm">
      <p>
        Key:{' '}
        <code className="break-all font-mono font-semibold" data-testid="totp-secret">
          {grouped}
        </code>
      </p>
      <p className="break-all text-xs text-muted-foreground">
        Link:{' '}
        <a className="underline" href={setup.uri} data-testid="totp-uri">
          {setup.uri}
        </a>
      </p>
    </div>
  );
}

/** The 6-digit code field shared by the set-up and the sign-in challenge. */
function TotpCodeForm({ onSubmit, submitLabel }: { onSubmit: (code: string) => Promise<void>; submitLabel: string }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return;
    setBusy(true);
    try {
      await onSubmit(code.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <div className="space-y-1.5">
        <Label htmlFor="totp-code">Authenticator code</Label>
        <Input
          id="totp-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          required
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
      </div>
      <Button type="submit" className="w-full" disabled={busy || code.length !== 6}>
        {busy ? 'Checking...' : submitLabel}
      </Button>
    </form>
  );
}

/** Sign-in challenge step: Cognito asked for an authenticator set-up (with its key) or for a code. */
export function TotpChallenge({ setup, onCode }: { setup: TotpSetup | null; onCode: (code: string) => Promise<void> }) {
  return (
    <div className="space-y-4" data-testid="totp-challenge">
      <p className="text-sm">{setup ? MFA_TEXTS.setupIntro : MFA_TEXTS.codeIntro}</p>
      {setup && <TotpSecret setup={setup} />}
      <TotpCodeForm onSubmit={onCode} submitLabel={setup ? 'Verify and sign in' : 'Sign In'} />
    </div>
  );
}

/**
 * A signed-in staff member whose account has no authenticator app yet (the API answered
 * MFA_REQUIRED): set one up here, then sign in again, now with the code.
 */
export function StaffMfaSetup({ email }: { email: string | null }) {
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await (await loadAuthSession()).startTotpSetup(email ?? ''));
    } catch (err) {
      toast({ title: MFA_TEXTS.setupFailed, description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
    } finally {
      setStarting(false);
    }
  };

  const verify = async (code: string) => {
    const session = await loadAuthSession();
    try {
      await session.finishTotpSetup(code);
    } catch {
      toast({ title: MFA_TEXTS.setupFailed, description: MFA_TEXTS.badCode, variant: 'destructive' });
      return;
    }
    toast({ title: MFA_TEXTS.setupDone, variant: 'success' });
    // Signing in again proves the new factor (Cognito now asks for the code at every sign-in);
    // the remembered MFA_REQUIRED answer goes with the old session.
    await session.signOutEverywhere();
    queryClient.removeQueries({ queryKey: adminKeys.session });
  };

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <KeyRound className="h-5 w-5" aria-hidden /> Set up two-step sign-in
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4" data-testid="staff-mfa-setup">
          <p className="text-sm">{MFA_TEXTS.setupIntro}</p>
          {setup ? (
            <>
              <TotpSecret setup={setup} />
              <TotpCodeForm onSubmit={verify} submitLabel="Verify" />
            </>
          ) : (
            <Button onClick={start} disabled={starting} className="w-full">
              {starting ? 'Preparing...' : 'Set up authenticator app'}
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
