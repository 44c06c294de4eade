import { MailCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { resendVerificationCode, verifyAccountEmail } from '@/components/auth/api/account-codes';

/**
 * E-mail verification by the code our API e-mailed (POST /api/accounts/verify-email), with 'Resend
 * code'. What sign-up sent (account type, company) is kept with the code on the server.
 */
export function VerifyEmailPanel({
  email,
  onVerified,
}: {
  email: string;
  /** No longer needed (the server keeps what sign-up sent); accepted so callers need not change. */
  clientMetadata?: Record<string, string>;
  onVerified: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) {
      toast({ title: 'Validation Error', description: 'Please enter the verification code.', variant: 'destructive' });
      return;
    }
    setBusy('verify');
    try {
      const answer = await verifyAccountEmail({ email, code: value });
      toast({ title: 'Email verified', description: answer.message, variant: 'success' });
      setCode('');
      onVerified();
    } catch (err) {
      toast({
        title: 'Verification Error',
        description: err instanceof ApiError && err.message ? err.message : 'Failed to verify your email. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setBusy('resend');
    try {
      const answer = await resendVerificationCode(email);
      toast({ title: 'Code sent', description: answer.message });
    } catch (err) {
      toast({
        title: 'Error',
        description: err instanceof ApiError && err.message ? err.message : 'Failed to send a new code.',
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mb-6 rounded-lg border border-primary/20 bg-primary/5 p-4">
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-foreground">
        <MailCheck className="size-5 text-primary" aria-hidden="true" />
        Confirm your account
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Enter the code we sent to <span className="font-medium break-all text-foreground">{email}</span>.
      </p>
      <form onSubmit={verify} className="mt-3 space-y-3" noValidate>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-code`}>Verification Code</Label>
          <Input
            id={`${id}-code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="123456"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy !== null}>
            {busy === 'verify' ? <Spinner /> : null}
            Verify Email
          </Button>
          <Button variant="outline" onClick={resend} disabled={busy !== null}>
            {busy === 'resend' ? <Spinner /> : null}
            Resend code
          </Button>
        </div>
      </form>
    </section>
  );
}
