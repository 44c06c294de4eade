import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileInput } from '@shared/schemas/profile';
import { apiRequest } from '@/lib/api-client';

/** PATCH /api/me — the name and phone of the signed-in account. */
const updateMe = (changes: UpdateProfileInput) => apiRequest<Profile>('/me', { method: 'PATCH', body: changes });

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMe, onSuccess: (profile) => queryClient.setQueryData(['me'], profile) });
}
