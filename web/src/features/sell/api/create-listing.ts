import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Listing } from '@shared/schemas/listing';
import type { SellListingInput } from '@shared/schemas/sell';

/** POST /api/my-listings — lists a truck (status active); the body is the sell schema's shape. */
export const createListing = (body: SellListingInput) => apiRequest<Listing>('/my-listings', { method: 'POST', body });

export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createListing,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['my-listings'] });
      void queryClient.invalidateQueries({ queryKey: ['listings'] });
    },
  });
}
