import { TrendingDown } from 'lucide-react';
import { type PriceChange, isCut, isRecentCut } from '@shared/price-history';
import type { Listing } from '@shared/schemas/listing';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatLongDate, formatPrice } from '@/lib/format';

/** "3 November" this year (UK time), "3 November 2025" before it. */
function dayOf(iso: string, nowMs: number): string {
  const long = formatLongDate(iso);
  const thisYear = formatLongDate(new Date(nowMs).toISOString()).split(' ').at(-1);
  return thisYear && long.endsWith(` ${thisYear}`) ? long.slice(0, -thisYear.length - 1) : long;
}

/** "Reduced" on a card (issue 26 §4): the price was cut in the last 14 UK days; nothing otherwise. */
export function ReducedBadge({ listing, className }: { listing: Pick<Listing, 'lastPriceCut'>; className?: string }) {
  if (!isRecentCut(listing.lastPriceCut, Date.now())) return null;
  return (
    <Badge variant="outline" className={cn('border-rose-200 bg-rose-50 text-rose-800', className)} data-testid="reduced">
      <TrendingDown className="size-3.5" aria-hidden="true" />
      Reduced
    </Badge>
  );
}

const changeText = (c: PriceChange) =>
  c.from === 0
    ? `Priced at ${formatPrice(c.to)}`
    : c.to === 0
      ? 'Now price on application'
      : `${formatPrice(c.from)} → ${formatPrice(c.to)}`;

/**
 * The listing page's price history (issue 26 §4): "Reduced by £2,000 on 3 November" when the
 * latest change was a cut, and every change, newest first, under it. Nothing for a price that
 * never moved.
 */
export function PriceHistory({ listing, className }: { listing: Pick<Listing, 'priceChanges'>; className?: string }) {
  const changes = listing.priceChanges ?? [];
  if (changes.length === 0) return null;
  const nowMs = Date.now();
  const latest = changes[changes.length - 1];
  return (
    <section
      aria-labelledby="price-history-title"
      className={cn('mt-3 rounded-md border border-border p-3 text-sm', className)}
      data-testid="price-history"
    >
      {isCut(latest) ? (
        <p className="flex items-center gap-1.5 font-semibold text-rose-800" data-testid="reduced-by">
          <TrendingDown className="size-4" aria-hidden="true" />
          Reduced by {formatPrice(latest.from - latest.to)} on {dayOf(latest.at, nowMs)}
        </p>
      ) : null}
      <h2 id="price-history-title" className={cn('font-semibold text-foreground', isCut(latest) ? 'mt-2' : '')}>
        Price history
      </h2>
      <ol className="mt-1 space-y-0.5 text-muted-foreground">
        {[...changes].reverse().map((c) => (
          <li key={c.at} className="flex justify-between gap-3">
            <span>{dayOf(c.at, nowMs)}</span>
            <span className={cn('text-right', isCut(c) ? 'text-rose-800' : '')}>{changeText(c)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
