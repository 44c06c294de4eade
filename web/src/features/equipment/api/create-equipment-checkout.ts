import { useMutation } from '@tanstack/react-query';
import type { EquipmentCheckoutInput } from '@shared/schemas/equipment';
import { apiRequest } from '@/lib/api-client';

/** POST /api/equipment/checkout — the hosted checkout's URL for the cart (prices are the server's). */
const createEquipmentCheckout = (input: EquipmentCheckoutInput) =>
  apiRequest<{ url: string | null; sessionId: string }>('/equipment/checkout', { method: 'POST', body: input });

export const useCreateEquipmentCheckout = () => useMutation({ mutationFn: createEquipmentCheckout });
