import { z } from 'zod';
import { COMPARE_MAX, LISTING_ID_PATTERN, RECENTLY_VIEWED_MAX } from '../compare-limits.js';
import type { Listing } from './listing.js';

export { RECENTLY_VIEWED_MAX } from '../compare-limits.js';

/**
 * Compare (issue 26 §2) and recently viewed (§4): the limits and the id lists both the browser
 * and the API validate with.
 */

/** A listing's API id: a ULID, or 'scraped-<id>' (the same rule as the listing routes' {id}). */
const listingIdSchema = z.string().trim().regex(LISTING_ID_PATTERN, 'must be a listing id (letters, digits, - and _; at most 64)');

/** "a,b,c" → distinct ids, in order; empty parts ignored. */
const idList = (max: number, name: string) =>
  z
    .string({ message: `${name} is required` })
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(listingIdSchema).min(1, `give at least one truck in ${name}`).max(max, `${name} may name at most ${max} trucks`));

/** GET /api/compare and the /compare page's URL: `ids=a,b,c` (1–3 distinct) and an optional postcode to measure from. */
export const compareQuerySchema = z.object({
  ids: idList(COMPARE_MAX, 'ids'),
  from: z
    .string()
    .trim()
    .max(40, 'from is too long')
    .optional()
    .transform((s) => s || undefined),
});
export type CompareQuery = z.output<typeof compareQuerySchema>;

export type SellerType = 'trade' | 'private';

/** One truck as /compare shows it: the listing (masked for the caller) and what the page derives server-side. */
export type ComparedListing = Listing & {
  /** Trade: a dealer's account, or a scraped dealer's listing; private: an individual's account (functions/src/domain/listings/seller-type.ts). */
  sellerType: SellerType;
  /** Miles from the place in `from`, when it resolved and the truck's location did too. */
  distanceMiles: number | null;
};

/** One column of GET /api/compare, in the order asked; `listing` null: sold, removed or never existed. */
export interface CompareColumn {
  id: string;
  listing: ComparedListing | null;
}

export interface CompareResponse {
  items: CompareColumn[];
  /** The place `from` resolved to ("Leeds (LS1)"), null when none was given or it was not recognised. */
  from: string | null;
}

/** PUT /api/recently-viewed: the browser's list merged into the account's, newest first. */
export const recentlyViewedBodySchema = z.object({
  ids: z.array(listingIdSchema).max(RECENTLY_VIEWED_MAX, `at most ${RECENTLY_VIEWED_MAX} trucks`),
});

/** One entry of GET /api/recently-viewed: `listing` null when it is no longer public. */
export interface RecentlyViewedEntry {
  listingId: string;
  viewedAt: string;
  listing: Listing | null;
}
