import { priceRatingQuerySchema, type PriceRatingQuery } from '@shared/schemas/price-rating';
import type { ListingFormValues } from './listing-form-values';

const num = (s: string | undefined) => {
  const t = (s ?? '').trim().replace(/^£/, '').replace(/[,\s]/g, '');
  return t && Number.isFinite(Number(t)) ? Number(t) : null;
};
const text = (s: string | undefined) => (s ?? '').trim() || null;

/** The form's text as the rating query; null until make and year are chosen (or a value is not valid yet). */
export function ratingQueryOf(v: Partial<ListingFormValues>): PriceRatingQuery | null {
  const parsed = priceRatingQuerySchema.safeParse({
    make: text(v.make),
    model: text(v.model),
    year: num(v.year),
    category: text(v.category),
    mileage: num(v.mileage),
    euroStandard: text(v.euroStandard),
    axleConfig: text(v.axleConfig),
    gvwTonnes: num(v.gvwTonnes),
    cabType: text(v.cabType),
    vatStatus: text(v.vatStatus),
    fuelType: text(v.fuelType),
    price: v.priceOnApplication ? 0 : num(v.price),
  });
  return parsed.success ? parsed.data : null;
}
