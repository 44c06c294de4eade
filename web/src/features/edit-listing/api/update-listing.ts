import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Listing } from '@shared/schemas/listing';
import type { EditListingInput } from '@shared/schemas/sell';

/** PUT /api/my-listings/{id} — saves the edit form (fields left out keep their stored values). */
const updateListing = ({ id, body }: { id: string; body: EditListingInput }) =>
  apiRequest<Listing>(`/my-listings/${encodeURIComponent(id)}`, { method: 'PUT', body });

export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListing,
    onSuccess: (listing) => {
      queryClient.setQueryData(['my-listings', 'detail', listing.id], listing);
      void queryClient.invalidateQueries({ queryKey: ['my-listings', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['listings'] });
    },
  });
}
