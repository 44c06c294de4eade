import { useMutation } from '@tanstack/react-query';
import type { AccountDeletionReport, DeleteAccountInput } from '@shared/schemas/account';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/me — erases the account (payment records kept); the confirmation word goes along. */
const deleteAccount = (input: DeleteAccountInput) => apiRequest<AccountDeletionReport>('/me', { method: 'DELETE', body: input });

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
