import { useMutation } from '@tanstack/react-query';
import type { EnquiryBody } from '@shared/schemas/enquiry';
import { apiRequest } from '@/lib/api-client';

/** POST /api/listings/{id}/enquiries — "Message the seller" (signed-in buyers, user listings only). */
const sendEnquiry = ({ listingId, ...body }: EnquiryBody & { listingId: string }) =>
  apiRequest<{ id: string; createdAt: string }>(`/listings/${encodeURIComponent(listingId)}/enquiries`, { method: 'POST', body });

export const useSendEnquiry = () => useMutation({ mutationFn: sendEnquiry });
