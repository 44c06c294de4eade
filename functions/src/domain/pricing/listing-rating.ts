/**
 * The fair-price rating of a listing as the API shows it: one function for the detail page
 * (get-listing), the search index's rater (search results, filter and sort by rating) and the sell
 * form's preview, so every reader rates a truck the same way against the same stored model.
 */
import { PRICE_BAND_RANK } from '../../../../shared/pricing.js';
import type { Listing } from '../../../../shared/schemas/listing.js';
import { CATEGORIES, makeLabel } from '../../../../shared/values.js';
import { type PriceModel, type PriceRating, type PricedTruck, ratePrice } from './fair-price.js';

/** The listing's fields the model prices by (the API shape: user and scraped listings alike). */
function pricedTruckOfCard(l: Listing): PricedTruck {
  return {
    id: l.id,
    make: l.make,
    model: l.model,
    category: l.category,
    year: l.year,
    mileage: l.mileage,
    euroStandard: l.euroStandard,
    axleConfig: l.axleConfig,
    gvwTonnes: l.gvwTonnes,
    cabType: l.cabType,
    vatStatus: l.vatStatus,
    fuelType: l.fuelType,
    price: l.price,
  };
}

const makeName = (make: string) => makeLabel(make) ?? make;
/** "tippers", "box vans", "articulated trucks": the category as the explanation names it. */
const categoryPlural = (category: string) => (CATEGORIES.find((c) => c.value === category)?.plural ?? category).toLowerCase();

/** A truck's rating with display names for makes and categories (null: no badge). */
export const rateTruck = (model: PriceModel, t: PricedTruck): PriceRating | null => ratePrice(model, t, makeName, categoryPlural);

/** A listing's rating; null for POA, too few comparables, or no model yet. */
export const rateListing = (model: PriceModel | null, l: Listing): PriceRating | null =>
  model && l.status === 'active' ? rateTruck(model, pricedTruckOfCard(l)) : null;

/** The search index's rater for one model (search-index.ts ListingRater): the band's rank and price ÷ typical. */
export function listingRaterOf(model: PriceModel) {
  return {
    version: model.builtAt,
    rate(card: Listing): { rank: number; ratio: number } | null {
      const r = rateTruck(model, pricedTruckOfCard(card));
      return r ? { rank: PRICE_BAND_RANK[r.band], ratio: card.price / r.typicalPrice } : null;
    },
  };
}
