import type { Listing } from '@shared/schemas/listing';
import { formatGBP } from '@/lib/format';
import { PriceBandBadge } from '@/components/listing-badges/listing-badges';

/**
 * The fair-price rating the server attached to the listing (GET /api/listings/{id}): the band, what
 * it rests on and the typical range. Nothing for POA; a plain note when too few similar trucks exist.
 */
export function PriceRatingPanel({ listing }: { listing: Pick<Listing, 'price' | 'priceRating'> }) {
  const rating = listing.priceRating;
  if (!listing.price || rating === undefined) return null;
  if (rating === null) {
    return (
      <p className="mt-3 text-sm text-muted-foreground" data-testid="price-rating">
        No price rating: too few similar trucks are listed to compare this one with.
      </p>
    );
  }
  return (
    <div className="mt-4 space-y-2 rounded-md border border-border bg-muted/40 p-3.5" data-testid="price-rating">
      <PriceBandBadge band={rating.band} className="text-sm" />
      <p className="text-sm text-foreground">{rating.explanation}.</p>
      <p className="text-xs text-muted-foreground">
        Typical price {formatGBP(rating.typicalPrice)}; the middle half of similar trucks ask {formatGBP(rating.typicalLow)}–
        {formatGBP(rating.typicalHigh)}. Based on {rating.comparables} similar listings on TruckYard and other UK sites.
      </p>
    </div>
  );
}
