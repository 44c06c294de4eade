import type { SellerType } from '../../../../shared/schemas/compare.js';
import type { Listing } from '../../../../shared/schemas/listing.js';

/**
 * "Trade seller" or "Private seller" (issue 26 §1), the one rule every page that says which uses
 * (the listing page and /compare): scraped listings come from dealers' own stock pages, so trade; a
 * user's listing is trade when the seller's account is a dealer's, whatever company name they typed.
 */
export function sellerTypeOf(listing: Pick<Listing, 'source'>, sellerIsDealer: boolean): SellerType {
  return listing.source === 'scraped' || sellerIsDealer ? 'trade' : 'private';
}
