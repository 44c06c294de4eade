import type { Context, EventBridgeEvent } from 'aws-lambda';
import { logger, withObservability } from '../observability.js';
import { type DomainEventType, type EventDetail, InvalidEventError, checkEvent } from './contracts.js';

/** An EventBridge event of one of `K`'s types, its detail already checked against the contract. */
export type ConsumedEvent<K extends DomainEventType> = { [T in K]: EventBridgeEvent<T, EventDetail<T>> }[K];

/** A bus consumer's handler, with the event types it reads (the contract test checks them against events.ts). */
export type EventConsumer<K extends DomainEventType, R> = ((event: unknown, context?: Context) => Promise<R>) & {
  readonly consumes: readonly K[];
};

/**
 * A consumer of bus events (a row of events.ts): each event's type must be one of `types` and its
 * detail must match that type's contract (events/contracts.ts) before `run` sees it. An event that
 * does not is logged and thrown as InvalidEventError, with the reason: the invocation fails, and
 * after Lambda's retries the event lands in the row's dead-letter queue with that error message
 * (the on-failure destination's record carries the event and the error); the local bus keeps the
 * same (dev/local-bus.ts `deadLetters`).
 */
export function consumer<K extends DomainEventType, R>(
  route: string,
  types: readonly K[],
  run: (event: ConsumedEvent<K>) => Promise<R>,
): EventConsumer<K, R> {
  const handler = (event: unknown, context?: Context) =>
    withObservability(route, context, async () => {
      const e = event as Partial<EventBridgeEvent<string, unknown>>;
      const type = e?.['detail-type'] ?? '';
      try {
        if (!(types as readonly string[]).includes(type)) {
          throw new InvalidEventError(`Invalid event: ${route} consumes ${types.join(', ')}, not "${type}"`);
        }
        const detail = checkEvent(type as K, e.detail);
        return await run({ ...(e as EventBridgeEvent<K, unknown>), detail } as ConsumedEvent<K>);
      } catch (err) {
        if (err instanceof InvalidEventError) logger.error('Event refused by its contract', { reason: err.message, eventId: e?.id, type });
        throw err;
      }
    });
  return Object.assign(handler, { consumes: types });
}
