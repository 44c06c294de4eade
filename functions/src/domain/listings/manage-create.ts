import { type SellListing, storedPrice } from '../../../../shared/schemas/sell.js';
import { makeLabel } from '../../../../shared/values.js';
import { requireWritableProfile } from '../accounts/profiles.js';
import type { Caller } from '../caller.js';
import { DomainError, notFound, unauthenticated } from '../errors.js';
import { assertRoomForListings } from './listing-cap.js';
import { resolveListingImages } from './manage-images.js';
import { IdempotentReplay, type ListingEvent, type ManageListingDeps } from './manage-ports.js';
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
const CREATE_LISTING_RATE_LIMIT = { scope: 'create-listing', limit: 30, windowSeconds: 3600 } as const;
const CREATE_RATE_LIMITED_MESSAGE = 'You have listed a lot of trucks in the last hour. Please try again later.';

/** The listing an earlier create with the same Idempotency-Key made (it is the caller's own). */
async function replayed(deps: ManageListingDeps, listingId: string): Promise<ListingRecord> {
  const existing = await deps.listings.get(listingId);
  // Made and deleted since: the key's work is done, and nothing new is made for it.
  if (!existing) throw notFound('The listing made by this request no longer exists');
  return existing;
}

/**
 * POST /api/my-listings: the Sell Your Truck form. The owner comes from the token, never the body.
 * With an Idempotency-Key (the web sends one per form submission), a retry after a lost answer
 * returns the listing the first attempt made instead of making a second one.
 */
export async function createOwnerListing(
  deps: ManageListingDeps,
  caller: Caller,
  input: SellListing,
  opts: { idempotencyKey?: string } = {},
): Promise<ListingRecord> {
  if (caller.kind !== 'user') throw unauthenticated();
  const now = deps.now();
  const profile = await requireWritableProfile(deps.profiles, caller, now);
  if (opts.idempotencyKey) {
    const earlier = await deps.listings.findByIdempotencyKey(caller.userId, opts.idempotencyKey);
    if (earlier) return replayed(deps, earlier);
  }
  await assertRoomForListings(deps.listings, profile, 1);
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
    dvsStars: input.dvsStars,
    registration: input.registration,
    showFullRegistration: input.showFullRegistration,
    dvlaFields: input.dvlaFields,
    dvlaMake: input.dvlaMake,
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
  try {
    // The image claim and the key are in the listing's own transaction: never half-written.
    await deps.listings.create(record, { claimedImageKeys: claimed, idempotencyKey: opts.idempotencyKey });
  } catch (err) {
    if (err instanceof IdempotentReplay) return replayed(deps, err.listingId);
    throw err;
  }
  await publishQuietly(deps, {
    type: 'listing.created',
    detail: { listingId: record.id, userId: record.userId, status: record.status, price: record.price, createdAt: at },
  });
  return record;
}
