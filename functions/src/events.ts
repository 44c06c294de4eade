import type { Access } from './access.js';

/**
 * Domain events on the bus (EventBridge in AWS, the in-process bus locally) and who consumes them.
 * Subscriptions are added by the issues that consume the events.
 */
export const EVENT_SOURCE = 'truckyard';

export type DomainEventType = 'listing.created' | 'listing.updated' | 'listing.deleted';

export interface EventSubscription {
  id: string;
  eventType: DomainEventType;
  handler: string;
  /** What the subscriber's function may touch; CDK grants exactly this. */
  access?: Access;
  memoryMb?: number;
  timeoutSeconds?: number;
}

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
];
