import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { OwnerListing } from '@shared/schemas/enquiry';

/** GET /api/my-listings — the signed-in user's listings in every status, newest first, with views and enquiries. */
const listMyListings = (signal?: AbortSignal) => apiGet<{ items: OwnerListing[] }>('/my-listings', undefined, signal);

const myListingsQueryOptions = () =>
  queryOptions({ queryKey: ['my-listings', 'list'], queryFn: ({ signal }) => listMyListings(signal).then((r) => r.items), staleTime: 0 });

export const useMyListings = (enabled = true) => useQuery({ ...myListingsQueryOptions(), enabled });
