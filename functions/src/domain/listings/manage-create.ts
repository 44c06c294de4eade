import { type SellListing, storedPrice } from '../../../../shared/schemas/sell.js';
import { makeLabel } from '../../../../shared/values.js';
import { requireWritableProfile } from '../accounts/profiles.js';
import type { Caller } from '../caller.js';
import { DomainError, unauthenticated } from '../errors.js';
import { resolveListingImages } from './manage-images.js';
import type { ListingEvent, ManageListingDeps } from './manage-ports.js';
import type { ListingRecord } from './types.js';

/** Title built from year, make and model (spec §3); the make 'other' adds nothing. */
export function buildTitle(year: number | null, make: string | null, model: string | null): string {
  const makeText = make && make !== 'other' ? makeLabel(make) : null;
  return [year, makeText, model?.trim()].filter((p) => p !== null && p !== undefined && p !== '').join(' ') || 'Used Truck';
}

/** Publishes after the write; a failure is logged, never shown to the seller (spec §8). */
export async function publishQuietly(deps: Pick<ManageListingDeps, 'events' | 'logError'>, event: ListingEvent): Promise<void> {
  try {
    await deps.events.publish([event]);
  } catch (err) {
    deps.logError(`Publishing ${event.type} failed`, err);
  }
}

/** Listings one account may create per hour: far above any real dealer's day, far below a spam run. */
export const CREATE_LISTING_RATE_LIMIT = { scope: 'create-listing', limit: 30, windowSeconds: 3600 } as const;
export const CREATE_RATE_LIMITED_MESSAGE = 'You have listed a lot of trucks in the last hour. Please try again later.';

/** POST /api/my-listings: the Sell Your Truck form. The owner comes from the token, never the body. */
export async function createOwnerListing(deps: ManageListingDeps, caller: Caller, input: SellListing): Promise<ListingRecord> {
  if (caller.kind !== 'user') throw unauthenticated();
  const now = deps.now();
  await requireWritableProfile(deps.profiles, caller, now);
  const { images, claimed } = await resolveListingImages(deps.pendingImages, caller.userId, input.images);
  if (deps.rateLimit) {
    const limit = await deps.rateLimit({ ...CREATE_LISTING_RATE_LIMIT, key: caller.userId });
    if (!limit.allowed) throw new DomainError('RATE_LIMITED', CREATE_RATE_LIMITED_MESSAGE, { retryAfterSeconds: limit.retryAfterSeconds });
  }
  const at = now.toISOString();
  const record: ListingRecord = {
    id: deps.newId(),
    userId: caller.userId,
    title: buildTitle(input.year, input.make, input.model),
    make: input.make,
    model: input.model,
    year: input.year,
    category: input.category,
    fuelType: input.fuelType,
    transmission: input.transmission,
    mileage: input.mileage,
    engineSize: input.engineSize,
    price: storedPrice(input),
    vatStatus: input.vatStatus,
    axleConfig: input.axleConfig,
    gvwTonnes: input.gvwTonnes,
    euroStandard: input.euroStandard,
    cabType: input.cabType,
    description: input.description,
    features: input.features,
    contactName: input.contactName,
    companyName: input.companyName,
    phone: input.phone,
    email: input.email,
    location: input.location,
    postcode: input.postcode,
    images,
    status: 'active',
    createdAt: at,
    updatedAt: at,
  };
  await deps.listings.create(record);
  if (claimed.length) await deps.pendingImages.forget(caller.userId, claimed);
  await publishQuietly(deps, {
    type: 'listing.created',
    detail: { listingId: record.id, userId: record.userId, status: record.status, price: record.price, createdAt: at },
  });
  return record;
}
