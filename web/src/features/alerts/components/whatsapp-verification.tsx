import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import { type SubscriptionView, WHATSAPP_CODE_MAX_TRIES, WHATSAPP_CODE_TTL_MINUTES, whatsappVerifySchema } from '@shared/schemas/alerts';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useSendWhatsAppCode, useVerifyWhatsAppCode } from '../api/whatsapp-verification';

const PROBLEM_TEXT = {
  'not-configured': 'WhatsApp messages cannot be sent at the moment.',
  'send-failed': 'WhatsApp did not accept the message for your number.',
} as const;

/**
 * The dashboard's WhatsApp part (platinum): a warning when the last WhatsApp alert could not be
 * sent, and the code step that verifies the number before any WhatsApp alert goes to it (issue 23).
 */
export function WhatsAppVerification({ whatsapp, channelOn }: { whatsapp: NonNullable<SubscriptionView['whatsapp']>; channelOn: boolean }) {
  const id = useId();
  const send = useSendWhatsAppCode();
  const verify = useVerifyWhatsAppCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const sent = send.data && !whatsapp.verified ? send.data : null;

  const requestCode = async () => {
    setError(undefined);
    try {
      await send.mutateAsync();
      toast({ title: 'Code sent', description: `We sent a 6-digit code to ${whatsapp.phone} on WhatsApp.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Error', description: err instanceof Error ? err.message : 'Failed to send the code.', variant: 'destructive' });
    }
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = whatsappVerifySchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await verify.mutateAsync(parsed.data);
      setCode('');
      toast({ title: 'WhatsApp number verified', description: 'Your truck alerts can now come by WhatsApp.', variant: 'success' });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to verify the code.');
    }
  };

  return (
    <div className="mt-5 space-y-3" data-testid="whatsapp-verification">
      {whatsapp.problem && channelOn ? (
        <div role="alert" className="flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            We could not send your WhatsApp alert on {formatDate(whatsapp.problem.at)}. {PROBLEM_TEXT[whatsapp.problem.reason]} Your alerts
            come by e-mail meanwhile. Check that {whatsapp.phone} is your WhatsApp number (Update Preferences), or switch WhatsApp off
            above.
          </p>
        </div>
      ) : null}
      {whatsapp.verified ? (
        <p className="flex items-center gap-2 text-sm">
          <CheckCircle2 className="size-4 text-success" aria-hidden="true" /> WhatsApp number {whatsapp.phone} is verified
        </p>
      ) : channelOn ? (
        <div className="rounded-md border p-4">
          <h3 className="font-semibold">Verify your WhatsApp number</h3>
          <p className="mt-1 text-sm text-muted-foreground">
            WhatsApp alerts go to {whatsapp.phone} once you confirm it is yours. We send a 6-digit code on WhatsApp; it works for{' '}
            {WHATSAPP_CODE_TTL_MINUTES} minutes and {WHATSAPP_CODE_MAX_TRIES} tries.
          </p>
          <Button className="mt-3" variant="outline" onClick={() => void requestCode()} disabled={send.isPending}>
            {sent ? 'Send a new code' : 'Send code'}
          </Button>
          {sent ? (
            <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={(e) => void submit(e)} noValidate>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-code`}>6-digit code</Label>
                <Input
                  id={`${id}-code`}
                  className="w-40"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-code-error` : undefined}
                />
              </div>
              <Button type="submit" disabled={verify.isPending}>
                Verify
              </Button>
              <div className="basis-full">
                <FieldError id={`${id}-code-error`} message={error} />
              </div>
            </form>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
