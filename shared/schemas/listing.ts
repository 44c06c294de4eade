import { z } from 'zod';
import { text } from './text.js';
import { CLEAN_AIR_ZONE_IDS } from '../compliance/compliance.js';
import { LIMITS, SORT_VALUES } from '../constants.js';
import type { PriceBand, PriceRating } from '../pricing.js';
import type { PriceChange } from '../price-history.js';
import {
  type Category,
  type Fuel,
  type Make,
  type Transmission,
  CATEGORY_VALUES,
  FUEL_VALUES,
  MAKE_VALUES,
  TRANSMISSION_VALUES,
} from '../values.js';
import type { AxleConfig, CabType, EuroStandard, ListingStatus, VatStatus } from '../listing-options.js';

export interface ListingImage {
  /** Storage key prefix of the image (variants live under it). */
  key: string;
  /** Default URL (800 px wide WebP, or the only URL for external images). */
  url: string;
  /** Small URL for cards (400 px). */
  thumbUrl: string;
  /** srcset for the gallery: "url 400w, url 800w, url 1600w". */
  srcSet: string;
  width: number;
  height: number;
}

/** A listing as the API returns it: user listings and scraped listings share this shape. */
export interface Listing {
  /** User listings: a ULID. Scraped listings: 'scraped-<id>' (namespaced, so /truck/{id} opens both). */
  id: string;
  source: 'user' | 'scraped';
  /** The seller is an approved dealer (issue 23; not the spec's 'Verified Listing'). Only the detail read sets it. */
  sellerApprovedDealer?: boolean;
  /** "Trade seller" (a dealer account, or a scraped dealer listing) or "Private seller" (issue 26). Only the detail read sets it. */
  sellerType?: 'trade' | 'private';
  /** The dealer's storefront slug (/dealers/{slug}); null or absent without one. Only the detail read sets it. */
  sellerStorefront?: string | null;
  /** Owner; null for scraped listings and for anonymous callers. */
  userId: string | null;
  title: string;
  make: Make | null;
  model: string | null;
  year: number | null;
  category: Category | null;
  fuelType: Fuel | null;
  transmission: Transmission | null;
  mileage: number | null;
  /** Litres, as text ("12.8"). */
  engineSize: string | null;
  /** Pounds, excluding VAT where vatStatus is plus_vat. 0 means unknown: shown as POA. */
  price: number;
  vatStatus: VatStatus | null;
  axleConfig: AxleConfig | null;
  gvwTonnes: number | null;
  euroStandard: EuroStandard | null;
  cabType: CabType | null;
  description: string | null;
  features: string[] | null;
  contactName: string | null;
  companyName: string | null;
  phone: string | null;
  email: string | null;
  location: string | null;
  postcode: string | null;
  images: ListingImage[];
  status: ListingStatus;
  /** Staff set this status (sold, expired…): the owner's dashboard says so instead of offering Activate. */
  statusSetByStaff?: boolean;
  createdAt: string;
  updatedAt: string;
  /** Scraped listings only: the site it was collected from, and its page there. */
  sourceWebsite: string | null;
  sourceUrl: string | null;
  /** Present on search results when a postcode location was given. */
  distanceMiles?: number | null;
  /** London Direct Vision Standard star rating (0–5) when the seller gives it; HGVs over 12 t only. */
  dvsStars?: number | null;
  /**
   * UK registration mark (issue 27 §1): in full ("AB12CDE") to signed-in callers and where the
   * seller chose to show it; otherwise masked by the server to its first 4 characters ("AB12 •••").
   * Null for listings without one and for scraped listings.
   */
  registration?: string | null;
  showFullRegistration?: boolean;
  /** The fields the seller took from the DVLA look-up. */
  dvlaFields?: string[];
  dvlaMake?: string | null;
  /** Card badge and browse filter (issue 27 §3): the mileage verdict of the listing's checks is "consistent". */
  mileageConsistent?: boolean;
  /**
   * Search result cards: the fair-price band from the current price model (server-side, the
   * search index); null with too few comparables or POA. Absent where not computed.
   */
  priceBand?: PriceBand | null;
  /** The detail page (GET /api/listings/{id}): the full rating and its explanation; null as above. */
  priceRating?: PriceRating | null;
  /** Every change of asking price, oldest first (shared/price-history.ts); the detail read only, not cards. */
  priceChanges?: PriceChange[];
  /** The latest cut (cards' "Reduced" badge, the listing page's "Reduced by …"); null when never cut. */
  lastPriceCut?: PriceChange | null;
}

const csvList = <T extends [string, ...string[]]>(values: T) =>
  z
    .string()
    .optional()
    .transform((s) =>
      s
        ? s
            .split(',')
            .map((v) => v.trim().toLowerCase())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.enum(values, { message: `must be one of: ${values.join(', ')}` })));

