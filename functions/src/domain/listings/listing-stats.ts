import type { ListingCounts } from '../../../../shared/schemas/enquiry.js';
import type { Listing } from '../../../../shared/schemas/listing.js';
import type { Caller } from '../caller.js';

/** Pattern 24: per-listing counters (views here; enquiries are counted when one is stored). */
export interface ListingStatsStore {
  addView(listingId: string): Promise<void>;
  /** Counters of each listing asked for; listings never viewed nor enquired about get zeros. */
  countsFor(listingIds: string[]): Promise<Map<string, ListingCounts>>;
}

/**
 * Whether a detail read counts as a view (issue 3 §5): user listings only, never their owner's
 * reads. Takes the listing as returned to the caller: anonymous callers (never the owner) get
 * it without its owner id, signed-in callers with it.
 */
export function countsAsView(listing: Pick<Listing, 'source' | 'userId'>, caller: Caller): boolean {
  if (listing.source !== 'user') return false;
  if (caller.kind === 'anonymous') return true;
  return listing.userId !== null && listing.userId !== caller.userId;
}

/** Adds the view without ever failing the read it belongs to; a failure is only logged. */
export async function countViewQuietly(
  stats: Pick<ListingStatsStore, 'addView'>,
  listing: Pick<Listing, 'id' | 'source' | 'userId'>,
  caller: Caller,
  logError: (message: string, err: unknown) => void,
): Promise<void> {
  if (!countsAsView(listing, caller)) return;
  try {
    await stats.addView(listing.id);
  } catch (err) {
    logError(`Counting a view of listing ${listing.id} failed`, err);
  }
}
