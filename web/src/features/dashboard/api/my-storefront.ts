import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyStorefront, StorefrontUpdateInput } from '@shared/schemas/storefront';
import { apiGet, apiRequest } from '@/lib/api-client';

/** GET /api/me/storefront — the dealer's own storefront (made on first visit). */
const getMyStorefront = () => apiGet<MyStorefront>('/me/storefront');
/** PUT /api/me/storefront — about, town, postcode, hours and logo (storefrontUpdateSchema). */
const saveMyStorefront = (input: StorefrontUpdateInput) => apiRequest<MyStorefront>('/me/storefront', { method: 'PUT', body: input });

const KEY = ['me', 'storefront'];
export const useMyStorefront = (enabled: boolean) => useQuery({ queryKey: KEY, queryFn: getMyStorefront, enabled });
export function useSaveMyStorefront() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveMyStorefront, onSuccess: (data) => client.setQueryData(KEY, data) });
}
