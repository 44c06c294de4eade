import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicFinanceSettings } from '@shared/schemas/finance';
import { apiGet } from '@/lib/api-client';

/** GET /api/finance — the settings the calculator and the cards use; `settings` is null while finance is off. */
const getFinanceSettings = (signal?: AbortSignal) => apiGet<{ settings: PublicFinanceSettings }>('/finance', undefined, signal);

export const financeSettingsQuery = queryOptions({
  queryKey: ['finance-settings'],
  queryFn: ({ signal }) => getFinanceSettings(signal),
  staleTime: 5 * 60_000,
  retry: 1,
});

/** The settings, or null while loading, on failure or while finance is off: then no monthly figure shows anywhere. */
export function useFinanceSettings(): PublicFinanceSettings {
  return useQuery(financeSettingsQuery).data?.settings ?? null;
}
