import type { Access } from './access.js';
import { alertEventSubscriptions } from './alerts-rows.js';

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

export const eventSubscriptions: EventSubscription[] = [...alertEventSubscriptions];
