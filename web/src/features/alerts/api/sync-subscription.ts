import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionView } from '@shared/schemas/alerts';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** POST /api/subscription/sync (check-subscription) — asks the server to re-read the plan from Stripe. */
const syncSubscription = () => apiRequest<SubscriptionView>('/subscription/sync', { method: 'POST', body: {} });

export function useSyncSubscription() {
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  return useMutation({
    mutationFn: syncSubscription,
    onSuccess: (view) => queryClient.setQueryData(['subscription', userId], view),
  });
}
