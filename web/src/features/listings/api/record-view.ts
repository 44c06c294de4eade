import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/listings/{id}/views — counts one shown detail page (the API ignores the owner and
 * scraped listings). Fire-and-forget: a failed count is never shown to the visitor.
 */
export function recordListingView(listingId: string): void {
  apiRequest<void>(`/listings/${encodeURIComponent(listingId)}/views`, { method: 'POST' }).catch(() => {});
}
