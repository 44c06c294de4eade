/**
 * The account-listings job (queues.ts 'account-listings'): after staff suspend or reactivate an
 * account, its listings are hidden or shown again here, not inside the request. A dealer may hold
 * thousands of listings; one write each would outlive API Gateway's 30 s and the function's
 * timeout, and leave the account changed with only some listings following it.
 *
 * Safe to run again and in any order: before each batch the job reads the profile's latest job id
 * (set with the status, in the same transaction as the audit entry) and stops when another status
 * change has superseded it, and each batch is written in one transaction that checks that id again.
 * So a suspension racing a reactivation ends with every listing following the last one.
 */
import type { AccountListingsJob, AccountListingsQueue, AccountListingsStore } from './ports.js';

export interface AccountListingsDeps {
  store: AccountListingsStore;
  /** Where the job continues when its run is near the function's timeout. */
  queue: AccountListingsQueue;
  now: () => Date;
  /** Milliseconds left before the function times out. */
  timeLeftMs: () => number;
}

/** Listings per transaction: 25 writes and the profile check, well inside TransactWriteItems' 100 items and 4 MB. */
const ACCOUNT_LISTINGS_BATCH = 25;
/** A run stops taking batches this long before its timeout and queues the rest (a batch takes well under a second). */
const CONTINUE_RESERVE_MS = 30_000;

export type AccountListingsOutcome =
  | { outcome: 'finished'; changed: number }
  | { outcome: 'continued'; changed: number }
  | { outcome: 'superseded'; changed: number };

/** One run of a job: batches until the listings are done, the job is superseded, or time runs low. */
export async function syncAccountListings(deps: AccountListingsDeps, job: AccountListingsJob): Promise<AccountListingsOutcome> {
  const hide = job.status === 'suspended';
  let changed = job.changed ?? 0;
  let cursor = job.cursor;
  for (;;) {
    const current = await deps.store.currentJob(job.userId);
    if (!current || current.jobId !== job.jobId || current.status !== job.status) return { outcome: 'superseded', changed };
    const { listings, nextCursor } = await deps.store.page(job.userId, cursor, ACCOUNT_LISTINGS_BATCH);
    const toChange = listings.filter((l) => Boolean(l.ownerSuspended) !== hide);
    if (toChange.length) {
      const written = await deps.store.setHidden(job.userId, job.jobId, toChange, hide, deps.now().toISOString());
      if (written === 'superseded') return { outcome: 'superseded', changed };
      changed += toChange.length;
    }
    if (!nextCursor) {
      await deps.store.finish(job.userId, job.jobId, deps.now().toISOString());
      return { outcome: 'finished', changed };
    }
    cursor = nextCursor;
    if (deps.timeLeftMs() < CONTINUE_RESERVE_MS) {
      await deps.queue.send({ ...job, cursor, changed });
      return { outcome: 'continued', changed };
    }
  }
}
