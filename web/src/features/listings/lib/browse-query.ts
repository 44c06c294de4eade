import type { Category } from '@shared/values';
import { searchListingsQueryOptions } from '../api/search-listings';
import { parseBrowseParams, toApiQuery } from './browse-params';

/** What a page fixes in its browse section: a category page its category, a storefront its dealer (BrowseSection's props). */
interface FixedBrowse {
  fixedCategory?: Category;
  fixedDealer?: string;
}

/**
 * The query for the browse results a URL's search parameters ask for (the browse section's first
 * request). Imported on demand by home's idle prefetch and the routes' prefetch (app/prefetch.ts),
 * so the URL parser comes with the browse code, not in the first load of every page.
 */
export const browseResultsQuery = (searchParams: URLSearchParams, fixed: FixedBrowse = {}) =>
  searchListingsQueryOptions(toApiQuery(parseBrowseParams(searchParams), fixed));

/**
 * True when the URL asks for a page's default results: no search text, filter, sort or later page
 * (a `view` or an unknown parameter changes no query). Those are the results the page function
 * answers from its first screens; any other is the search function's alone.
 */
export const isDefaultBrowse = (searchParams: URLSearchParams, fixed: FixedBrowse = {}) =>
  JSON.stringify(toApiQuery(parseBrowseParams(searchParams), fixed)) ===
  JSON.stringify(toApiQuery(parseBrowseParams(new URLSearchParams()), fixed));
