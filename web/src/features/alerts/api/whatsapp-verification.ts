import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WhatsAppVerificationView, WhatsAppVerifyInput } from '@shared/schemas/alerts';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** POST /api/alert-preferences/whatsapp/code — a 6-digit code to the alert phone, by WhatsApp. */
const sendWhatsAppCode = () => apiRequest<WhatsAppVerificationView>('/alert-preferences/whatsapp/code', { method: 'POST', body: {} });

/** POST /api/alert-preferences/whatsapp/verify */
const verifyWhatsAppCode = (input: WhatsAppVerifyInput) =>
  apiRequest<WhatsAppVerificationView>('/alert-preferences/whatsapp/verify', { method: 'POST', body: input });

export function useSendWhatsAppCode() {
  return useMutation({ mutationFn: sendWhatsAppCode });
}

/** A right code verifies the number: the dashboard's view is read again. */
export function useVerifyWhatsAppCode() {
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  return useMutation({
    mutationFn: verifyWhatsAppCode,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['subscription', userId] }),
  });
}
