import { RECENTLY_VIEWED_MAX, type RecentlyViewedEntry } from '../../../../shared/schemas/compare.js';
import { type Profile, assertCanWrite } from '../accounts/profiles.js';
import type { Caller } from '../caller.js';
import { type ListingBatchReader, readLiveListings } from '../listings/live-listings.js';
import { unauthenticated } from '../errors.js';
import { maskForCaller } from '../listings/mask.js';

/** One truck on a user's recently-viewed list as stored (pattern 63: one item per user). */
export interface ViewedEntry {
  listingId: string;
  viewedAt: string;
}

export interface RecentlyViewedStore {
  /** The user's list, newest first ([] when none). */
  get(userId: string): Promise<ViewedEntry[]>;
  put(userId: string, entries: ViewedEntry[], updatedAt: string): Promise<void>;
  remove(userId: string): Promise<void>;
}

export interface RecentlyViewedDeps {
  store: RecentlyViewedStore;
  reader: ListingBatchReader;
  /** The user's profile, to refuse suspended accounts' writes (null: none yet). */
  profile: (userId: string) => Promise<Pick<Profile, 'accountStatus'> | null>;
  imagesBaseUrl: string;
  now: () => Date;
}

/**
 * The stored list with `ids` (newest first) moved to the front, each seen now, cut to the last
 * RECENTLY_VIEWED_MAX trucks. Pure: the order of `ids` is kept by giving each a millisecond less.
 */
function mergeViewed(existing: readonly ViewedEntry[], ids: readonly string[], now: Date): ViewedEntry[] {
  const fresh = [...new Set(ids)].map((listingId, i) => ({ listingId, viewedAt: new Date(now.getTime() - i).toISOString() }));
  const seen = new Set(fresh.map((e) => e.listingId));
  return [...fresh, ...existing.filter((e) => !seen.has(e.listingId))].slice(0, RECENTLY_VIEWED_MAX);
}

/** PUT /api/recently-viewed: records views of `ids` (newest first) on the caller's account; answers the stored list's ids. */
export async function recordViewed(deps: RecentlyViewedDeps, caller: Caller, ids: readonly string[]): Promise<ViewedEntry[]> {
  if (caller.kind !== 'user') throw unauthenticated();
  assertCanWrite(caller, await deps.profile(caller.userId));
  const now = deps.now();
  const merged = mergeViewed(await deps.store.get(caller.userId), ids, now);
  await deps.store.put(caller.userId, merged, now.toISOString());
  return merged;
}

/**
 * GET /api/recently-viewed: the caller's list, newest first, each truck masked for the caller, read
 * in one batch; trucks no longer live come back with `listing: null`.
 */
export async function listViewed(deps: RecentlyViewedDeps, caller: Caller): Promise<RecentlyViewedEntry[]> {
  if (caller.kind !== 'user') throw unauthenticated();
  const entries = await deps.store.get(caller.userId);
  const live = await readLiveListings(
    deps.reader,
    entries.map((e) => e.listingId),
    deps.imagesBaseUrl,
  );
  return entries.map((e) => {
    const listing = live.get(e.listingId);
    return { listingId: e.listingId, viewedAt: e.viewedAt, listing: listing ? maskForCaller(listing, caller) : null };
  });
}

/** DELETE /api/recently-viewed: "Clear" (idempotent). */
export async function clearViewed(deps: RecentlyViewedDeps, caller: Caller): Promise<void> {
  if (caller.kind !== 'user') throw unauthenticated();
  assertCanWrite(caller, await deps.profile(caller.userId));
  await deps.store.remove(caller.userId);
}
