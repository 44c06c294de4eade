import type { Listing } from '../../../../shared/schemas/listing.js';
import type { Caller } from '../caller.js';
import { notFound } from '../errors.js';
import { maskForCaller } from './mask.js';
import { sellerTypeOf } from './seller-type.js';
import { mapScrapedToListing, scrapedIdOf, toListingDto } from './to-listing.js';
import type { ListingRecord, ScrapedRecord } from './types.js';

export interface ListingReader {
  getListing(id: string): Promise<ListingRecord | null>;
  getScraped(id: string): Promise<ScrapedRecord | null>;
  /** Whether the seller is an approved dealer (the detail page's badge); absent readers say nothing. */
  sellerApprovedDealer?(userId: string): Promise<boolean>;
  /**
   * The seller's approval, account type and storefront (issue 26), and whether the account is
   * suspended, in one read; preferred to sellerApprovedDealer when present.
   */
  sellerOf?(userId: string): Promise<{ approved: boolean; trade: boolean; storefrontSlug: string | null; suspended?: boolean }>;
}

export const TRUCK_NOT_FOUND = 'Truck not found';

/** Active and sold listings are public (sold shows a badge); others only to their owner and admins. */
export function isVisibleTo(listing: Pick<Listing, 'status' | 'userId'>, caller: Caller): boolean {
  if (listing.status === 'active' || listing.status === 'sold') return true;
  if (caller.kind === 'anonymous') return false;
  return caller.isAdmin || (listing.userId !== null && listing.userId === caller.userId);
}

/** One listing by its API id ('scraped-…' for scraped ones), masked for the caller; NOT_FOUND when missing or not visible. */
export async function readListingForCaller(repo: ListingReader, id: string, caller: Caller, imagesBaseUrl: string): Promise<Listing> {
  return maskForCaller(await readVisibleListing(repo, id, caller, imagesBaseUrl), caller);
}

/** The listing unmasked, when the caller may see it at all (NOT_FOUND otherwise). Never send it as is: mask or pick from it. */
export async function readVisibleListing(repo: ListingReader, id: string, caller: Caller, imagesBaseUrl: string): Promise<Listing> {
  const scrapedId = scrapedIdOf(id);
  let listing: Listing | null = null;
  if (scrapedId !== null) {
    const record = scrapedId ? await repo.getScraped(scrapedId) : null;
    listing = record ? mapScrapedToListing(record, imagesBaseUrl) : null;
  } else {
    const record = await repo.getListing(id);
    listing = record ? toListingDto(record, imagesBaseUrl) : null;
  }
  if (!listing || !isVisibleTo(listing, caller)) throw notFound(TRUCK_NOT_FOUND);
  if (listing.userId && repo.sellerOf) {
    const seller = await repo.sellerOf(listing.userId);
    // A suspended seller's listing leaves the detail page at once, before the account-listings job
    // has marked it (domain/admin/account-listings.ts): the profile is read here anyway.
    if (seller.suspended && !isVisibleTo({ ...listing, status: 'inactive' }, caller)) throw notFound(TRUCK_NOT_FOUND);
    listing = {
      ...listing,
      sellerApprovedDealer: seller.approved,
      sellerType: sellerTypeOf(listing, seller.trade),
      sellerStorefront: seller.trade ? seller.storefrontSlug : null,
    };
  } else if (listing.userId && repo.sellerApprovedDealer)
    listing = { ...listing, sellerApprovedDealer: await repo.sellerApprovedDealer(listing.userId) };
  else if (listing.source === 'scraped') listing = { ...listing, sellerType: sellerTypeOf(listing, false) };
  return listing;
}
