import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@shared/constants';
import type { SavedSearch } from '@shared/schemas/saved-searches';
import { apiGet, apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { searchListings } from './search-listings';

/** GET /api/saved-searches — the signed-in user's saved searches, newest first. */
const listSavedSearches = (signal?: AbortSignal) =>
  apiGet<{ items: SavedSearch[] }>('/saved-searches', undefined, signal).then((r) => r.items);

/** Keyed by user, so one user's list never shows after another signs in on the same tab. */
const savedSearchesQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: ['saved-searches', userId], queryFn: ({ signal }) => listSavedSearches(signal), enabled: Boolean(userId) });

export function useSavedSearches() {
  const { userId } = useAuth();
  return useQuery(savedSearchesQueryOptions(userId));
}

/** POST /api/saved-searches — saves the current browse filters under a name. */
export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; params: Record<string, string> }) =>
      apiRequest<SavedSearch>('/saved-searches', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['saved-searches'] }),
  });
}

/** DELETE /api/saved-searches/{id}. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>(`/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['saved-searches'] }),
  });
}

/** POST /api/saved-searches/{id}/seen — the user opened its results; new matches count from now. */
export const markSavedSearchSeen = (id: string) =>
  apiRequest<{ lastSeenAt: string }>(`/saved-searches/${encodeURIComponent(id)}/seen`, { method: 'POST' });

/**
 * A saved search run again: how many trucks match now, and how many of them were listed since the
 * user last opened it (counted on the newest 100; `newCapped` when all of those are new).
 */
export function useSavedSearchMatches(search: SavedSearch) {
  return useQuery({
    queryKey: ['saved-searches', 'matches', search.id, search.params, search.lastSeenAt],
    queryFn: async ({ signal }) => {
      const result = await searchListings({ ...search.params, sort: 'newest', page: 1, pageSize: LIMITS.searchMaxPageSize }, signal);
      const since = Date.parse(search.lastSeenAt);
      const fresh = result.items.filter((l) => Date.parse(l.createdAt) > since).length;
      return { total: result.total, fresh, newCapped: fresh === result.items.length && result.total > result.items.length };
    },
    staleTime: 30_000,
  });
}
