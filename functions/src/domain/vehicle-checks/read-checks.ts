import type { VehicleChecks } from '../../../../shared/schemas/vehicle-checks.js';
import { notFound } from '../errors.js';
import { TRUCK_NOT_FOUND } from '../listings/read-listing.js';
import type { ListingRecord } from '../listings/types.js';
import { checksForListing, type VehicleChecksStore } from './vehicle-checks.js';

/**
 * A public listing's checks with the verdict for its advertised mileage; null without a
 * registration or before the checks of its current registration are read. NOT_FOUND when the
 * listing is not public (active or sold).
 */
export async function vehicleChecksForListing(
  deps: { listings: { getListing(id: string): Promise<ListingRecord | null> }; checks: Pick<VehicleChecksStore, 'get'> },
  listingId: string,
): Promise<VehicleChecks | null> {
  const listing = await deps.listings.getListing(listingId);
  if (!listing || (listing.status !== 'active' && listing.status !== 'sold')) throw notFound(TRUCK_NOT_FOUND);
  if (!listing.registration) return null;
  const stored = await deps.checks.get(listing.id);
  if (!stored || stored.registration !== listing.registration) return null;
  return checksForListing(stored, listing.mileage);
}
