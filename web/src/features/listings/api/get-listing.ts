import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Listing } from '@shared/schemas/listing';
import { apiGet } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { getAuthSnapshot, hasStoredSession } from '@/lib/auth-store';

/** GET /api/listings/{id} — one listing (404 when it doesn't exist or isn't public). */
function getListing(id: string, signal?: AbortSignal): Promise<Listing> {
  return apiGet<Listing>(`/listings/${encodeURIComponent(id)}`, undefined, signal);
}

export const listingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['listings', 'detail', id],
    queryFn: ({ signal }) => getListing(id, signal),
    staleTime: 60_000,
    // A failed prefetch (route loader) already retried; don't fetch a missing truck twice.
    retryOnMount: false,
  });

/**
 * False while a stored session is still being restored: a request then would go out anonymous
 * (contacts masked, and counted as a stranger's view), only to be repeated once signed in.
 */
export const canReadListingAsCaller = () => getAuthSnapshot().ready || !hasStoredSession();

export function useListing(id: string) {
  const { ready } = useAuth();
  return useQuery({ ...listingQueryOptions(id), enabled: ready || !hasStoredSession() });
}
