import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * The server's reason for refusing a request, as a toast's description: a 4xx answer's message,
 * or for a validation error the messages of its fields without their paths ("The end date is
 * before the start date", not "endDate: …"). Null for anything else (5xx, network): the title says enough.
 */
function serverReason(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status < 400 || err.status >= 500) return null;
  const fields = (err.details as { fields?: Array<{ message?: unknown }> } | undefined)?.fields;
  if (err.code === 'VALIDATION' && Array.isArray(fields) && fields.length) {
    const messages = [...new Set(fields.map((f) => (typeof f.message === 'string' ? f.message : '')).filter(Boolean))];
    if (messages.length) return messages.join('. ');
  }
  return err.message || null;
}

/** Failure toast (issue 24 §4): the spec's text as its title, the server's reason as its description. */
export function notifyFailure(text: string, err?: unknown) {
  toast({ title: text, description: serverReason(err) ?? undefined, variant: 'destructive' });
  if (err) console.error(text, err);
}

export function notifySuccess(text: string) {
  toast({ title: 'Success', description: text, variant: 'success' });
}
