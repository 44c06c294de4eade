import { requireWritableProfile } from '../accounts/profiles.js';
import type { Caller } from '../caller.js';
import { unauthenticated } from '../errors.js';
import { getOwnedListing } from './manage-access.js';
import { publishQuietly } from './manage-create.js';
import type { ManageListingDeps } from './manage-ports.js';

/**
 * DELETE /api/my-listings/{id}: removes the listing (leaving a tombstone for search), then its
 * saved-truck entries and image files. The listing is gone once the first step succeeds, so
 * a failed clean-up is logged rather than reported as a failed delete.
 */
export async function deleteOwnerListing(deps: ManageListingDeps, caller: Caller, id: string): Promise<void> {
  if (caller.kind !== 'user') throw unauthenticated();
  const now = deps.now();
  await requireWritableProfile(deps.profiles, caller, now);
  const listing = await getOwnedListing(deps.listings, caller, id);
  const deletedAt = now.toISOString();
  await deps.listings.remove(listing, deletedAt);
  const cleanUps = await Promise.allSettled([
    deps.listings.removeSavedEntries(listing.id),
    listing.images.length ? deps.imageFiles.deleteImages(listing.images.map((i) => i.key)) : Promise.resolve(),
  ]);
  for (const r of cleanUps) if (r.status === 'rejected') deps.logError(`Clean-up after deleting listing ${listing.id} failed`, r.reason);
  await publishQuietly(deps, { type: 'listing.deleted', detail: { listingId: listing.id, userId: listing.userId, deletedAt } });
}
