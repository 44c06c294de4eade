import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Listing } from '@shared/schemas/listing';
import { apiGet } from '@/lib/api-client';

/** GET /api/listings/latest — the 6 newest listings for the home page. */
async function getLatestListings(signal?: AbortSignal): Promise<Listing[]> {
  const body = await apiGet<{ items: Listing[] }>('/listings/latest', undefined, signal);
  return body.items ?? [];
}

export const latestListingsQueryOptions = () =>
  queryOptions({
    queryKey: ['listings', 'latest'],
    queryFn: ({ signal }) => getLatestListings(signal),
    staleTime: 60_000,
  });

export function useLatestListings() {
  return useQuery(latestListingsQueryOptions());
}
