import { Heart } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { toastApiFailure } from '@/lib/api-error-toast';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import type { Listing } from '@shared/schemas/listing';
import { SAVED_TEXTS } from '@shared/schemas/saved';
import { useIsSaved, useSetTruckSaved } from '../api/saved-trucks';

/**
 * Save / Saved toggle for signed-in users (issue 3 §7); nothing for visitors. `compact` is the
 * listing card's size, the default the detail page's.
 */
export function SaveButton({ listing, compact = false, className }: { listing: Listing; compact?: boolean; className?: string }) {
  const { isSignedIn } = useAuth();
  const saved = useIsSaved(listing.id);
  const toggle = useSetTruckSaved();
  if (!isSignedIn) return null;

  const onClick = () => {
    toggle.mutate({ listing, saved: !saved }, { onError: (err) => toastApiFailure(err, 'Error', SAVED_TEXTS.failed) });
  };

  return (
    <button
      type="button"
      aria-pressed={saved}
      onClick={onClick}
      className={cn(
        buttonVariants({ variant: 'outline', size: compact ? 'sm' : 'default' }),
        compact && 'relative z-10 h-8 px-2.5 text-xs',
        saved && 'border-rose-300 bg-rose-50 text-rose-700 hover:bg-rose-100',
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn(saved && 'fill-current')} />
      {saved ? 'Saved' : 'Save'}
      <span className="sr-only"> {listing.title}</span>
    </button>
  );
}
