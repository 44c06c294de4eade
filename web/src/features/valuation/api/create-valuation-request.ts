import { useMutation } from '@tanstack/react-query';
import type { ValuationRequest } from '@shared/schemas/valuation';
import { apiRequest } from '@/lib/api-client';

export interface ValuationRequestReceipt {
  id?: string;
}

/**
 * POST /api/valuations — JSON, the shared valuation schema's output. Images will be uploaded first
 * with presigned POSTs and their keys sent as `imageKeys`; until that endpoint exists none are sent.
 */
export const createValuationRequest = (request: ValuationRequest) =>
  apiRequest<ValuationRequestReceipt | undefined>('/valuations', { method: 'POST', body: request });

export const useCreateValuationRequest = () => useMutation({ mutationFn: createValuationRequest });
