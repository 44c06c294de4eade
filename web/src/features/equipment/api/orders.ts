import { useQuery } from '@tanstack/react-query';
import type { EquipmentOrderView } from '@shared/schemas/equipment';
import { ApiError, apiGet } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** Where the browser notes the checkout it started, so only it is shown that order on return. */
const CHECKOUT_MARKER_KEY = 'truckyard:equipment-checkout';

export function markCheckoutStarted(sessionId: string) {
  try {
    window.localStorage.setItem(CHECKOUT_MARKER_KEY, sessionId);
  } catch {
    // Storage blocked: the success page then shows no order details, only the e-mail's promise.
  }
}

export function checkoutStartedHere(sessionId: string): boolean {
  try {
    return window.localStorage.getItem(CHECKOUT_MARKER_KEY) === sessionId;
  } catch {
    return false;
  }
}

/**
 * GET /api/equipment/orders/{id} — the paid order of this checkout. Stripe's webhook may come
 * after the buyer is back, so a 404 is asked again every 2 s for up to a minute.
 */
export function useMyEquipmentOrder(sessionId: string | null) {
  const { userId } = useAuth();
  return useQuery({
    queryKey: ['equipment-order', userId, sessionId],
    queryFn: ({ signal }) => apiGet<EquipmentOrderView>(`/equipment/orders/${encodeURIComponent(sessionId ?? '')}`, undefined, signal),
    enabled: Boolean(userId && sessionId),
    retry: (count, err) => err instanceof ApiError && err.status === 404 && count < 30,
    retryDelay: 2000,
  });
}
