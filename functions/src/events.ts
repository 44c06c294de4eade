import type { Access } from './access.js';
import { alertEventSubscriptions } from './alerts-rows.js';

/**
 * Domain events on the bus (EventBridge in AWS, the in-process bus locally) and who consumes them.
 * Subscriptions are added by the issues that consume the events.
 */
export const EVENT_SOURCE = 'truckyard';

export type DomainEventType =
  | 'listing.created'
  | 'listing.updated'
  | 'listing.deleted'
  /** One per scraper run, with the ids of listings first seen by it (never one event per scraped listing). */
  | 'scraper.run.completed';

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

const SITEMAP_ON_CHANGE_ACCESS = {
  table: 'readWrite',
  buckets: [{ bucket: 'truck-images', prefixes: ['sitemaps/'], access: 'readWriteDelete' }],
} as const satisfies Access;

/**
 * The search snapshot follows listing changes, debounced to one write a minute
 * (domain/search/snapshot-builder.ts). In AWS give this function reserved concurrency 1 so
 * changes queue behind one builder; a DynamoDB Streams trigger on the table may call the same
 * handler instead (it reads the change feed, not the event body).
 */
const searchSnapshotRow = (eventType: DomainEventType): EventSubscription => ({
  id: `SearchSnapshotOn${eventType.split('.')[1].replace(/^./, (c) => c.toUpperCase())}`,
  eventType,
  handler: 'events/search-snapshot-on-change.ts',
  access: { table: 'read', buckets: [{ bucket: 'private-uploads', prefixes: ['search/'], access: 'readWrite' }] },
  memoryMb: 1536,
  timeoutSeconds: 180,
});

export const eventSubscriptions: EventSubscription[] = [
  searchSnapshotRow('listing.created'),
  searchSnapshotRow('listing.updated'),
  searchSnapshotRow('listing.deleted'),
  ...(['listing.created', 'listing.updated', 'listing.deleted'] as const).map(
    (eventType): EventSubscription => ({
      // Three rows (one per event type), one handler module.
      id: `SitemapOn${eventType.split('.')[1].replace(/^./, (c) => c.toUpperCase())}Listing`,
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
  ...alertEventSubscriptions,
];
