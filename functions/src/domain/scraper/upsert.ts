import { withPriceChange } from '../../../../shared/price-history.js';
import { createHash } from 'node:crypto';
import type { ScrapedRecord } from '../listings/types.js';
import type { ParsedListing } from './types.js';

/** The scraped listing's id: derived from source and external id, so every run finds the same item. */
export function scrapedListingId(sourceName: string, externalId: string): string {
  const slug =
    sourceName
      .split('.')[0]
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 20) || 'src';
  const digest = createHash('sha256').update(`${sourceName}\u0000${externalId}`).digest('base64url').slice(0, 16);
  return `${slug}-${digest}`;
}

/** The content fields, in a fixed order: what counts as "the listing changed". */
function contentHash(p: ParsedListing): string {
  const canonical = [
    p.externalId,
    p.sourceUrl,
    p.make,
    p.model,
    p.year,
    p.mileage,
    p.price,
    p.location,
    p.dealerName,
    p.dealerContact,
    p.category,
    p.fuelType,
    p.transmission,
    p.description,
    p.registration,
    p.imageUrls,
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url').slice(0, 22);
}

/** Photos copied per listing (each is a polite request to the source). */
export const MAX_IMAGES_PER_SCRAPED = 3;

/** Where a source photo's copy is stored: the same key on every run, so a copy made once is known. */
export function scrapedImageKey(listingId: string, url: string): string {
  return `scraped/${listingId}/${createHash('sha256').update(url).digest('hex').slice(0, 12)}`;
}

/**
 * The photo URLs (of the first MAX_IMAGES_PER_SCRAPED) whose copy the record does not hold and
 * robots.txt did not refuse: a copy that failed is tried again on every run until it is made.
 */
export function photosToCopy(record: Pick<ScrapedRecord, 'id' | 'images' | 'imagesRefused'>, urls: readonly string[]): string[] {
  const have = new Set((record.images ?? []).map((i) => i.key));
  const refused = new Set(record.imagesRefused ?? []);
  return urls.slice(0, MAX_IMAGES_PER_SCRAPED).filter((u) => !have.has(scrapedImageKey(record.id, u)) && !refused.has(u));
}

type UpsertAction = 'new' | 'updated' | 'reactivated' | 'unchanged';

export interface UpsertDecision {
  /** 'unchanged' with a record: only photos whose copy failed before are fetched again. */
  action: UpsertAction;
  /** The record to write; null when nothing is written. */
  record: ScrapedRecord | null;
  /** Whether photos must be copied (new listing, changed photo URLs, or a copy that failed on an earlier run). */
  copyImages: boolean;
  /** The price moved: a 'listing.updated' with both prices (events/contracts.ts) follows the write. */
  priceChange?: { oldPrice: number | null; newPrice: number | null };
}

const sameList = (a: readonly string[] | undefined, b: readonly string[]) =>
  (a ?? []).length === b.length && b.every((v, i) => a?.[i] === v);

/**
 * Upsert by source and external id. First-seen is kept; scrapedAt moves only when the content
 * changed (browse orders by it); an unchanged listing that is active and keeps its duplicate
 * state writes nothing, unless a photo copy failed on an earlier run: then the missing photos are
 * fetched again (the record's updatedAt moves, its scrapedAt does not). A listing seen again after
 * being made inactive becomes active again. Staff's hiddenByStaff is never touched here.
 */
export function decideUpsert(input: {
  existing: ScrapedRecord | null;
  parsed: ParsedListing;
  sourceName: string;
  now: Date;
  /** The seller's listing this one duplicates (domain/scraper/duplicates.ts), or null. */
  duplicateOf: string | null;
}): UpsertDecision {
  const { existing, parsed, sourceName, duplicateOf } = input;
  const now = input.now.toISOString();
  const hash = contentHash(parsed);
  const content = {
    externalId: parsed.externalId,
    sourceWebsite: sourceName,
    sourceUrl: parsed.sourceUrl,
    make: parsed.make,
    model: parsed.model,
    year: parsed.year,
    mileage: parsed.mileage,
    price: parsed.price,
    location: parsed.location,
    dealerName: parsed.dealerName,
    dealerContact: parsed.dealerContact,
    category: parsed.category,
    fuelType: parsed.fuelType,
    transmission: parsed.transmission,
    description: parsed.description,
    registration: parsed.registration,
    contentHash: hash,
    duplicateOf,
  };
  if (!existing) {
    return {
      action: 'new',
      copyImages: parsed.imageUrls.length > 0,
      record: {
        id: scrapedListingId(sourceName, parsed.externalId),
        ...content,
        images: [],
        imageSourceUrls: parsed.imageUrls,
        hiddenByStaff: false,
        firstSeenAt: now,
        scrapedAt: now,
        isActive: true,
        updatedAt: now,
      },
    };
  }
  const changed = existing.contentHash !== hash;
  const reactivated = !existing.isActive;
  const duplicateChanged = (existing.duplicateOf ?? null) !== duplicateOf;
  const urlsChanged = !sameList(existing.imageSourceUrls, parsed.imageUrls);
  const photosMissing = !urlsChanged && photosToCopy(existing, parsed.imageUrls).length > 0;
  if (!changed && !reactivated && !duplicateChanged) {
    if (!photosMissing) return { action: 'unchanged', record: null, copyImages: false };
    return { action: 'unchanged', copyImages: true, record: { ...existing, updatedAt: now } };
  }
  const copyImages = urlsChanged || photosMissing;
  const oldPrice = existing.price ?? null;
  const newPrice = parsed.price ?? null;
  return {
    action: reactivated ? 'reactivated' : 'updated',
    copyImages,
    ...(oldPrice !== newPrice ? { priceChange: { oldPrice, newPrice } } : {}),
    record: {
      ...existing,
      ...content,
      imageSourceUrls: parsed.imageUrls,
      // Changed URLs start again; otherwise the copies made so far stay and only missing ones are fetched.
      images: urlsChanged ? [] : (existing.images ?? []),
      imagesRefused: urlsChanged ? [] : (existing.imagesRefused ?? []),
      // Issue 26 §4: a price the source changed joins the listing's history in the same write.
      priceChanges: withPriceChange(existing.priceChanges, oldPrice, newPrice, now),
      firstSeenAt: existing.firstSeenAt ?? existing.scrapedAt,
      scrapedAt: changed ? now : existing.scrapedAt,
      isActive: true,
      updatedAt: now,
    },
  };
}
