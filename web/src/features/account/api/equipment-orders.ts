import { useQuery } from '@tanstack/react-query';
import type { EquipmentOrderView } from '@shared/schemas/equipment';
import { apiGet } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** GET /api/me/equipment-orders — the signed-in buyer's equipment orders, newest first. */
export function useMyEquipmentOrders() {
  const { userId } = useAuth();
  return useQuery({
    queryKey: ['equipment-orders', userId],
    queryFn: ({ signal }) => apiGet<{ orders: EquipmentOrderView[] }>('/me/equipment-orders', undefined, signal).then((r) => r.orders),
    enabled: Boolean(userId),
  });
}
