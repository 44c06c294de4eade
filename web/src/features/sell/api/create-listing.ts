import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Listing } from '@shared/schemas/listing';
import type { SellListingInput } from '@shared/schemas/sell';

/**
 * POST /api/my-listings — lists a truck (status active); the body is the sell schema's shape. The
 * Idempotency-Key (one per form submission, reused when the seller retries it) makes a retry
 * after a lost answer return the listing already made instead of a second one.
 */
const createListing = ({ body, idempotencyKey }: { body: SellListingInput; idempotencyKey: string }) =>
  apiRequest<Listing>('/my-listings', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

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
