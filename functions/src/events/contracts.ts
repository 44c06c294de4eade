import { z } from 'zod';
import { LISTING_STATUSES } from '../../../shared/listing-options.js';

/**
 * The contract of every domain event on the bus (issue 24 §2): one zod schema per event type, in
 * this one module. Publishers' events are checked against it before they reach the bus
 * (adapters/events/publisher.ts) and consumers check each event they receive against it
 * (events/consume.ts); an event that does not match is refused with the reason, and a consumer's
 * refusal ends in its dead-letter queue (infra/lib/constructs/bus-rules.ts; dev/local-bus.ts locally).
 * Schemas are strict: a field a producer adds or renames without its consumers fails at once.
 */

const id = z.string().min(1).max(200);
const isoTime = z.string().min(1).max(40);
/** Whole pounds; null for "price on application". */
const price = z.number().int().min(0).nullable();
const status = z.enum(LISTING_STATUSES);

/** 'listing.created': a seller's listing was made (the owner's form; imports use 'stock-import.applied'). */
export const listingCreatedSchema = z.object({ listingId: id, userId: id, status, price, createdAt: isoTime }).strict();

/** Who changed a listing: its owner, a dealer's stock import, the scraper (a collected listing). */
export const LISTING_CHANGE_SOURCES = ['owner', 'stock-import', 'scraper'] as const;

/**
 * 'listing.updated': a listing changed. Every price change is this event with `oldPrice` and
 * `newPrice`, whatever made it (an owner's edit, a stock import's row, a scraped change); the
 * price-drop alerts read only these two. `listingId` is the API id ('scraped-…' for a collected
 * listing, which has no `userId`).
 */
export const listingUpdatedSchema = z
  .object({
    listingId: id,
    userId: id.optional(),
    source: z.enum(LISTING_CHANGE_SOURCES),
    status: status.optional(),
    oldStatus: status.optional(),
    oldPrice: price,
    newPrice: price,
    updatedAt: isoTime,
  })
  .strict();

/** 'listing.deleted': an owner deleted a listing, or their account went with its listings. */
export const listingDeletedSchema = z.object({ listingId: id, userId: id, deletedAt: isoTime }).strict();

/** Listing ids one 'scraper.run.completed' carries at most (EventBridge caps an event at 256 KB). */
export const MAX_EVENT_LISTING_IDS = 2000;

/**
 * 'scraper.run.completed': one per scraper run, when its last source finishes, never one per
 * scraped listing. New scraped listings reach alerts only through it. `newListingIds` are API ids
 * ('scraped-…'), at most MAX_EVENT_LISTING_IDS; `newListingCount` is the total.
 */
export const scraperRunCompletedSchema = z
  .object({
    runId: id,
    startedAt: isoTime,
    finishedAt: isoTime,
    newListingIds: z.array(id).max(MAX_EVENT_LISTING_IDS),
    newListingCount: z.number().int().min(0),
  })
  .strict();

/**
 * 'stock-import.applied': one per stock import whose listings went live (a later import when it
 * is applied, a first import when staff approve it), never one per row (issue 23). Consumers find
 * the listings by their `importId` (an import may hold 10,000 rows, far over EventBridge's 256 KB).
 * Its price changes are 'listing.updated' events, one per listing whose price changed.
 */
export const stockImportAppliedSchema = z
  .object({
    importId: z.string().min(1),
    userId: z.string().min(1),
    created: z.number().int().min(0),
    updated: z.number().int().min(0),
    markedSold: z.number().int().min(0),
    appliedAt: z.string().min(1),
  })
  .strict();

/** Every event type on the bus and its contract. */
export const eventContracts = {
  'listing.created': listingCreatedSchema,
  'listing.updated': listingUpdatedSchema,
  'listing.deleted': listingDeletedSchema,
  'scraper.run.completed': scraperRunCompletedSchema,
  'stock-import.applied': stockImportAppliedSchema,
} as const;

export type DomainEventType = keyof typeof eventContracts;
export type EventDetail<K extends DomainEventType> = z.output<(typeof eventContracts)[K]>;
export type ListingCreated = EventDetail<'listing.created'>;
export type ListingUpdated = EventDetail<'listing.updated'>;
export type ListingDeleted = EventDetail<'listing.deleted'>;
export type ScraperRunCompleted = EventDetail<'scraper.run.completed'>;
export type StockImportApplied = EventDetail<'stock-import.applied'>;

/** One event as publishers hand it over: its type and a detail matching that type's contract. */
export type DomainEvent = { [K in DomainEventType]: { type: K; detail: EventDetail<K> } }[DomainEventType];

export const DOMAIN_EVENT_TYPES = Object.keys(eventContracts) as DomainEventType[];

export const isDomainEventType = (type: string): type is DomainEventType => Object.hasOwn(eventContracts, type);

/** An event that does not match its contract (or has no contract); the message says why. */
export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';
}

/** The detail checked against its type's contract (unknown keys refused); throws InvalidEventError with the reason. */
export function checkEvent<K extends DomainEventType>(type: K, detail: unknown): EventDetail<K>;
export function checkEvent(type: string, detail: unknown): EventDetail<DomainEventType>;
export function checkEvent(type: string, detail: unknown): EventDetail<DomainEventType> {
  if (!isDomainEventType(type)) throw new InvalidEventError(`Invalid event: "${type}" is not an event type with a contract`);
  const result = eventContracts[type].safeParse(detail);
  if (!result.success) throw new InvalidEventError(`Invalid ${type} event: ${z.prettifyError(result.error).replace(/\n+/g, '; ')}`);
  return result.data;
}
