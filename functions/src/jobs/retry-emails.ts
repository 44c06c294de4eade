import { outboxDeps } from '../adapters/mail/mailer.js';
import { retryDueEmails } from '../domain/mail/outbox.js';
import { observed } from '../observability.js';

/** Scheduled (jobs.ts RetryEmails): one more attempt for every outbox e-mail whose retry is due; dead-letters those out of attempts. */
async function run() {
  return retryDueEmails(outboxDeps());
}

export const handler = observed('jobs/retry-emails', run);
