import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api-client';

export type UnsubscribeTokenState = { valid: true } | { valid: false; reason: 'expired' | 'invalid' };

/** GET /api/alerts/unsubscribe?token= — whether the link still works; changes nothing (mail scanners follow links). */
const checkUnsubscribeToken = (token: string, signal?: AbortSignal) =>
  apiGet<UnsubscribeTokenState>('/alerts/unsubscribe', { token }, signal);

export const useUnsubscribeToken = (token: string) =>
  useQuery({
    queryKey: ['unsubscribe-token', token],
    queryFn: ({ signal }) => checkUnsubscribeToken(token, signal),
    enabled: Boolean(token),
    retry: false,
  });

/** POST /api/alerts/unsubscribe?token= — the one-click unsubscribe (no sign-in). */
const unsubscribe = (token: string) => apiRequest<{ unsubscribed: true }>('/alerts/unsubscribe', { method: 'POST', query: { token } });

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
