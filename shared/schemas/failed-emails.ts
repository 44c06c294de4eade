import { z } from 'zod';

/**
 * The admin Inbox's e-mails that failed to send (the outbox's dead letters, issue 7 §4), with a
 * retry. Kept apart from the Inbox's message kinds: these are not messages to staff but ours
 * that never left.
 */
export interface FailedEmail {
  id: string;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  failedAt: string;
}

export type FailedEmailRetryOutcome = 'sent' | 'failed' | 'suppressed';

export const listFailedEmailsQuerySchema = z.object({ cursor: z.string().max(2000).optional() });

/** The Inbox's toasts after a retry, by outcome. */
export const FAILED_EMAIL_TEXTS = {
  sent: 'E-mail sent successfully',
  failed: 'The e-mail failed to send again',
  suppressed: 'Not sent: the address bounced or complained, so we no longer mail it',
  loadFailed: 'Failed to load failed e-mails',
  retryFailed: 'Failed to retry e-mail',
} as const;
