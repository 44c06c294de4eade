import type { Listing } from '../../../../shared/schemas/listing.js';
import { SAVED_TRUCK_TTL_DAYS, type SavedTruck } from '../../../../shared/schemas/saved.js';
import { type Profile, assertCanWrite } from '../accounts/profiles.js';
import type { Caller } from '../caller.js';
import { DomainError, unauthenticated } from '../errors.js';

/** A saved-truck entry as stored (patterns 20 and 21). */
export interface SavedEntry {
  userId: string;
  listingId: string;
  savedAt: string;
  /** Epoch seconds; DynamoDB's TTL removes the entry some time after. */
  expiresAt: number;
}

export interface SavedTruckStore {
  /** Creates or refreshes the entry (savedAt and expiry move forward). */
  put(entry: SavedEntry): Promise<void>;
  remove(userId: string, listingId: string): Promise<void>;
  /** Pattern 20: every entry of one user, in no particular order. */
  listByUser(userId: string): Promise<SavedEntry[]>;
}

export interface SavedTruckDeps {
  saved: SavedTruckStore;
  /** The listing as the caller may see it (masked), or NOT_FOUND when it is not public. */
  readListing: (id: string, caller: Caller) => Promise<Listing>;
  now: () => Date;
}

/** Expiry of a save made at `now`: SAVED_TRUCK_TTL_DAYS after the latest save, the number the FAQ and the Saved page state. */
const savedExpiry = (now: Date) => Math.floor(now.getTime() / 1000) + SAVED_TRUCK_TTL_DAYS * 24 * 3600;

const isNotFound = (err: unknown) => err instanceof DomainError && err.code === 'NOT_FOUND';

/** PUT /api/saved/{listingId}: suspended accounts write nothing (403); only a truck the caller can see may be saved; saving again refreshes it. */
export async function saveTruck(deps: SavedTruckDeps, caller: Caller, profile: Profile, listingId: string): Promise<SavedEntry> {
  if (caller.kind !== 'user') throw unauthenticated();
  assertCanWrite(caller, profile);
  const now = deps.now();
  await deps.readListing(listingId, caller);
  const entry: SavedEntry = { userId: caller.userId, listingId, savedAt: now.toISOString(), expiresAt: savedExpiry(now) };
  await deps.saved.put(entry);
  return entry;
}

/** DELETE /api/saved/{listingId}: idempotent. */
export async function unsaveTruck(deps: SavedTruckDeps, caller: Caller, profile: Profile, listingId: string): Promise<void> {
  if (caller.kind !== 'user') throw unauthenticated();
  assertCanWrite(caller, profile);
  await deps.saved.remove(caller.userId, listingId);
}

/**
 * GET /api/saved: the caller's saved trucks, newest save first, each masked for the caller.
 * Entries past their expiry are left out (TTL deletion lags); trucks no longer public come back
 * with `listing: null` so the page can say so and offer to remove them.
 */
export async function listSavedTrucks(deps: SavedTruckDeps, caller: Caller): Promise<SavedTruck[]> {
  if (caller.kind !== 'user') throw unauthenticated();
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  const entries = (await deps.saved.listByUser(caller.userId))
    .filter((e) => e.expiresAt >= nowSeconds)
    .sort((a, b) => (a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : 0));
  return Promise.all(
    entries.map(async (e): Promise<SavedTruck> => {
      try {
        return { listingId: e.listingId, savedAt: e.savedAt, listing: await deps.readListing(e.listingId, caller) };
      } catch (err) {
        if (isNotFound(err)) return { listingId: e.listingId, savedAt: e.savedAt, listing: null };
        throw err;
      }
    }),
  );
}
