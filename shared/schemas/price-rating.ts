import { z } from 'zod';
import type { NoRatingReason, PriceRating } from '../pricing.js';
import { CATEGORY_VALUES, FUEL_VALUES, MAKE_VALUES } from '../values.js';
import { AXLE_CONFIGS, CAB_VALUES, EURO_VALUES, VAT_VALUES } from '../listing-options.js';

const optional = <T extends z.ZodType>(s: T) =>
  z
    .union([s, z.null()])
    .optional()
    .transform((v) => v ?? null);

/** POST /api/price-rating: what the sell and edit forms know so far. */
export const priceRatingQuerySchema = z.object({
  make: z.enum(MAKE_VALUES, { message: 'Make is not one we list' }),
  model: optional(z.string().trim().max(100)),
  year: z.number({ error: 'Year is required' }).int().min(1950).max(2100),
  category: optional(z.enum(CATEGORY_VALUES)),
  mileage: optional(z.number().int().min(0).max(5_000_000)),
  euroStandard: optional(z.enum(EURO_VALUES)),
  axleConfig: optional(z.enum(AXLE_CONFIGS)),
  gvwTonnes: optional(z.number().min(1).max(100)),
  cabType: optional(z.enum(CAB_VALUES)),
  vatStatus: optional(z.enum(VAT_VALUES)),
  /** Electric and gas trucks are priced apart from diesel ones (fair-price.ts). */
  fuelType: optional(z.enum(FUEL_VALUES)),
  /** Pounds; 0 or absent = price on application (no rating). */
  price: optional(z.number().min(0).max(10_000_000)),
});
export type PriceRatingQuery = z.output<typeof priceRatingQuerySchema>;

export interface PriceRatingAnswer {
  rating: PriceRating | null;
  reason: NoRatingReason | null;
  /** The typical price for this truck when enough similar trucks exist, even before a price is typed. */
  typicalPrice: number | null;
}
