import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Listing } from '@shared/schemas/listing';
import type { SavedTruck } from '@shared/schemas/saved';
import { apiGet, apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** GET /api/saved — the signed-in user's saved trucks, newest save first (`listing: null` when no longer available). */
const listSavedTrucks = (signal?: AbortSignal) => apiGet<{ items: SavedTruck[] }>('/saved', undefined, signal).then((r) => r.items);

/** PUT /api/saved/{id} saves (or refreshes) a truck; DELETE /api/saved/{id} removes it. */
const setTruckSaved = ({ listingId, saved }: { listingId: string; saved: boolean }) =>
  apiRequest<unknown>(`/saved/${encodeURIComponent(listingId)}`, { method: saved ? 'PUT' : 'DELETE' });

/** Keyed by user, so one user's list never shows after another signs in on the same tab. */
const savedTrucksQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['saved', userId],
    queryFn: ({ signal }) => listSavedTrucks(signal),
    enabled: Boolean(userId),
    staleTime: 60_000,
  });

/** The saved list (signed-in users only; disabled otherwise). */
export function useSavedTrucks() {
  const { userId } = useAuth();
  return useQuery(savedTrucksQueryOptions(userId));
}

/** Whether one truck is saved, from the one shared saved-list query. */
export function useIsSaved(listingId: string): boolean {
  const { data } = useSavedTrucks();
  return Boolean(data?.some((s) => s.listingId === listingId));
}

/** Save / unsave, shown at once and rolled back if the API refuses. */
export function useSetTruckSaved() {
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  const key = savedTrucksQueryOptions(userId).queryKey;
  return useMutation({
    mutationFn: ({ listing, saved }: { listing: Listing | { id: string }; saved: boolean }) =>
      setTruckSaved({ listingId: listing.id, saved }),
    onMutate: async ({ listing, saved }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (items: SavedTruck[] | undefined) => {
        const rest = (items ?? []).filter((s) => s.listingId !== listing.id);
        if (!saved) return rest;
        const full = 'title' in listing ? (listing as Listing) : null;
        return [{ listingId: listing.id, savedAt: new Date().toISOString(), listing: full }, ...rest];
      });
      return { before };
    },
    onError: (_err, _vars, context) => {
      queryClient.setQueryData(key, context?.before);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['saved'] });
    },
  });
}
