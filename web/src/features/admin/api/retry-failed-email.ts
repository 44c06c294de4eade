import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { FailedEmailRetryOutcome } from '@shared/schemas/failed-emails';
import { failedEmailsKey } from './list-failed-emails';

/** POST /api/admin/failed-emails/{id}/retry — one more attempt now; the list is re-read whatever the outcome. */
const retryFailedEmail = (id: string) =>
  apiRequest<{ outcome: FailedEmailRetryOutcome }>(`/admin/failed-emails/${encodeURIComponent(id)}/retry`, { method: 'POST' });

export function useRetryFailedEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: retryFailedEmail,
    onSettled: () => qc.invalidateQueries({ queryKey: failedEmailsKey }),
  });
}
