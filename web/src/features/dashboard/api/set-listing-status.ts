import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Listing } from '@shared/schemas/listing';
import type { OwnerStatusInput } from '@shared/schemas/sell';

/** PATCH /api/my-listings/{id}/status — the owner's Activate / Deactivate. */
const setListingStatus = ({ id, status }: { id: string } & OwnerStatusInput) =>
  apiRequest<Listing>(`/my-listings/${encodeURIComponent(id)}/status`, { method: 'PATCH', body: { status } });

export function useSetListingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setListingStatus,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['my-listings'] });
      void queryClient.invalidateQueries({ queryKey: ['listings'] });
    },
  });
}
