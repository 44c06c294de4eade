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
export function contentHash(p: ParsedListing): string {
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

export type UpsertAction = 'new' | 'updated' | 'reactivated' | 'unchanged';

export interface UpsertDecision {
  action: UpsertAction;
  /** The record to write; null when nothing is written. */
  record: ScrapedRecord | null;
  /** Whether the photos must be copied again (new listing or changed photo URLs). */
  copyImages: boolean;
}

const sameList = (a: readonly string[] | undefined, b: readonly string[]) =>
  (a ?? []).length === b.length && b.every((v, i) => a?.[i] === v);

/**
 * Upsert by source and external id. First-seen is kept; scrapedAt moves only when the content
 * changed (browse orders by it); an unchanged listing that is active and keeps its duplicate
 * state writes nothing. A listing seen again after being made inactive becomes active again.
 * Staff's hiddenByStaff is never touched here.
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
  if (!changed && !reactivated && !duplicateChanged) return { action: 'unchanged', record: null, copyImages: false };
  const copyImages = !sameList(existing.imageSourceUrls, parsed.imageUrls);
  return {
    action: reactivated ? 'reactivated' : 'updated',
    copyImages,
    record: {
      ...existing,
      ...content,
      imageSourceUrls: parsed.imageUrls,
      images: copyImages ? [] : (existing.images ?? []),
      firstSeenAt: existing.firstSeenAt ?? existing.scrapedAt,
      scrapedAt: changed ? now : existing.scrapedAt,
      isActive: true,
      updatedAt: now,
    },
  };
}
