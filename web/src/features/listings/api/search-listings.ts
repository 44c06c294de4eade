import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingSearchResult } from '@shared/schemas/listing';
import { apiGet, type QueryValue } from '@/lib/api-client';

/** GET /api/listings — one page of browse results with facet counts. */
export function searchListings(query: Record<string, QueryValue>, signal?: AbortSignal): Promise<ListingSearchResult> {
  return apiGet<ListingSearchResult>('/listings', query, signal);
}

export const searchListingsQueryOptions = (query: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: ['listings', 'search', query],
    queryFn: ({ signal }) => searchListings(query, signal),
    // Keep showing the last page while the next one loads, so paging and filtering don't flash.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useSearchListings(query: Record<string, QueryValue>) {
  return useQuery(searchListingsQueryOptions(query));
}
