import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { Promotion, PromotionPosition } from '@shared/schemas/admin';

export type PublicPromotion = Pick<Promotion, 'id' | 'title' | 'content' | 'imageUrl' | 'linkUrl'>;

/** GET /api/promotions — effectively active promotions by position, newest first. */
const getPromotions = (signal?: AbortSignal) => apiGet<Record<PromotionPosition, PublicPromotion[]>>('/promotions', undefined, signal);

export const promotionsQuery = queryOptions({
  queryKey: ['promotions'],
  queryFn: ({ signal }) => getPromotions(signal),
  staleTime: 60_000,
  retry: 1,
});

export function usePromotionsAt(position: PromotionPosition): PublicPromotion[] {
  const { data } = useQuery(promotionsQuery);
  return data?.[position] ?? [];
}
