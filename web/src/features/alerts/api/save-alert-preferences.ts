import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertPreferences, AlertPreferencesValues } from '@shared/schemas/alerts';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/alert-preferences — upsert the alert sign-up form. */
const saveAlertPreferences = (values: AlertPreferencesValues) =>
  apiRequest<{ preferences: AlertPreferences }>('/alert-preferences', { method: 'PUT', body: values }).then((r) => r.preferences);

export function useSaveAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlertPreferences,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['alert-preferences'] });
      void queryClient.invalidateQueries({ queryKey: ['subscription'] });
    },
  });
}
