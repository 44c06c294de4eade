import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '@shared/schemas/contact';
import { apiRequest } from '@/lib/api-client';

interface ContactMessageReceipt {
  id?: string;
}

/** POST /api/contact — the body is the shared contact schema's output (the API parses it again). */
const sendContactMessage = (message: ContactMessage) =>
  apiRequest<ContactMessageReceipt | undefined>('/contact', { method: 'POST', body: message });

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
