import { type Access, vehicleRecordsAccess } from './access.js';
import { keys } from './adapters/dynamodb/keys.js';
import { alertEventSubscriptions } from './alerts-rows.js';
import { SEARCH_SNAPSHOT_ACCESS } from './jobs.js';

/**
 * Domain events on the bus (EventBridge; locally the local cloud's EventBridge endpoint and bus)
 * and who consumes them.
 * Subscriptions are added by the issues that consume the events.
 */
export const EVENT_SOURCE = 'truckyard';
/**
 * The event types and their contracts (one zod schema each) live in events/contracts.ts:
 * 'listing.created' | 'listing.updated' | 'listing.deleted'; 'scraper.run.completed' (one per
 * scraper run, never one per scraped listing); 'stock-import.applied' (one per stock import whose
 * listings went live, never one per imported row).
 */
import type { DomainEventType } from './events/contracts.js';

export interface EventSubscription {
  id: string;
  eventType: DomainEventType;
  handler: string;
  /** What the subscriber's function may touch; CDK grants exactly this. */
  access: Access;
  memoryMb?: number;
  timeoutSeconds?: number;
}

const priceModelAccess = {
  table: 'read',
  buckets: [{ bucket: 'private-uploads', prefixes: ['models/'], access: 'readWrite' }],
} as const satisfies Access;

/** Reads a listing, writes its checks item and its summary: the listing's partition only. */
const VEHICLE_CHECKS_REFRESH_ACCESS = {
  table: 'readWrite',
  tableKeys: ['LISTING#'],
  ...vehicleRecordsAccess(['dvla', 'dvsa']),
} as const satisfies Access;

const SITEMAP_ON_CHANGE_ACCESS = {
  table: 'readWrite',
  buckets: [{ bucket: 'truck-images', prefixes: ['sitemaps/'], access: 'readWriteDelete' }],
} as const satisfies Access;

/**
 * A consumer of the table's change stream: in AWS one function fed by DynamoDB Streams (batched,
 * at most `batchingWindowSeconds` behind) with reserved concurrency 1, so it never runs twice at
 * once; locally the bus's events of `localEventTypes` drive the same handler (one subscription per
 * type, see `localStreamSubscriptions`). The handler reads the change feed itself: a stream batch
 * or a bus event only says that, and when, something changed.
 */
export interface TableStreamConsumer {
  id: string;
  handler: string;
  access: Access;
  memoryMb?: number;
  timeoutSeconds?: number;
  batchingWindowSeconds: number;
  /** Only changes of items with these sort keys invoke it in AWS (a stream filter). */
  sortKeys: readonly string[];
  localEventTypes: readonly DomainEventType[];
}

/**
 * The search snapshot follows every change of the table (issue 8 §2: "at most a minute behind"),
 * scraped listings included, debounced to one write a minute (domain/search/snapshot-builder.ts);
 * one builder at a time, as they write the same object.
 */
export const tableStreamConsumers: TableStreamConsumer[] = [
  {
    id: 'SearchSnapshotOnChange',
    handler: 'events/search-snapshot-on-change.ts',
    access: SEARCH_SNAPSHOT_ACCESS,
    memoryMb: 1536,
    timeoutSeconds: 180,
    batchingWindowSeconds: 30,
    // Listings, their tombstones and scraped listings: what search holds.
    sortKeys: [keys.listing('').sk, keys.listingTombstone('').sk, keys.scraped('').sk],
    localEventTypes: ['listing.created', 'listing.updated', 'listing.deleted', 'scraper.run.completed', 'stock-import.applied'],
  },
];

/** The local bus's stand-in for the stream: each consumer subscribed to its local event types. */
export const localStreamSubscriptions = (consumers: readonly TableStreamConsumer[] = tableStreamConsumers): EventSubscription[] =>
  consumers.flatMap((c) =>
    c.localEventTypes.map((eventType) => ({
      id: `${c.id}:${eventType}`,
      eventType,
      handler: c.handler,
      access: c.access,
      memoryMb: c.memoryMb,
      timeoutSeconds: c.timeoutSeconds,
    })),
  );

export const eventSubscriptions: EventSubscription[] = [
  ...(['listing.created', 'listing.updated', 'listing.deleted', 'stock-import.applied'] as const).map(
    (eventType): EventSubscription => ({
      // Three rows (one per event type), one handler module.
      id:
        eventType === 'stock-import.applied'
          ? 'SitemapOnStockImport'
          : `SitemapOn${eventType.split('.')[1].replace(/^./, (c) => c.toUpperCase())}Listing`,
      eventType,
      handler: 'events/sitemap-on-listing-change.ts',
      access: SITEMAP_ON_CHANGE_ACCESS,
      memoryMb: 1024,
      timeoutSeconds: 120,
    }),
  ),
  // The fair-price model follows the market: refitted on changes, at most every 10 minutes.
  {
    id: 'PriceModelOnListingCreated',
    eventType: 'listing.created',
    handler: 'events/rebuild-price-model.ts',
    access: priceModelAccess,
    memoryMb: 2048,
    timeoutSeconds: 300,
  },
  {
    id: 'PriceModelOnListingUpdated',
    eventType: 'listing.updated',
    handler: 'events/rebuild-price-model.ts',
    access: priceModelAccess,
    memoryMb: 2048,
    timeoutSeconds: 300,
  },
  {
    id: 'PriceModelOnStockImport',
    eventType: 'stock-import.applied',
    handler: 'events/rebuild-price-model.ts',
    access: priceModelAccess,
    memoryMb: 2048,
    timeoutSeconds: 300,
  },
  // Vehicle checks (issue 27 §3) follow the registration: read when a listing gets or changes one.
  // Only the listing's partition (the listing and its checks item), and both services' secrets.
  ...(['listing.created', 'listing.updated'] as const).map(
    (eventType): EventSubscription => ({
      id: eventType === 'listing.created' ? 'VehicleChecksOnListingCreated' : 'VehicleChecksOnListingUpdated',
      eventType,
      handler: 'events/refresh-vehicle-checks.ts',
      access: VEHICLE_CHECKS_REFRESH_ACCESS,
      // Two look-ups of 5 s with at most 2 retries each, in parallel.
      timeoutSeconds: 60,
    }),
  ),
  ...alertEventSubscriptions,
];
