import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealerApplication, DealerApplicationInput } from '@shared/schemas/dealer';
import type { Profile } from '@shared/schemas/profile';
import { apiGet, apiRequest } from '@/lib/api-client';

/** GET /api/me — the dashboard reads the dealer state from the profile (same cache entry as the account page). */
const dashboardMeQuery = () =>
  queryOptions({ queryKey: ['me'], queryFn: ({ signal }) => apiGet<Profile>('/me', undefined, signal), staleTime: 60_000 });

export function useDashboardMe(enabled: boolean) {
  return useQuery({ ...dashboardMeQuery(), enabled });
}

/** POST /api/me/dealer-application — apply to be an approved dealer. */
const applyAsDealer = (input: DealerApplicationInput) =>
  apiRequest<{ application: DealerApplication }>('/me/dealer-application', { method: 'POST', body: input });

export function useApplyAsDealer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: applyAsDealer, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me'] }) });
}
