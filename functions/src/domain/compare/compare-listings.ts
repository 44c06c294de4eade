import type { CompareQuery, CompareResponse, ComparedListing } from '../../../../shared/schemas/compare.js';
import type { Caller } from '../caller.js';
import { distanceMiles, resolveLocation } from '../geo/geo.js';
import { maskForCaller } from '../listings/mask.js';
import { sellerTypeOf } from '../listings/seller-type.js';
import { type ListingBatchReader, readLiveListings } from '../listings/live-listings.js';
import type { PriceModel } from '../pricing/fair-price.js';
import { rateListing } from '../pricing/listing-rating.js';
import { listingPlaceText } from '../geo/listing-place.js';

export interface CompareDeps {
  reader: ListingBatchReader;
  /** The fair-price model (null before the first build): the band each column shows. */
  priceModel: () => Promise<PriceModel | null>;
  imagesBaseUrl: string;
}

/**
 * GET /api/compare: the trucks asked for, side by side, in the order asked. Each is masked for the
 * caller, with its seller type (from the seller's account: listings/seller-type.ts), its fair-price
 * band from the stored model, and its distance from `from` when that names a UK place.
 */
export async function compareListings(deps: CompareDeps, caller: Caller, query: CompareQuery): Promise<CompareResponse> {
  const [live, model] = await Promise.all([readLiveListings(deps.reader, query.ids, deps.imagesBaseUrl), deps.priceModel()]);
  const sellers = [...new Set([...live.values()].flatMap((l) => (l.userId ? [l.userId] : [])))];
  const dealers = sellers.length ? await deps.reader.dealerAccounts(sellers) : new Set<string>();
  const origin = query.from ? resolveLocation(query.from) : null;
  return {
    from: origin?.label ?? null,
    items: query.ids.map((id) => {
      const listing = live.get(id);
      if (!listing) return { id, listing: null };
      const placeText = listingPlaceText(listing);
      const place = origin && placeText ? resolveLocation(placeText) : null;
      const compared: ComparedListing = {
        ...maskForCaller(listing, caller),
        sellerType: sellerTypeOf(listing, listing.userId !== null && dealers.has(listing.userId)),
        priceBand: rateListing(model, listing)?.band ?? null,
        distanceMiles: origin && place ? Math.round(distanceMiles(origin.lat, origin.lon, place.lat, place.lon)) : null,
      };
      return { id, listing: compared };
    }),
  };
}
