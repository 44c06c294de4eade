import type { Listing } from '../../../../shared/schemas/listing.js';
import { mapScrapedToListing, scrapedIdOf, toListingDto } from './to-listing.js';
import type { ListingRecord, ScrapedRecord } from './types.js';

/** Several listings in one read (BatchGetItem): user listings by id, scraped ones by id without 'scraped-'. */
export interface ListingBatchReader {
  getMany(ids: { listings: string[]; scraped: string[] }): Promise<{ listings: ListingRecord[]; scraped: ScrapedRecord[] }>;
  /** Of these sellers, the ones whose account is a dealer's (their profiles, in one batch read). */
  dealerAccounts(userIds: readonly string[]): Promise<Set<string>>;
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
