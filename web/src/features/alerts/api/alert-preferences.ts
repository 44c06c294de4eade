import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertPreferences } from '@shared/schemas/alerts';
import { apiGet } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** GET /api/alert-preferences — the signed-in user's saved preferences, or null. */
const getAlertPreferences = (signal?: AbortSignal) =>
  apiGet<{ preferences: AlertPreferences | null }>('/alert-preferences', undefined, signal).then((r) => r.preferences);

/** Keyed by user, so one user's preferences never show after another signs in on the same tab. */
const alertPreferencesQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['alert-preferences', userId],
    queryFn: ({ signal }) => getAlertPreferences(signal),
    enabled: Boolean(userId),
  });

export function useAlertPreferences() {
  const { userId } = useAuth();
  return useQuery(alertPreferencesQueryOptions(userId));
}
