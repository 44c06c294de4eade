/**
 * The query parameters the page routes read on the server: the browse state of home, the category
 * pages and storefronts (web/src/features/listings/lib/browse-params.ts `parseBrowseParams`), the
 * listing page's finance calculator (web/src/components/finance/lib/calculator-state.ts `URL_KEYS`)
 * and /compare's (web/src/features/compare/api/get-compare.ts `compareUrlState`). CloudFront keeps
 * only these in a page request (infra/lib/page-query-function.ts), so `?r=<random>` cannot make
 * every request miss the cache.
 */
export const PAGE_QUERY_KEYS = [
  'q',
  'priceMin',
  'priceMax',
  'yearMin',
  'yearMax',
  'mileageMin',
  'mileageMax',
  'make',
  'category',
  'fuel',
  'transmission',
  'rating',
  'reduced',
  'mileageConsistent',
  'cleanAir',
  'location',
  'radius',
  'sort',
  'page',
  'view',
  // The listing page's finance calculator (issue 26 §3).
  'finance',
  'deposit',
  'depositIn',
  'term',
  'apr',
  'balloon',
  'vat',
  'residual',
  // A shared /compare link (issue 26 §2): the trucks and the place distances are measured from.
  'ids',
  'from',
] as const;
