import { type Mailer, type OutgoingEmail, addressOf } from './mailer.js';

/**
 * The e-mail outbox (pattern 53): every e-mail is stored before it is sent, tried at once, and
 * retried by the RetryEmails job until it is sent or, after MAX_EMAIL_ATTEMPTS, dead-lettered
 * where staff can list it (listFailedEmails). Addresses SES reported as bouncing or complaining
 * (pattern 54) are never mailed: such an e-mail is stored as suppressed, logged, and the caller
 * sees no error.
 */
type OutboxStatus = 'pending' | 'sent' | 'failed' | 'suppressed';

export interface OutboxRecord {
  id: string;
  createdAt: string;
  email: OutgoingEmail;
  status: OutboxStatus;
  /** Attempts started so far. */
  attempts: number;
  /** While pending: when the next attempt is due (or the current attempt's lease ends). */
  nextAttemptAt?: string;
  lastError?: string;
  sentAt?: string;
  failedAt?: string;
}

/** A dead-lettered e-mail as staff see it (the admin Inbox). */
export type { FailedEmail } from '../../../../shared/schemas/failed-emails.js';

export interface OutboxStore {
  /** Stores a new e-mail (its first attempt already counted and leased). */
  add(record: OutboxRecord): Promise<void>;
  /** Pending e-mails due at `now`, oldest due first. */
  due(now: Date, limit: number): Promise<OutboxRecord[]>;
  /** Takes a due e-mail for one attempt: false when another worker took it first (its attempts moved on). */
  claim(id: string, seenAttempts: number, leaseUntil: Date): Promise<boolean>;
  markSent(id: string, at: Date): Promise<void>;
  markRetry(id: string, nextAttemptAt: Date, error: string): Promise<void>;
  markFailed(id: string, at: Date, error: string): Promise<void>;
  markSuppressed(id: string, at: Date): Promise<void>;
}

/** Addresses we must not mail (SES bounces and complaints). */
export interface SuppressionList {
  isSuppressed(email: string): Promise<boolean>;
}

export interface OutboxDeps {
  store: OutboxStore;
  transport: Mailer;
  suppression: SuppressionList;
  now: () => Date;
  newId: () => string;
  log: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

/** Attempts before an e-mail is dead-lettered: about a day and a half of retries. */
export const MAX_EMAIL_ATTEMPTS = 8;
/** Minutes to wait after attempt n (1-based) fails. */
const RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 180, 360, 720] as const;
/** How long one attempt holds an e-mail, so a concurrent retry run leaves it alone. */
const ATTEMPT_LEASE_MS = 2 * 60_000;

const retryDelayMs = (attempts: number) => RETRY_DELAYS_MINUTES[Math.min(attempts, RETRY_DELAYS_MINUTES.length) - 1] * 60_000;

const errorText = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 500);

/** Sends one claimed attempt and records how it went. */
async function attempt(deps: OutboxDeps, record: OutboxRecord, attempts: number): Promise<'sent' | 'retry' | 'failed' | 'suppressed'> {
  const to = addressOf(record.email.to);
  if (await deps.suppression.isSuppressed(to)) {
    await deps.store.markSuppressed(record.id, deps.now());
    deps.log('info', 'E-mail not sent: the address is suppressed (SES bounce or complaint)', { emailId: record.id });
    return 'suppressed';
  }
  try {
    await deps.transport.send(record.email);
  } catch (err) {
    const error = errorText(err);
    if (attempts >= MAX_EMAIL_ATTEMPTS) {
      await deps.store.markFailed(record.id, deps.now(), error);
      deps.log('error', 'E-mail dead-lettered after its last attempt', { emailId: record.id, attempts, error });
      return 'failed';
    }
    await deps.store.markRetry(record.id, new Date(deps.now().getTime() + retryDelayMs(attempts)), error);
    deps.log('warn', 'E-mail attempt failed; it will be retried', { emailId: record.id, attempts, error });
    return 'retry';
  }
  await deps.store.markSent(record.id, deps.now());
  return 'sent';
}

/**
 * The Mailer every area uses: stores the e-mail, then tries it at once. A failed first attempt
 * is not the caller's error (the e-mail is safe in the outbox and will be retried); only a
 * failure to store it is thrown.
 */
export function createOutboxMailer(deps: () => OutboxDeps): Mailer {
  return {
    async send(email) {
      const d = deps();
      const now = d.now();
      const record: OutboxRecord = {
        id: d.newId(),
        createdAt: now.toISOString(),
        email,
        status: 'pending',
        attempts: 1,
        nextAttemptAt: new Date(now.getTime() + ATTEMPT_LEASE_MS).toISOString(),
      };
      await d.store.add(record);
      await attempt(d, record, 1);
    },
  };
}

/** The RetryEmails job: every due pending e-mail gets one more attempt. */
export async function retryDueEmails(
  deps: OutboxDeps,
  limit = 100,
): Promise<{ sent: number; retry: number; failed: number; suppressed: number }> {
  const counts = { sent: 0, retry: 0, failed: 0, suppressed: 0 };
  const now = deps.now();
  for (const record of await deps.store.due(now, limit)) {
    if (!(await deps.store.claim(record.id, record.attempts, new Date(now.getTime() + ATTEMPT_LEASE_MS)))) continue;
    counts[await attempt(deps, record, record.attempts + 1)]++;
  }
  return counts;
}

/** The dead-lettered part of the outbox, for a retry asked by staff (the admin Inbox). */
export interface DeadLetterStore {
  get(id: string): Promise<OutboxRecord | null>;
  /** Takes a dead-lettered e-mail for one more attempt: false when it is no longer failed or another retry took it. */
  claimFailed(id: string, seenAttempts: number): Promise<boolean>;
  markSent(id: string, at: Date): Promise<void>;
  markFailed(id: string, at: Date, error: string): Promise<void>;
  markSuppressed(id: string, at: Date): Promise<void>;
}

export type ManualRetryOutcome = 'sent' | 'failed' | 'suppressed' | 'not-found' | 'busy';

/**
 * One more attempt at a dead-lettered e-mail, now (a staff member's retry). Sent: it leaves the
 * failed list. Failed again: it stays there with the new error and time. The e-mail keeps
 * its status `failed` while the attempt runs, so a crash mid-send leaves it listed, not lost.
 */
export async function retryFailedEmail(
  deps: Omit<OutboxDeps, 'store' | 'newId'> & { store: DeadLetterStore },
  id: string,
): Promise<ManualRetryOutcome> {
  const record = await deps.store.get(id);
  if (record?.status !== 'failed') return 'not-found';
  if (!(await deps.store.claimFailed(id, record.attempts))) return 'busy';
  if (await deps.suppression.isSuppressed(addressOf(record.email.to))) {
    await deps.store.markSuppressed(id, deps.now());
    return 'suppressed';
  }
  try {
    await deps.transport.send(record.email);
  } catch (err) {
    const error = errorText(err);
    await deps.store.markFailed(id, deps.now(), error);
    deps.log('warn', 'Staff retry of a dead-lettered e-mail failed', { emailId: id, error });
    return 'failed';
  }
  await deps.store.markSent(id, deps.now());
  deps.log('info', 'Dead-lettered e-mail sent on a staff retry', { emailId: id });
  return 'sent';
}
