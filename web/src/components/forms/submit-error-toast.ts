import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** Tells the person why sending failed; server and network failures use the generic title. */
export function showSubmitError(error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 404) {
    const title = error.status === 429 ? 'Too many requests' : 'Please check your details';
    toast({ title, description: error.message, variant: 'destructive' });
    return;
  }
  const description = error instanceof Error && error.message ? error.message : 'Please try again in a moment.';
  toast({ title: 'Something went wrong', description, variant: 'destructive' });
}
