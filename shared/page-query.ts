/**
 * The query parameters the page routes read on the server: the browse state of home and the
 * category pages (web/src/features/listings/lib/browse-params.ts `parseBrowseParams`). No other
 * server-rendered page reads its query string. CloudFront keeps only these in a page request
 * (infra/lib/page-query-function.ts), so `?r=<random>` cannot make every request miss the cache.
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
  'mileageConsistent',
  'cleanAir',
  'location',
  'radius',
  'sort',
  'page',
  'view',
] as const;
