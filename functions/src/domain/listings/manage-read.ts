import type { Caller } from '../caller.js';
import { unauthenticated } from '../errors.js';
import { getOwnedListing } from './manage-access.js';
import type { OwnerListingStore } from './manage-ports.js';
import type { ListingRecord } from './types.js';

/** GET /api/my-listings: the caller's own listings in every status, newest first (pattern 4). */
export async function listOwnerListings(store: OwnerListingStore, caller: Caller): Promise<ListingRecord[]> {
  if (caller.kind !== 'user') throw unauthenticated();
  return store.listByOwner(caller.userId);
}

/** GET /api/my-listings/{id}: the edit page's read (404 missing, 403 someone else's). */
export const getOwnerListing = (store: OwnerListingStore, caller: Caller, id: string) => getOwnedListing(store, caller, id);