const optionalInt = (name: string, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((s) => (s === undefined || s.trim() === '' ? undefined : s.trim()))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, `${name} must be a whole number`)
        .transform(Number)
        .pipe(z.number().int().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`))
        .optional(),
    );

/**
 * Browse query, as it appears in the URL and the API's query string.
 * Absent bounds mean "no limit" (the slider end-points).
 */
export const listingSearchQuerySchema = z
  .object({
    q: text({ label: 'Search text' })
      .trim()
      .max(LIMITS.maxSearchTextLength, 'search text is too long')
      .optional()
      .transform((s) => s || undefined),
    category: z
      .string()
      .optional()
      .transform((s) => (s ? s.trim().toLowerCase() : undefined))
      .pipe(z.enum(CATEGORY_VALUES, { message: `category must be one of: ${CATEGORY_VALUES.join(', ')}` }).optional()),
    make: z
      .string()
      .optional()
      .transform((s) => (s ? s.trim().toLowerCase() : undefined))
      .pipe(z.enum(MAKE_VALUES, { message: `make must be one of: ${MAKE_VALUES.join(', ')}` }).optional()),
    fuel: csvList(FUEL_VALUES),
    transmission: csvList(TRANSMISSION_VALUES),
    /** Fair-price band or better ("great", "good", "fair"). */
    rating: z
      .string()
      .optional()
      .transform((s) => (s ? s.trim().toLowerCase() : undefined))
      .pipe(z.enum(['great', 'good', 'fair'], { message: 'rating must be one of: great, good, fair' }).optional()),
    /** "No clean-air charges in": zone ids (shared/compliance/zones.ts); a listing must enter every one free. */
    cleanAir: csvList(CLEAN_AIR_ZONE_IDS as [string, ...string[]]),
    /** "Mileage consistent" (issue 27): only listings whose annual-test readings bear out the mileage. `true` or absent. */
    mileageConsistent: z
      .string()
      .optional()
      .transform((s) => (s ? s.trim().toLowerCase() : undefined))
      .pipe(z.enum(['true', 'false'], { message: 'mileageConsistent must be true or false' }).optional())
      .transform((s) => s === 'true'),
    /** "Recently reduced" (issue 26 §4): only listings whose price was cut in the last 14 UK days. `true` or absent. */
    reduced: z
      .string()
      .optional()
      .transform((s) => (s ? s.trim().toLowerCase() : undefined))
      .pipe(z.enum(['true', 'false'], { message: 'reduced must be true or false' }).optional())
      .transform((s) => s === 'true'),
    /** A dealer's stock (issue 26 §1): the storefront's slug; the search function finds the seller. */
    dealer: z
      .string()
      .trim()
      .max(90, 'dealer is too long')
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'dealer must be a storefront address')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    location: z
      .string()
      .trim()
      .max(100, 'location is too long')
      .optional()
      .transform((s) => s || undefined),
    radius: optionalInt('radius', 1, 1000),
    priceMin: optionalInt('priceMin', 0, 100_000_000),
    priceMax: optionalInt('priceMax', 0, 100_000_000),
    yearMin: optionalInt('yearMin', 1900, 2100),
    yearMax: optionalInt('yearMax', 1900, 2100),
    mileageMin: optionalInt('mileageMin', 0, 100_000_000),
    mileageMax: optionalInt('mileageMax', 0, 100_000_000),
    sort: z
      .string()
      .optional()
      .transform((s) => s || 'relevance')
      .pipe(z.enum(SORT_VALUES, { message: `sort must be one of: ${SORT_VALUES.join(', ')}` })),
    page: optionalInt('page', 1, 100_000).transform((n) => n ?? 1),
    pageSize: optionalInt('pageSize', 1, LIMITS.searchMaxPageSize).transform((n) => n ?? LIMITS.searchPageSize),
  })
  .superRefine((q, ctx) => {
    const pairs = [
      ['priceMin', 'priceMax'],
      ['yearMin', 'yearMax'],
      ['mileageMin', 'mileageMax'],
    ] as const;
    for (const [lo, hi] of pairs) {
      const a = q[lo];
      const b = q[hi];
      if (a !== undefined && b !== undefined && a > b) {
        ctx.addIssue({ code: 'custom', path: [lo], message: `${lo} must not be greater than ${hi}` });
      }
    }
  });

export type ListingSearchQuery = z.output<typeof listingSearchQuerySchema>;

export type FacetCounts = Record<string, number>;

export interface ListingSearchResult {
  items: Listing[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  /** Counts per value for the current filter; each facet ignores its own selection (so other choices stay visible). */
  facets: {
    make: FacetCounts;
    category: FacetCounts;
    fuelType: FacetCounts;
    transmission: FacetCounts;
  };
  /** When `location` was a UK postcode or district: where it was placed and the radius used. */
  near: { outcode: string; label: string; radiusMiles: number } | null;
  /** When words found nothing: the nearest spelling that finds something ("scannia" → "scania"). */
  didYouMean?: string | null;
}

/** One suggestion as the buyer types (GET /api/listings/suggest). */
export interface SearchSuggestion {
  kind: 'make' | 'model' | 'category' | 'place';
  /** What the search box shows and searches for. */
  text: string;
  /** Active listings it finds. */
  count: number;
}

export const suggestQuerySchema = z.object({
  q: z.string().trim().min(1, 'q is required').max(LIMITS.maxSearchTextLength, 'search text is too long'),
});

/** Error body every API endpoint returns on failure. */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown };
}
