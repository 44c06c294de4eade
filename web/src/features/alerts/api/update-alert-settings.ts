import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertSettingsInput, SubscriptionView } from '@shared/schemas/alerts';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** PATCH /api/alert-settings — frequency, channels, pause/resume. */
const updateAlertSettings = (input: AlertSettingsInput) =>
  apiRequest<SubscriptionView>('/alert-settings', { method: 'PATCH', body: input });

export function useUpdateAlertSettings() {
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  return useMutation({
    mutationFn: updateAlertSettings,
    onSuccess: (view) => {
      queryClient.setQueryData(['subscription', userId], view);
      void queryClient.invalidateQueries({ queryKey: ['alert-preferences'] });
    },
  });
}
