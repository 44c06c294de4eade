import type { Listing } from './listing.js';

/**
 * How long a saved truck is kept after it was last saved. The FAQ promises 30 days; we keep
 * them three times as long so the promise holds even if a user never comes back to refresh it.
 */
export const SAVED_TRUCK_TTL_DAYS = 90;

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
