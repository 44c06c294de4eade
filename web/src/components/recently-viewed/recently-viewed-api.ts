import { queryOptions } from '@tanstack/react-query';
import type { RecentlyViewedEntry } from '@shared/schemas/compare';
import { apiGet, apiRequest } from '@/lib/api-client';

/** GET /api/recently-viewed — the signed-in user's last 12, newest first (`listing: null` when no longer live). */
const listRecentlyViewed = (signal?: AbortSignal) =>
  apiGet<{ items: RecentlyViewedEntry[] }>('/recently-viewed', undefined, signal).then((r) => r.items);

/** PUT /api/recently-viewed — records views on the account (ids newest first). */
export const recordRecentlyViewed = (ids: string[]) => apiRequest<{ ids: string[] }>('/recently-viewed', { method: 'PUT', body: { ids } });

/** DELETE /api/recently-viewed — "Clear". */
export const clearRecentlyViewed = () => apiRequest<void>('/recently-viewed', { method: 'DELETE' });

/** Keyed by user, so one account's list never shows after another signs in on the same tab. */
export const recentlyViewedQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['recently-viewed', userId],
    queryFn: ({ signal }) => listRecentlyViewed(signal),
    enabled: Boolean(userId),
    staleTime: 30_000,
  });
