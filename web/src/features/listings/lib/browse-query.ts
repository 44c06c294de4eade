import type { Category } from '@shared/values';
import { searchListingsQueryOptions } from '../api/search-listings';
import { parseBrowseParams, toApiQuery } from './browse-params';

/**
 * The query for the browse results a URL's search parameters ask for (the browse section's first
 * request). Imported on demand by home's idle prefetch and the routes' prefetch (app/prefetch.ts),
 * so the URL parser comes with the browse code, not in the first load of every page.
 */
export const browseResultsQuery = (searchParams: URLSearchParams, fixedCategory?: Category) =>
  searchListingsQueryOptions(toApiQuery(parseBrowseParams(searchParams), { fixedCategory }));
