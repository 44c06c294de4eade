import type { Access } from './access.js';

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
  access?: Access;
  memoryMb?: number;
  timeoutSeconds?: number;
}

export const eventSubscriptions: EventSubscription[] = [];
