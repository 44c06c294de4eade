import { ApiError } from './api-client';
import { toast } from './toast';

/**
 * Shows a failure toast with the spec's text, except when the account is suspended: then the
 * server's own message says why (403 SUSPENDED).
 */
export function toastApiFailure(err: unknown, title: string, fallback: string) {
  if (err instanceof ApiError && err.code === 'SUSPENDED') {
    toast({ title: 'Account suspended', description: err.message, variant: 'destructive' });
    return;
  }
  toast({ title, description: fallback, variant: 'destructive' });
}
