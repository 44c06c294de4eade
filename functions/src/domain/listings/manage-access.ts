import type { Caller } from '../caller.js';
import { forbidden, notFound, unauthenticated } from '../errors.js';
import type { OwnerListingStore } from './manage-ports.js';
import type { ListingRecord } from './types.js';

export const TRUCK_NOT_FOUND = 'Truck not found';
const NOT_OWNER = "You don't have permission to edit this truck";

/**
 * The listing, if the caller owns it: missing is 404, someone else's is 403. Admins get no
 * extra power here (they have their own endpoints), whatever the browser sends.
 */
export async function getOwnedListing(store: OwnerListingStore, caller: Caller, id: string): Promise<ListingRecord> {
  if (caller.kind !== 'user') throw unauthenticated();
  const listing = await store.get(id);
  if (!listing) throw notFound(TRUCK_NOT_FOUND);
  if (listing.userId !== caller.userId) throw forbidden(NOT_OWNER);
  return listing;
}
