import type { CompareQuery, CompareResponse, ComparedListing, SellerType } from '../../../../shared/schemas/compare.js';
import type { Listing } from '../../../../shared/schemas/listing.js';
import type { Caller } from '../caller.js';
import { distanceMiles, resolveLocation } from '../geo/geo.js';
import { maskForCaller } from '../listings/mask.js';
import { mapScrapedToListing, scrapedIdOf, toListingDto } from '../listings/to-listing.js';
import type { ListingRecord, ScrapedRecord } from '../listings/types.js';
import type { PriceModel } from '../pricing/fair-price.js';
import { rateListing } from '../pricing/listing-rating.js';
import { listingPlaceText } from '../search/index-columns.js';

/** Several listings in one read (BatchGetItem): user listings by id, scraped ones by id without 'scraped-'. */
export interface ListingBatchReader {
  getMany(ids: { listings: string[]; scraped: string[] }): Promise<{ listings: ListingRecord[]; scraped: ScrapedRecord[] }>;
}

export interface CompareDeps {
  reader: ListingBatchReader;
  /** The fair-price model (null before the first build): the band each column shows. */
  priceModel: () => Promise<PriceModel | null>;
  imagesBaseUrl: string;
}

/** Trade or private, by the rule the listing's masking uses: a private seller gives no company name; scraped listings come from dealers' sites. */
export function sellerTypeOf(listing: Pick<Listing, 'source' | 'companyName'>): SellerType {
  return listing.source === 'scraped' || listing.companyName?.trim() ? 'trade' : 'private';
}

/**
 * Every listing the caller may see in full, by API id, in one batch read: only live (active) trucks
 * compare; sold, hidden and removed ones are absent (the page shows "No longer available").
 */
export async function readLiveListings(
  reader: ListingBatchReader,
  ids: readonly string[],
  imagesBaseUrl: string,
): Promise<Map<string, Listing>> {
  const listingIds: string[] = [];
  const scrapedIds: string[] = [];
  for (const id of ids) {
    const scraped = scrapedIdOf(id);
    if (scraped === null) listingIds.push(id);
    else if (scraped) scrapedIds.push(scraped);
  }
  const found = await reader.getMany({ listings: listingIds, scraped: scrapedIds });
  const byId = new Map<string, Listing>();
  for (const r of found.listings) byId.set(r.id, toListingDto(r, imagesBaseUrl));
  for (const r of found.scraped) {
    const l = mapScrapedToListing(r, imagesBaseUrl);
    byId.set(l.id, l);
  }
  for (const [id, l] of byId) if (l.status !== 'active') byId.delete(id);
  return byId;
}

/**
 * GET /api/compare: the trucks asked for, side by side, in the order asked. Each is masked for the
 * caller, with its seller type (worked out before masking hides the company name), its fair-price
 * band from the stored model, and its distance from `from` when that names a UK place.
 */
export async function compareListings(deps: CompareDeps, caller: Caller, query: CompareQuery): Promise<CompareResponse> {
  const [live, model] = await Promise.all([readLiveListings(deps.reader, query.ids, deps.imagesBaseUrl), deps.priceModel()]);
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
        sellerType: sellerTypeOf(listing),
        priceBand: rateListing(model, listing)?.band ?? null,
        distanceMiles: origin && place ? Math.round(distanceMiles(origin.lat, origin.lon, place.lat, place.lon)) : null,
      };
      return { id, listing: compared };
    }),
  };
}
