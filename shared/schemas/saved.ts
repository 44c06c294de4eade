import type { Listing } from './listing.js';

/**
 * How long a saved truck is kept after it was last saved (spec §2 FAQ: 30 days). The one number
 * the FAQ, the Saved page and the DynamoDB TTL all use; GET /api/saved also leaves out entries
 * past it, since TTL deletion can lag by a day or two.
 */
export const SAVED_TRUCK_TTL_DAYS = 30;

/** One entry of GET /api/saved; `listing` is null when the truck is no longer public. */
export interface SavedTruck {
  listingId: string;
  savedAt: string;
  listing: Listing | null;
}

export const SAVED_TEXTS = {
  saved: 'Saved to your trucks.',
  removed: 'Removed from your saved trucks.',
  failed: 'Could not update your saved trucks. Please try again.',
  unavailable: 'No longer available',
} as const;
