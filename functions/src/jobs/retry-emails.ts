import { outboxDeps } from '../adapters/mail/mailer.js';
import { retryDueEmails } from '../domain/mail/outbox.js';

/** Scheduled (jobs.ts RetryEmails): one more attempt for every outbox e-mail whose retry is due; dead-letters those out of attempts. */
export async function handler() {
  return retryDueEmails(outboxDeps());
}
