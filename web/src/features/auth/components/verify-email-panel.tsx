import { MailCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { loadAuthSession } from '@/lib/auth';
import { toast } from '@/lib/toast';

/** E-mail verification by code (Cognito confirmSignUp), with 'Resend code'. */
export function VerifyEmailPanel({
  email,
  clientMetadata,
  onVerified,
}: {
  email: string;
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
      const session = await loadAuthSession();
      await session.confirmAccount(email, value, clientMetadata);
      toast({ title: 'Email verified', description: 'Your email is verified. You can now sign in.', variant: 'success' });
      setCode('');
      onVerified();
    } catch (err) {
      const session = await loadAuthSession().catch(() => null);
      toast({
        title: 'Verification Error',
        description: session?.authErrorMessage(err) ?? 'Failed to verify your email. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setBusy('resend');
    try {
      const session = await loadAuthSession();
      await session.resendAccountCode(email);
      toast({ title: 'Code sent', description: `We sent a new code to ${email}.` });
    } catch (err) {
      const session = await loadAuthSession().catch(() => null);
      toast({ title: 'Error', description: session?.authErrorMessage(err) ?? 'Failed to send a new code.', variant: 'destructive' });
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
