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
 * (docs/architecture.md, "Server-rendered first screens"): home's latest listings and the first
 * page of each category, as an anonymous visitor gets them from the search function. Written by
 * the snapshot builder beside each snapshot, from the same index; a few hundred KB at most.
 */
export const FIRST_SCREENS_FORMAT = 1;

export interface FirstScreens {
  format: typeof FIRST_SCREENS_FORMAT;
  /** When the index they came from was complete (the snapshot's asOf). */
  asOfMs: number;
  /** GET /api/listings/latest's body. */
  latest: { items: Listing[] };
  /** GET /api/listings?category=… (every other parameter at its default): the body per category. */
  categories: Partial<Record<Category, ListingSearchResult>>;
}

/** Where the file lives (S3 in AWS and locally: adapters/s3/first-screens.ts). */
export interface FirstScreensStore {
  /** The latest file, or null when none has been written (or it is of another format). */
  read(): Promise<FirstScreens | null>;
  write(screens: FirstScreens): Promise<void>;
}

/** A category page's first query: the category, nothing else (as the browser sends it for an unfiltered category URL). */
const categoryFirstQuery = (category: Category): ListingSearchQuery => listingSearchQuerySchema.parse({ category });

const sameQuery = (a: ListingSearchQuery, b: ListingSearchQuery) => JSON.stringify(a) === JSON.stringify(b);

/** The first screens as the index answers them now, masked for an anonymous visitor. */
export function firstScreensOf(index: SearchIndex, asOfMs: number): FirstScreens {
  const masked = (items: Listing[]) => items.map((l) => maskForCaller(l, ANONYMOUS));
  const categories: FirstScreens['categories'] = {};
  for (const { category } of CATEGORY_PAGES) {
    const result = index.search(categoryFirstQuery(category), 'anonymous');
    categories[category] = { ...result, items: masked(result.items) };
  }
  return { format: FIRST_SCREENS_FORMAT, asOfMs, latest: { items: masked(index.latest(LIMITS.latestTrucksCount)) }, categories };
}

/**
 * The stored answer to a search the page function was asked for, or undefined when the file does
 * not hold it: any filter, sort, text or page beyond a category's first is left to the browser.
 */
export function firstScreenResult(screens: FirstScreens, query: ListingSearchQuery): ListingSearchResult | undefined {
  if (!query.category) return undefined;
  const stored = screens.categories[query.category];
  return stored && sameQuery(query, categoryFirstQuery(query.category)) ? stored : undefined;
}
