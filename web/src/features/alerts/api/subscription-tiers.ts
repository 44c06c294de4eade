import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionTier } from '@shared/schemas/alerts';
import { apiGet } from '@/lib/api-client';

/** GET /api/subscription-tiers — the plans, cheapest first. */
const listSubscriptionTiers = (signal?: AbortSignal) =>
  apiGet<{ tiers: SubscriptionTier[] }>('/subscription-tiers', undefined, signal).then((r) => r.tiers);

const subscriptionTiersQueryOptions = () =>
  queryOptions({ queryKey: ['subscription-tiers'], queryFn: ({ signal }) => listSubscriptionTiers(signal), staleTime: 5 * 60_000 });

export const useSubscriptionTiers = () => useQuery(subscriptionTiersQueryOptions());
