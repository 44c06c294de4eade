import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/my-listings/{id} — removes one of the caller's listings. */
const deleteListing = (id: string) => apiRequest<void>(`/my-listings/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['listings'] });
    },
  });
}
