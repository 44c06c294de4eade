import type { ListingCounts } from '../../../../shared/schemas/enquiry.js';
import type { Listing } from '../../../../shared/schemas/listing.js';
import { ANONYMOUS, type Caller } from '../caller.js';
import type { DailyMarks } from '../daily-marks.js';
import { type ListingReader, isVisibleTo } from './read-listing.js';
import { scrapedIdOf } from './to-listing.js';

/** Pattern 24: per-listing counters (views here; enquiries are counted when one is stored). */
export interface ListingStatsStore {
  addView(listingId: string): Promise<void>;
  /** Counters of each listing asked for; listings never viewed nor enquired about get zeros. */
  countsFor(listingIds: string[]): Promise<Map<string, ListingCounts>>;
}

/**
 * Whether a shown detail page counts as a view (issue 3 §5): user listings only, never their
 * owner's. Anonymous callers are never the owner.
 */
function countsAsView(listing: Pick<Listing, 'source' | 'userId'>, caller: Caller): boolean {
  if (listing.source !== 'user') return false;
  if (caller.kind === 'anonymous') return true;
  return listing.userId !== null && listing.userId !== caller.userId;
}

const VIEW_MARK_SCOPE = 'view';

/**
 * Who a view is counted for, once per listing per day: the signed-in user, else the client
 * address (a hash of it, so the table never holds addresses).
 */
export function viewerKey(caller: Caller, clientKey: string): string {
  return caller.kind === 'user' ? `user:${caller.userId}` : `ip:${clientKey}`;
}

/**
 * POST /api/listings/{id}/views: counts one shown detail page of a publicly visible user listing
 * (not the owner's), at most once per viewer per listing per day (pattern 51), so reloading or
 * scripting the endpoint does not inflate a seller's figures. Never throws: a missing listing
 * counts nothing, a failure is only logged.
 */
export async function recordViewQuietly(
  reader: Pick<ListingReader, 'getListing'>,
  stats: Pick<ListingStatsStore, 'addView'>,
  listingId: string,
  caller: Caller,
  logError: (message: string, err: unknown) => void,
  viewer?: { marks: DailyMarks; key: string; now: Date },
): Promise<void> {
  if (scrapedIdOf(listingId) !== null) return;
  try {
    const record = await reader.getListing(listingId);
    if (!record || !isVisibleTo(record, ANONYMOUS)) return;
    if (!countsAsView({ source: 'user', userId: record.userId }, caller)) return;
    if (viewer && !(await viewer.marks.markFirst(VIEW_MARK_SCOPE, viewer.key, record.id, viewer.now))) return;
    await stats.addView(record.id);
  } catch (err) {
    logError(`Counting a view of listing ${listingId} failed`, err);
  }
}
