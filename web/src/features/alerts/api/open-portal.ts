import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/subscription/portal (customer-portal) — the portal's URL; 'cancel' opens it at cancellation. */
const openPortal = (action: 'cancel' | 'manage') =>
  apiRequest<{ url: string }>('/subscription/portal', { method: 'POST', body: { action } });

export const useOpenPortal = () => useMutation({ mutationFn: openPortal });
