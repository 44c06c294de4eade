import { useMutation } from '@tanstack/react-query';
import type { ValuationRequest } from '@shared/schemas/valuation';
import { apiRequest } from '@/lib/api-client';

interface ValuationRequestReceipt {
  status: 'received';
  message: string;
}

/**
 * POST /api/valuations — JSON, the shared valuation schema's output. Photos are uploaded first
 * (upload-valuation-images.ts) and their keys sent as `imageKeys`.
 */
const createValuationRequest = (request: ValuationRequest) =>
  apiRequest<ValuationRequestReceipt | undefined>('/valuations', { method: 'POST', body: request });

export const useCreateValuationRequest = () => useMutation({ mutationFn: createValuationRequest });
