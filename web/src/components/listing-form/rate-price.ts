import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { PriceRatingAnswer, PriceRatingQuery } from '@shared/schemas/price-rating';

/*
 * The sell and edit forms share this operation (both use the listing-form fields), so it lives with
 * them rather than in one feature that the other would have to import.
 */

export type PriceRatingResponse = PriceRatingAnswer & { minComparables: number };

/** POST /api/price-rating — what an asking price would rate before the listing is published. */
const ratePrice = (query: PriceRatingQuery, signal?: AbortSignal) =>
  apiRequest<PriceRatingResponse>('/price-rating', { method: 'POST', body: query, signal });

const priceRatingQueryOptions = (query: PriceRatingQuery) =>
  queryOptions({
    queryKey: ['price-rating', query],
    queryFn: ({ signal }) => ratePrice(query, signal),
    // The model changes at most every few minutes; the same truck and price need not be asked twice.
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

/** `query` null: not enough typed yet to ask. */
export const usePriceRating = (query: PriceRatingQuery | null) =>
  useQuery({ ...priceRatingQueryOptions(query as PriceRatingQuery), enabled: query !== null });
