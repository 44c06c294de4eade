import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionView } from '@shared/schemas/alerts';
import { apiGet } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** GET /api/subscription — the signed-in user's plan and alert settings. */
const getSubscription = (signal?: AbortSignal) => apiGet<SubscriptionView>('/subscription', undefined, signal);

const subscriptionQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: ['subscription', userId], queryFn: ({ signal }) => getSubscription(signal), enabled: Boolean(userId) });

/** `refreshMs`: polls while it answers a number (TanStack Query's refetchInterval), e.g. until the plan is paid. */
export function useSubscription(refreshMs?: (view: SubscriptionView | undefined) => number | false) {
  const { userId } = useAuth();
  return useQuery({
    ...subscriptionQueryOptions(userId),
    refetchInterval: refreshMs ? (q: { state: { data?: SubscriptionView } }) => refreshMs(q.state.data) : false,
  });
}
