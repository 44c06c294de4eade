import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { PriceBandBadge } from '@/components/listing-badges/listing-badges';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { formatGBP } from '@/lib/format';
import type { PriceRatingQuery } from '@shared/schemas/price-rating';
import type { ListingFormValues } from './listing-form-values';
import { ratingQueryOf } from './rating-query';
import { usePriceRating } from './rate-price';

const WATCHED = [
  'make',
  'model',
  'year',
  'category',
  'mileage',
  'euroStandard',
  'axleConfig',
  'gvwTonnes',
  'cabType',
  'vatStatus',
  'fuelType',
  'price',
  'priceOnApplication',
] as const;

/**
 * What the asking price would rate once published (issue 13 §1), asked of the server as the seller
 * types (debounced): the same model and rules the listing's badge will use.
 */
export function PriceRatingPreview() {
  const values = useWatch<ListingFormValues>({ name: WATCHED as unknown as Array<keyof ListingFormValues> });
  const current = Object.fromEntries(WATCHED.map((k, i) => [k, values[i]])) as Partial<ListingFormValues>;
  // Debounced as text: a new object each render would restart the timer for ever.
  const typed = JSON.stringify(ratingQueryOf(current));
  const query = JSON.parse(useDebouncedValue(typed, 500)) as PriceRatingQuery | null;
  const rating = usePriceRating(query);
  const answer = rating.data;

  let body: ReactNode;
  if (!query) body = <p>Choose the make and year (and type the price) to see how your price compares with similar trucks.</p>;
  else if (rating.isError) body = <p>The price comparison is not available just now; you can still publish.</p>;
  else if (!answer) body = <p>Comparing with similar trucks…</p>;
  else if (answer.rating) {
    body = (
      <>
        <p className="flex flex-wrap items-center gap-2">
          <span>Buyers would see:</span>
          <PriceBandBadge band={answer.rating.band} />
        </p>
        <p className="text-foreground">{answer.rating.explanation}.</p>
        <p>
          Typical range {formatGBP(answer.rating.typicalLow)}–{formatGBP(answer.rating.typicalHigh)}.
        </p>
      </>
    );
  } else if (answer.reason === 'poa')
    body = (
      <p>
        Price on application gets no price rating.
        {answer.typicalPrice ? ` Similar trucks typically ask ${formatGBP(answer.typicalPrice)}.` : ''}
      </p>
    );
  else if (answer.reason === 'few-comparables')
    body = <p>Fewer than {answer.minComparables} similar trucks are listed, so your listing will show without a price rating.</p>;
  else body = <p>The price comparison is not available yet; your listing will show without a price rating for now.</p>;

  return (
    <div
      className="space-y-1.5 rounded-md border border-border bg-muted/40 p-3.5 text-sm text-muted-foreground sm:col-span-2"
      aria-live="polite"
      data-testid="price-rating-preview"
    >
      <p className="font-semibold text-foreground">How your price compares</p>
      {body}
    </div>
  );
}
