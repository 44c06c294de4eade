import { describe, expect, it } from 'vitest';
import type { ListingRecord } from '../listings/types.js';
import { syncAccountListings } from './account-listings.js';
import type { AccountListingsJob, AccountListingsStore } from './ports.js';

/** An in-memory profile and listings; `onBatch` runs before each batch is written (a status change racing the job). */
function fakeStore(count: number) {
  const profile = { jobId: 'job-1' as string | null, status: 'suspended' as 'active' | 'suspended', sync: 'hiding' as string | null };
  const listings = Array.from({ length: count }, (_, i) => ({ id: `l${String(i).padStart(4, '0')}`, updatedAt: 't0' }) as ListingRecord);
  const sent: AccountListingsJob[] = [];
  let onBatch = () => {};
  const store: AccountListingsStore = {
    currentJob: async () => ({ jobId: profile.jobId, status: profile.status }),
    page: async (_u, cursor, limit) => {
      const from = cursor ? Number(cursor) : 0;
      const next = from + limit;
      return { listings: listings.slice(from, next).map((l) => ({ ...l })), nextCursor: next < listings.length ? String(next) : null };
    },
    setHidden: async (_u, jobId, batch, hidden, at) => {
      onBatch();
      if (profile.jobId !== jobId) return 'superseded';
      for (const b of batch) {
        const l = listings.find((x) => x.id === b.id) as ListingRecord;
        l.updatedAt = at;
        if (hidden) l.ownerSuspended = true;
        else delete l.ownerSuspended;
      }
      return 'written';
    },
    finish: async (_u, jobId) => {
      if (profile.jobId === jobId) profile.sync = null;
    },
  };
  return { store, profile, listings, sent, setOnBatch: (f: () => void) => (onBatch = f) };
}

/** The job's batch size, stated here rather than imported, so a change to it is seen. */
const ACCOUNT_LISTINGS_BATCH = 25;

const deps = (f: ReturnType<typeof fakeStore>, timeLeftMs = () => 100_000) => ({
  store: f.store,
  queue: { send: async (job: AccountListingsJob) => void f.sent.push(job) },
  now: () => new Date('2026-11-28T10:00:00Z'),
  timeLeftMs,
});
const job: AccountListingsJob = { userId: 'u1', jobId: 'job-1', status: 'suspended' };

describe('the account-listings job', () => {
  it('hides every listing of a suspended account in batches, then clears the marker', async () => {
    // Prepare
    const f = fakeStore(450);
    // Act
    const result = await syncAccountListings(deps(f), job);
    // Assess
    expect(result).toEqual({ outcome: 'finished', changed: 450 });
    expect(f.listings.every((l) => l.ownerSuspended)).toBe(true);
    expect(f.profile.sync).toBeNull();
  });

  it('near its timeout queues the rest with a cursor, and the continuation finishes the job', async () => {
    // Prepare: time for two batches only.
    const f = fakeStore(450);
    let batches = 0;
    f.setOnBatch(() => batches++);
    // Act
    const first = await syncAccountListings(
      deps(f, () => (batches >= 2 ? 1_000 : 100_000)),
      job,
    );
    // Assess
    expect(first).toEqual({ outcome: 'continued', changed: 2 * ACCOUNT_LISTINGS_BATCH });
    expect(f.sent).toEqual([{ ...job, cursor: String(2 * ACCOUNT_LISTINGS_BATCH), changed: 2 * ACCOUNT_LISTINGS_BATCH }]);
    expect(f.profile.sync).toBe('hiding');
    const rest = await syncAccountListings(deps(f), f.sent[0]);
    expect(rest).toEqual({ outcome: 'finished', changed: 450 });
    expect(f.listings.every((l) => l.ownerSuspended)).toBe(true);
  });

  it('run again (a redelivery), it changes nothing more and still finishes', async () => {
    const f = fakeStore(60);
    await syncAccountListings(deps(f), job);
    const stamps = f.listings.map((l) => l.updatedAt);
    expect(await syncAccountListings(deps(f), job)).toEqual({ outcome: 'finished', changed: 0 });
    expect(f.listings.map((l) => l.updatedAt)).toEqual(stamps);
  });

  it('stops when a reactivation supersedes it, and the reactivation’s job shows every listing', async () => {
    // Prepare: a reactivation lands while the suspension's third batch is being written.
    const f = fakeStore(200);
    let batches = 0;
    f.setOnBatch(() => {
      if (++batches === 3) Object.assign(f.profile, { jobId: 'job-2', status: 'active', sync: 'showing' });
    });
    // Act
    const hidden = await syncAccountListings(deps(f), job);
    const shown = await syncAccountListings(deps(f), { userId: 'u1', jobId: 'job-2', status: 'active' });
    // Assess
    expect(hidden).toEqual({ outcome: 'superseded', changed: 2 * ACCOUNT_LISTINGS_BATCH });
    expect(shown).toEqual({ outcome: 'finished', changed: 2 * ACCOUNT_LISTINGS_BATCH });
    expect(f.listings.some((l) => l.ownerSuspended)).toBe(false);
    expect(f.profile.sync).toBeNull();
  });

  it('a job whose status change is no longer the latest does nothing', async () => {
    const f = fakeStore(30);
    f.profile.jobId = 'job-9';
    expect(await syncAccountListings(deps(f), job)).toEqual({ outcome: 'superseded', changed: 0 });
    expect(f.listings.some((l) => l.ownerSuspended)).toBe(false);
  });
});
