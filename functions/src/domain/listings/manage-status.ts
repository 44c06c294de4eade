import { requireWritableProfile } from '../accounts/profiles.js';
import type { Caller } from '../caller.js';
import { DomainError, unauthenticated } from '../errors.js';
import { assertRoomForListings } from './listing-cap.js';
import { getOwnedListing } from './manage-access.js';
import { publishQuietly } from './manage-create.js';
import type { ManageListingDeps } from './manage-ports.js';
import type { ListingRecord } from './types.js';

/**
 * PATCH /api/my-listings/{id}/status — the owner's toggle (spec §4): an active listing becomes
 * inactive ('Deactivate'); a listing in any other status becomes active ('Activate').
 * Asking for the status it already has changes nothing.
 */
export async function setOwnerListingStatus(
  deps: ManageListingDeps,
  caller: Caller,
  id: string,
  status: 'active' | 'inactive',
): Promise<ListingRecord> {
  if (caller.kind !== 'user') throw unauthenticated();
  const now = deps.now();
  const profile = await requireWritableProfile(deps.profiles, caller, now);
  const current = await getOwnedListing(deps.listings, caller, id);
  if (current.status === status) return current;
  if (current.pendingImportId) {
    throw new DomainError('CONFLICT', 'This listing is part of your first stock import, which TruckYard staff are reviewing.');
  }
  if (current.statusSetByStaff) {
    throw new DomainError('CONFLICT', `Marked ${current.status} by TruckYard staff — contact us`);
  }
  if (status === 'inactive' && current.status !== 'active') {
    throw new DomainError('CONFLICT', `Only an active listing can be deactivated; this one is ${current.status}`);
  }
  // Activating one makes one more live listing (a pending one is already counted).
  if (status === 'active' && current.status !== 'pending') await assertRoomForListings(deps.listings, profile, 1);
  const next: ListingRecord = { ...current, status, updatedAt: now.toISOString() };
  await deps.listings.replace(next, current.updatedAt, [], current.status);
  await publishQuietly(deps, {
    type: 'listing.updated',
    detail: {
      listingId: next.id,
      source: 'owner',
      userId: next.userId,
      status: next.status,
      oldStatus: current.status,
      oldPrice: current.price,
      newPrice: next.price,
      updatedAt: next.updatedAt,
    },
  });
  return next;
}
