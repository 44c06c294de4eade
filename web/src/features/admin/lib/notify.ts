import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** Failure toast with the spec's text; the server's reason follows when it gave one (a 4xx). */
export function notifyFailure(text: string, err?: unknown) {
  const reason = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.code !== 'VALIDATION' ? err.message : null;
  toast({ title: text, description: reason ?? undefined, variant: 'destructive' });
  if (err) console.error(text, err);
}

export function notifySuccess(text: string) {
  toast({ title: 'Success', description: text, variant: 'success' });
}
