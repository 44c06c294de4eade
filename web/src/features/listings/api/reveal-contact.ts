import { useMutation } from '@tanstack/react-query';
import type { ListingContact } from '@shared/schemas/listing-contact';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/listings/{id}/contact — the seller's phone and e-mail (signed-in, non-suspended users;
 * a limited number of sellers a day, 429 with the reason past it). Kept out of the listing GET so
 * one call can never harvest many sellers.
 */
const revealContact = (listingId: string) =>
  apiRequest<ListingContact>(`/listings/${encodeURIComponent(listingId)}/contact`, { method: 'POST' });

export const useRevealContact = (listingId: string) => useMutation({ mutationFn: () => revealContact(listingId) });
