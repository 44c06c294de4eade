import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, shouldRetry } from '@/lib/api-client';
import type { Listing } from '@shared/schemas/listing';

/** GET /api/my-listings/{id} — read for editing: 404 when missing, 403 when someone else's. */
const getMyListing = (id: string, signal?: AbortSignal) => apiGet<Listing>(`/my-listings/${encodeURIComponent(id)}`, undefined, signal);

const myListingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['my-listings', 'detail', id],
    queryFn: ({ signal }) => getMyListing(id, signal),
    retry: shouldRetry,
    staleTime: 0,
  });

export const useMyListing = (id: string, enabled = true) => useQuery({ ...myListingQueryOptions(id), enabled });
