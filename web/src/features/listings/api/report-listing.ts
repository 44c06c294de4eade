import { useMutation } from '@tanstack/react-query';
import type { ListingReport } from '@shared/schemas/listing-report';
import { apiRequest } from '@/lib/api-client';

/** POST /api/listings/{id}/reports — the body is the shared report schema's output (the API parses it again). */
const reportListing = ({ listingId, report }: { listingId: string; report: ListingReport }) =>
  apiRequest<{ status: string; message: string }>(`/listings/${encodeURIComponent(listingId)}/reports`, { method: 'POST', body: report });

export const useReportListing = () => useMutation({ mutationFn: reportListing });
