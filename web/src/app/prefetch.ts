import type { LoaderFunctionArgs } from 'react-router-dom';
import { latestListingsQueryOptions } from '@/features/listings/api/get-latest-listings';
import { canReadListingAsCaller, listingQueryOptions } from '@/features/listings/api/get-listing';
import { searchListingsQueryOptions } from '@/features/listings/api/search-listings';
import { parseBrowseParams, toApiQuery } from '@/features/listings/lib/browse-params';
import { queryClient } from '@/lib/query-client';
import type { Category } from '@shared/values';

/**
 * Route loaders that only start fetching (they never wait), so a page's data request goes out
 * alongside its code chunk instead of after it. The pages read the same queries from the cache.
 */
const browse = (request: Request, fixedCategory?: Category) => {
  const state = parseBrowseParams(new URL(request.url).searchParams);
  void queryClient.prefetchQuery(searchListingsQueryOptions(toApiQuery(state, { fixedCategory })));
};

export const homeLoader = ({ request }: LoaderFunctionArgs) => {
  void queryClient.prefetchQuery(latestListingsQueryOptions());
  browse(request);
  return null;
};

export const categoryLoader =
  (category: Category) =>
  ({ request }: LoaderFunctionArgs) => {
    browse(request, category);
    return null;
  };

export const listingLoader = ({ params }: LoaderFunctionArgs) => {
  if (params.id && canReadListingAsCaller()) void queryClient.prefetchQuery(listingQueryOptions(params.id));
  return null;
};
