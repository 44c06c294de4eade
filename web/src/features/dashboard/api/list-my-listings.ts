import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { Listing } from '@shared/schemas/listing';

/** GET /api/my-listings — the signed-in user's listings in every status, newest first. */
export const listMyListings = (signal?: AbortSignal) => apiGet<{ items: Listing[] }>('/my-listings', undefined, signal);

export const myListingsQueryOptions = () =>
  queryOptions({ queryKey: ['my-listings', 'list'], queryFn: ({ signal }) => listMyListings(signal).then((r) => r.items), staleTime: 0 });

export const useMyListings = (enabled = true) => useQuery({ ...myListingsQueryOptions(), enabled });
