/** The fair-price rating as the API returns it (functions/src/domain/pricing/fair-price.ts computes it). */
export type PriceBand = 'great' | 'good' | 'fair' | 'high';

export const PRICE_BANDS: ReadonlyArray<{ value: PriceBand; label: string }> = [
  { value: 'great', label: 'Great price' },
  { value: 'good', label: 'Good price' },
  { value: 'fair', label: 'Fair price' },
  { value: 'high', label: 'High price' },
];
/** Band → its rank, best first (the index stores the rank; "this band or better" is rank ≤ chosen). */
export const PRICE_BAND_RANK: Readonly<Record<PriceBand, number>> = { great: 0, good: 1, fair: 2, high: 3 };

/** The browse filter `?rating=`: a band means "this band or better". */
export const PRICE_RATING_FILTERS: ReadonlyArray<{ value: Exclude<PriceBand, 'high'>; label: string }> = [
  { value: 'great', label: 'Great price' },
  { value: 'good', label: 'Good price or better' },
  { value: 'fair', label: 'Fair price or better' },
];

export const priceBandLabel = (band: PriceBand): string => PRICE_BANDS.find((b) => b.value === band)?.label ?? band;

export const PRICE_BAND_VALUES = PRICE_BANDS.map((b) => b.value) as [PriceBand, ...PriceBand[]];

export interface PriceRating {
  band: PriceBand;
  label: string;
  /** The typical price of a truck like this one, rounded to £100. */
  typicalPrice: number;
  /** The middle half of similar trucks' prices around the typical price, rounded to £100. */
  typicalLow: number;
  typicalHigh: number;
  /** How many similar trucks the rating rests on. */
  comparables: number;
  /** price − typicalPrice (negative: below typical). */
  difference: number;
  /** "£4,200 below the typical price of 38 similar trucks (2019–2021 DAF XF, 350–450k miles)". */
  explanation: string;
}

/** Why a truck has no rating: price on application, too few similar trucks, or no model built yet. */
export type NoRatingReason = 'poa' | 'few-comparables' | 'no-model' | 'incomplete';
