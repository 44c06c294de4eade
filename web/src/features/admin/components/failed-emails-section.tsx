import { MailWarning, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FAILED_EMAIL_TEXTS, type FailedEmail } from '@shared/schemas/failed-emails';
import { useFailedEmails } from '../api/list-failed-emails';
import { useRetryFailedEmail } from '../api/retry-failed-email';
import { notifyFailure, notifySuccess } from '../lib/notify';
import { PagedList, formatDate } from './shared';

/**
 * The Inbox's e-mails that failed to send: the outbox retried each for about a day and a half
 * (RetryEmails) before giving up; staff can try once more after fixing the cause.
 */
export function FailedEmailsSection() {
  const failed = useFailedEmails();
  return (
    <section className="rounded-md border p-3" aria-labelledby="failed-emails-heading" data-testid="failed-emails">
      <h2 id="failed-emails-heading" className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <MailWarning className="h-4 w-4" aria-hidden /> E-mails that failed to send
      </h2>
      <PagedList
        query={failed}
        failureText={FAILED_EMAIL_TEXTS.loadFailed}
        emptyText="No failed e-mails. Every e-mail we sent got through."
      >
        {(items) => (
          <ul className="divide-y">
            {items.map((e) => (
              <FailedEmailRow key={e.id} email={e} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

function FailedEmailRow({ email }: { email: FailedEmail }) {
  const retry = useRetryFailedEmail();
  const onRetry = async () => {
    try {
      const { outcome } = await retry.mutateAsync(email.id);
      if (outcome === 'sent') notifySuccess(FAILED_EMAIL_TEXTS.sent);
      else notifyFailure(FAILED_EMAIL_TEXTS[outcome]);
    } catch (err) {
      notifyFailure(FAILED_EMAIL_TEXTS.retryFailed, err);
    }
  };
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-2" data-testid="failed-email-row">
      <div className="min-w-0 flex-1 text-sm">
        <p className="break-words font-medium">{email.subject}</p>
        <p className="break-all text-muted-foreground">
          To {email.to} · failed {formatDate(email.failedAt)} after {email.attempts} attempts
        </p>
        {email.lastError && <p className="break-words text-xs text-destructive">{email.lastError}</p>}
      </div>
      <Button size="sm" variant="outline" onClick={onRetry} disabled={retry.isPending}>
        <RotateCw className="mr-1 h-4 w-4" aria-hidden /> {retry.isPending ? 'Retrying...' : 'Retry'}
      </Button>
    </li>
  );
}
