import { createHash } from 'node:crypto';
import { LIMITS } from '../../../../shared/constants.js';
import {
  type Listing,
  type ListingSearchQuery,
  type ListingSearchResult,
  listingSearchQuerySchema,
} from '../../../../shared/schemas/listing.js';
import { CATEGORY_PAGES, type Category } from '../../../../shared/values.js';
import { ANONYMOUS } from '../caller.js';
import { maskForCaller } from '../listings/mask.js';
import type { SearchIndex } from './search-index.js';

/**
 * The first screens the page function renders on the server without a search index of its own
 * (docs/architecture.md, "Server-rendered first screens"): home's latest listings, the first page
 * of each category and the first page of each dealer's stock, as an anonymous visitor gets them
 * from the search function. Written by the snapshot builder beside each snapshot, from the same
 * index. The main file stays a few hundred KB; each storefront's page is an object of its own,
 * written only when its content changed.
 * Format 2: the main file lists the storefronts' objects (`dealers`).
 */
export const FIRST_SCREENS_FORMAT = 2;

export interface FirstScreens {
  format: typeof FIRST_SCREENS_FORMAT;
  /** When the index they came from was complete (the snapshot's asOf). */
  asOfMs: number;
  /** GET /api/listings/latest's body. */
  latest: { items: Listing[] };
  /** GET /api/listings?category=… (every other parameter at its default): the body per category. */
  categories: Partial<Record<Category, ListingSearchResult>>;
  /**
   * Every visible storefront by slug: the content hash of its stock's first page, as last written
   * to its own object (DealerFirstScreen). A slug not listed has no object to answer from.
   */
  dealers: Record<string, string>;
}

/** GET /api/listings?dealer={slug} (every other parameter at its default): one storefront's object. */
export interface DealerFirstScreen {
  format: typeof FIRST_SCREENS_FORMAT;
  slug: string;
  result: ListingSearchResult;
}

/** A visible storefront as the first screens need it: its slug, and the seller account whose stock it shows. */
export interface StorefrontOwner {
  slug: string;
  userId: string;
}

/** Where the files live (S3 in AWS and locally: adapters/s3/first-screens.ts). */
export interface FirstScreensStore {
  /** The latest main file, or null when none has been written (or it is of another format). */
  read(): Promise<FirstScreens | null>;
  write(screens: FirstScreens): Promise<void>;
  /** A storefront's object, or null when none has been written for it (or it is of another format). */
  readDealer(slug: string): Promise<DealerFirstScreen | null>;
  writeDealer(screen: DealerFirstScreen): Promise<void>;
}

/** A category page's first query: the category, nothing else (as the browser sends it for an unfiltered category URL). */
const categoryFirstQuery = (category: Category): ListingSearchQuery => listingSearchQuerySchema.parse({ category });

/** A storefront's first stock query: the dealer, nothing else (as the browser sends it for an unfiltered storefront URL). */
const dealerFirstQuery = (slug: string): ListingSearchQuery => listingSearchQuerySchema.parse({ dealer: slug });

const sameQuery = (a: ListingSearchQuery, b: ListingSearchQuery) => JSON.stringify(a) === JSON.stringify(b);

const masked = (items: Listing[]) => items.map((l) => maskForCaller(l, ANONYMOUS));

const contentHash = (result: ListingSearchResult) => createHash('sha256').update(JSON.stringify(result)).digest('hex').slice(0, 16);

/** What the snapshot builder writes: the main file, and the storefronts' objects whose content changed. */
export interface FirstScreensWrite {
  screens: FirstScreens;
  /** Write these before `screens`, which lists their hashes. */
  changedDealers: DealerFirstScreen[];
}

/**
 * The first screens as the index answers them now, masked for an anonymous visitor. A storefront's
 * page is the search function's answer to its default query (the index's owner filter, as
 * http/listings/search-listings.ts resolves the slug); an emptied stock is an empty page, written
 * like any change. `previous` (the main file last written) says which storefronts' objects already
 * hold their current content; a storefront no longer visible is left out of the new file.
 */
export function firstScreensOf(
  index: SearchIndex,
  asOfMs: number,
  storefronts: readonly StorefrontOwner[] = [],
  previous: FirstScreens | null = null,
): FirstScreensWrite {
  const categories: FirstScreens['categories'] = {};
  for (const { category } of CATEGORY_PAGES) {
    const result = index.search(categoryFirstQuery(category), 'anonymous');
    categories[category] = { ...result, items: masked(result.items) };
  }
  const dealers: FirstScreens['dealers'] = {};
  const changedDealers: DealerFirstScreen[] = [];
  for (const { slug, userId } of storefronts) {
    const found = index.search({ ...dealerFirstQuery(slug), ownerId: userId }, 'anonymous');
    const result = { ...found, items: masked(found.items) };
    const hash = contentHash(result);
    dealers[slug] = hash;
    if (previous?.dealers[slug] !== hash) changedDealers.push({ format: FIRST_SCREENS_FORMAT, slug, result });
  }
  const latest = { items: masked(index.latest(LIMITS.latestTrucksCount)) };
  return { screens: { format: FIRST_SCREENS_FORMAT, asOfMs, latest, categories, dealers }, changedDealers };
}

/**
 * The stored answer to a search the page function was asked for, or undefined when the main file
 * does not hold it: any filter, sort, text or page beyond a category's first is left to the
 * browser, and so is a storefront's stock (its own object: dealerFirstScreenSlug).
 */
export function firstScreenResult(screens: FirstScreens, query: ListingSearchQuery): ListingSearchResult | undefined {
  if (!query.category) return undefined;
  const stored = screens.categories[query.category];
  return stored && sameQuery(query, categoryFirstQuery(query.category)) ? stored : undefined;
}

/**
 * The storefront whose object answers `query`, or undefined: only a storefront's default stock
 * query (the dealer, nothing else) for a storefront the main file lists. Any filter, sort, text or
 * later page is left to the browser.
 */
export function dealerFirstScreenSlug(screens: FirstScreens, query: ListingSearchQuery): string | undefined {
  if (!query.dealer || !Object.hasOwn(screens.dealers, query.dealer)) return undefined;
  return sameQuery(query, dealerFirstQuery(query.dealer)) ? query.dealer : undefined;
}
