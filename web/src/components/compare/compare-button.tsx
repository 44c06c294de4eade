import { GitCompareArrows } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { snapshotOf, useStoredTrucks } from '@/lib/stored-list';
import { toast } from '@/lib/toast';
import type { Listing } from '@shared/schemas/listing';
import { COMPARE_TEXTS_BROWSER } from './compare-texts';
import { addTruckToCompare, compareTray, currentTrayLimit, removeTruckFromCompare } from './compare-store';

/**
 * "Compare" on listing cards and the listing page (issue 26 §2): adds the truck to the tray, or
 * takes it out again. `inTray` comes from whoever reads the tray: a grid of cards reads it once for
 * all of them (CardsProvider); the listing page's button reads it itself (CompareButton).
 */
export function CompareToggle({
  listing,
  inTray,
  compact = false,
  className,
}: {
  listing: Listing;
  inTray: boolean;
  compact?: boolean;
  className?: string;
}) {
  const onClick = () => {
    if (inTray) return removeTruckFromCompare(listing.id);
    if (addTruckToCompare(snapshotOf(listing)) === 'full') {
      toast({ title: COMPARE_TEXTS_BROWSER.trayFullTitle, description: COMPARE_TEXTS_BROWSER.trayFull(currentTrayLimit()) });
    }
  };
  return (
    <button
      type="button"
      aria-pressed={inTray}
      onClick={onClick}
      data-testid="compare-toggle"
      className={cn(
        buttonVariants({ variant: 'outline', size: compact ? 'sm' : 'default' }),
        compact && 'relative z-10 h-8 px-2.5 text-xs',
        inTray && 'border-sky-300 bg-sky-50 text-sky-900 hover:bg-sky-100',
        className,
      )}
    >
      <GitCompareArrows aria-hidden="true" />
      {inTray ? 'Comparing' : 'Compare'}
      <span className="sr-only"> {listing.title}</span>
    </button>
  );
}

/** The toggle reading the tray itself. The server renders it unpressed; the tray is read once the page hydrates. */
export function CompareButton({ listing, compact = false, className }: { listing: Listing; compact?: boolean; className?: string }) {
  const inTray = useStoredTrucks(compareTray).some((t) => t.id === listing.id);
  return <CompareToggle listing={listing} inTray={inTray} compact={compact} className={className} />;
}
