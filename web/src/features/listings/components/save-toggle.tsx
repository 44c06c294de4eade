import { Heart } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { toastApiFailure } from '@/lib/api-error-toast';
import { cn } from '@/lib/cn';
import type { Listing } from '@shared/schemas/listing';
import { SAVED_TEXTS } from '@shared/schemas/saved';
import { useIsSaved, useSetTruckSaved } from '../api/saved-trucks';

export interface SaveToggleProps {
  listing: Listing;
  /** The listing card's size; the default is the detail page's. */
  compact?: boolean;
  className?: string;
}

/** The Save / Saved toggle a signed-in user sees (issue 3 §7), through ./save-button.tsx. */
export function SaveToggle({ listing, compact = false, className }: SaveToggleProps) {
  const saved = useIsSaved(listing.id);
  const toggle = useSetTruckSaved();

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
