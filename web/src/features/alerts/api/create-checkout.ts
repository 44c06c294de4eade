import type { TierId } from '@shared/schemas/alerts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/subscription/checkout (create-subscription) — the hosted checkout's URL. */
export const createCheckout = (tier: TierId) =>
  apiRequest<{ url: string | null }>('/subscription/checkout', { method: 'POST', body: { tier } });
