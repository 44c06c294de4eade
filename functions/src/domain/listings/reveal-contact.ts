import { CONTACT_REVEALS_PER_DAY, CONTACT_REVEAL_TEXTS, type ListingContact } from '../../../../shared/schemas/listing-contact.js';
import { type ProfileStore, requireWritableProfile } from '../accounts/profiles.js';
import type { Caller } from '../caller.js';
import type { DailyMarks } from '../daily-marks.js';
import { DomainError, unauthenticated } from '../errors.js';
import type { RateLimiter } from '../rate-limit.js';
import { contactOf } from './mask.js';
import { type ListingReader, readVisibleListing } from './read-listing.js';

export interface RevealContactDeps {
  listings: ListingReader;
  profiles: ProfileStore;
  marks: DailyMarks;
  rateLimit: RateLimiter;
  now: () => Date;
  imagesBaseUrl: string;
}

const CONTACT_REVEAL_SCOPE = 'contact-reveal';
const CONTACT_REVEAL_RATE_LIMIT = { scope: CONTACT_REVEAL_SCOPE, limit: CONTACT_REVEALS_PER_DAY, windowSeconds: 24 * 3600 } as const;

/**
 * POST /api/listings/{id}/contact: a seller's phone and e-mail for a signed-in, non-suspended
 * user (suspended accounts get 403), for a listing they may see (404 otherwise). Each new seller
 * listing counts towards CONTACT_REVEALS_PER_DAY (429 with a clear message past it); the same
 * listing again the same day, and the caller's own listings, are free.
 */
export async function revealListingContact(deps: RevealContactDeps, caller: Caller, id: string): Promise<ListingContact> {
  if (caller.kind !== 'user') throw unauthenticated('Please sign in to see the seller’s contact details');
  const now = deps.now();
  await requireWritableProfile(deps.profiles, caller, now);
  const full = await readVisibleListing(deps.listings, id, caller, deps.imagesBaseUrl);
  if (full.source === 'user' && full.userId === caller.userId) return contactOf(full);
  if (await deps.marks.markFirst(CONTACT_REVEAL_SCOPE, caller.userId, id, now)) {
    const limit = await deps.rateLimit({ ...CONTACT_REVEAL_RATE_LIMIT, key: caller.userId });
    if (!limit.allowed) {
      await deps.marks.unmark(CONTACT_REVEAL_SCOPE, caller.userId, id, now);
      throw new DomainError('RATE_LIMITED', CONTACT_REVEAL_TEXTS.limited, { retryAfterSeconds: limit.retryAfterSeconds });
    }
  }
  return contactOf(full);
}
