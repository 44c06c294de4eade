import { type EditListing, storedPrice } from '../../../../shared/schemas/sell.js';
import { withPriceChange } from '../../../../shared/price-history.js';
import { requireWritableProfile } from '../accounts/profiles.js';
import type { Caller } from '../caller.js';
import { unauthenticated } from '../errors.js';
import { getOwnedListing } from './manage-access.js';
import { publishQuietly } from './manage-create.js';
import { resolveListingImages } from './manage-images.js';
import type { ManageListingDeps } from './manage-ports.js';
import type { ListingRecord } from './types.js';

/** Optional fields the edit form may leave out: absent keeps the stored value, empty clears it (spec §5). */
const KEEP_WHEN_ABSENT = [
  'fuelType',
  'transmission',
  'mileage',
  'engineSize',
  'vatStatus',
  'companyName',
  'email',
  'location',
  'postcode',
  'description',
  'features',
  'axleConfig',
  'gvwTonnes',
  'euroStandard',
  'cabType',
  'dvsStars',
  'registration',
  'showFullRegistration',
  'dvlaFields',
  'dvlaMake',
] as const;

/** PUT /api/my-listings/{id}: the Edit listing form, by the owner only. */
export async function updateOwnerListing(deps: ManageListingDeps, caller: Caller, id: string, input: EditListing): Promise<ListingRecord> {
  if (caller.kind !== 'user') throw unauthenticated();
  const now = deps.now();
  await requireWritableProfile(deps.profiles, caller, now);
  const current = await getOwnedListing(deps.listings, caller, id);
  const { images, claimed, dropped } =
    input.images === undefined
      ? { images: current.images, claimed: [], dropped: [] }
      : await resolveListingImages(deps.pendingImages, caller.userId, input.images, current.images);

  const next: ListingRecord = {
    ...current,
    title: input.title,
    make: input.make,
    model: input.model,
    year: input.year,
    category: input.category,
    price: storedPrice(input),
    contactName: input.contactName,
    phone: input.phone,
    images,
    updatedAt: now.toISOString(),
  };
  // Issue 26 §4: a price change joins the listing's history in the same write.
  next.priceChanges = withPriceChange(current.priceChanges, current.price ?? null, next.price ?? null, next.updatedAt);
  const changes = next as unknown as Record<string, unknown>;
  for (const field of KEEP_WHEN_ABSENT) {
    const value = input[field];
    if (value !== undefined) changes[field] = value;
  }
  // A new registration's checks are not known yet (the listing.updated consumer reads them).
  if ((next.registration ?? null) !== (current.registration ?? null)) {
    next.mileageConsistent = false;
    next.vehicleChecksAt = null;
  }
  await deps.listings.replace(next, current.updatedAt, claimed);
  if (dropped.length) {
    await deps.imageFiles.deleteImages(dropped).catch((err) => deps.logError('Deleting replaced listing images failed', err));
  }
  await publishQuietly(deps, {
    type: 'listing.updated',
    detail: {
      listingId: next.id,
      source: 'owner',
      userId: next.userId,
      status: next.status,
      oldPrice: current.price,
      newPrice: next.price,
      updatedAt: next.updatedAt,
    },
  });
  return next;
}
