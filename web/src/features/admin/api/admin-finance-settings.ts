import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FinanceSettings, StoredFinanceSettings } from '@shared/schemas/finance';
import { apiRequest } from '@/lib/api-client';
import { financeSettingsQuery } from '@/components/finance/api/get-finance-settings';

/** Under the admin area's keys, so signing out of admin clears it. */
const key = ['admin', 'finance-settings'] as const;

/** GET /api/admin/finance-settings */
export const useAdminFinanceSettings = () =>
  useQuery({ queryKey: key, queryFn: () => apiRequest<StoredFinanceSettings>('/admin/finance-settings') });

/** PUT /api/admin/finance-settings — then the admin view and the site's copy are read again. */
export function useSaveFinanceSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: FinanceSettings) =>
      apiRequest<StoredFinanceSettings>('/admin/finance-settings', { method: 'PUT', body: settings }),
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: key }), qc.invalidateQueries({ queryKey: financeSettingsQuery.queryKey })]),
  });
}
