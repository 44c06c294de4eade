import { activeListingCapOf, listingCapMessage } from '../../../../shared/limits.js';
import type { Profile } from '../accounts/profiles.js';
import { DomainError } from '../errors.js';
import type { OwnerListingStore } from './manage-ports.js';

/**
 * The live-listing cap (shared/limits.ts): `adding` more live listings must keep the owner within
 * it, else a 409 that says the limit. Two creates at the same instant may both pass; the hourly
 * create limit keeps that overshoot to a handful.
 */
export async function assertRoomForListings(
  listings: Pick<OwnerListingStore, 'countLive'>,
  profile: Pick<Profile, 'userId' | 'dealerStatus' | 'listingCap'>,
  adding: number,
): Promise<{ cap: number; live: number }> {
  const cap = activeListingCapOf(profile);
  const live = await listings.countLive(profile.userId);
  if (adding > 0 && live + adding > cap) {
    throw new DomainError('CONFLICT', listingCapMessage(cap, profile.dealerStatus === 'approved'), { cap, live });
  }
  return { cap, live };
}
