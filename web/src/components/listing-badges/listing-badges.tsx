import { CircleAlert, Gauge, Leaf, PoundSterling } from 'lucide-react';
import { cleanAirBadge } from '@shared/compliance/verdict';
import { type PriceBand, priceBandLabel } from '@shared/pricing';
import type { Listing } from '@shared/schemas/listing';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

const BAND_CLASSES: Record<PriceBand, string> = {
  great: 'border-green-700 bg-green-700 text-white',
  good: 'border-green-200 bg-green-50 text-green-800',
  fair: 'border-border bg-muted text-foreground',
  high: 'border-amber-300 bg-amber-50 text-amber-900',
};

/** The fair-price band as the server rated it (search results, detail page); nothing without one. */
export function PriceBandBadge({ band, className }: { band: PriceBand | null | undefined; className?: string }) {
  if (!band) return null;
  return (
    <Badge variant="outline" className={cn(BAND_CLASSES[band], className)} data-testid="price-band">
      <PoundSterling className="size-3.5" aria-hidden="true" />
      {priceBandLabel(band)}
    </Badge>
  );
}

/**
 * London clean-air badge from the shared rules: "ULEZ/LEZ compliant" or "£100/day in London". An
 * unknown Euro standard (or a vehicle the HGV rules do not cover) makes no claim on a card; the
 * detail page's panel says "unknown".
 */
export function CleanAirBadge({
  listing,
  className,
}: {
  listing: Pick<Listing, 'euroStandard' | 'fuelType' | 'gvwTonnes'>;
  className?: string;
}) {
  const badge = cleanAirBadge({ euroStandard: listing.euroStandard, fuelType: listing.fuelType, gvwTonnes: listing.gvwTonnes });
  if (badge.tone === 'unknown') return null;
  const good = badge.tone === 'good';
  return (
    <Badge
      variant="outline"
      className={cn(good ? 'border-sky-200 bg-sky-50 text-sky-900' : 'border-amber-300 bg-amber-50 text-amber-900', className)}
      data-testid="clean-air"
    >
      {good ? <Leaf className="size-3.5" aria-hidden="true" /> : <CircleAlert className="size-3.5" aria-hidden="true" />}
      {badge.text}
    </Badge>
  );
}

/** "Mileage consistent" (issue 27): the listing's annual-test readings bear out its mileage; nothing otherwise. */
export function MileageBadge({ listing, className }: { listing: Pick<Listing, 'mileageConsistent'>; className?: string }) {
  if (!listing.mileageConsistent) return null;
  return (
    <Badge variant="outline" className={cn('border-green-200 bg-green-50 text-green-800', className)} data-testid="mileage-consistent">
      <Gauge className="size-3.5" aria-hidden="true" />
      Mileage consistent
    </Badge>
  );
}
