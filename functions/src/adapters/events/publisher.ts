import { EventBridgeClient, PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { EVENT_SOURCE } from '../../events.js';
import { type DomainEvent, checkEvent } from '../../events/contracts.js';
import { sdkClientConfig } from '../sdk-config.js';

/**
 * Publishes domain events to the bus (events.ts lists who consumes them). Every event is checked
 * against its contract (events/contracts.ts) first: one that does not match is refused with
 * InvalidEventError, naming the field, and nothing of the call is put on the bus.
 */
export interface EventPublisher {
  publish(events: DomainEvent[]): Promise<void>;
}

/** PutEvents takes at most 10 entries per call. */
const PUT_EVENTS_BATCH = 10;

/** The PutEvents entries of `events`, each detail checked against its contract (throws InvalidEventError). */
function toPutEventsEntries(events: readonly DomainEvent[], busName: string): PutEventsRequestEntry[] {
  const checked = events.map((e) => ({ type: e.type, detail: checkEvent(e.type, e.detail) }));
  return checked.map((e) => ({ EventBusName: busName, Source: EVENT_SOURCE, DetailType: e.type, Detail: JSON.stringify(e.detail) }));
}

/** EventBridge: PutEvents to the bus `busName`; a partially failed batch is an error. */
export function createEventBridgePublisher(client: Pick<EventBridgeClient, 'send'>, busName: string): EventPublisher {
  return {
    async publish(events) {
      const entries = toPutEventsEntries(events, busName);
      for (let i = 0; i < entries.length; i += PUT_EVENTS_BATCH) {
        const res = await client.send(new PutEventsCommand({ Entries: entries.slice(i, i + PUT_EVENTS_BATCH) }));
        if (res.FailedEntryCount) {
          const reasons = (res.Entries ?? []).filter((e) => e.ErrorCode).map((e) => `${e.ErrorCode}: ${e.ErrorMessage}`);
          throw new Error(`EventBridge rejected ${res.FailedEntryCount} event(s): ${reasons.join('; ')}`);
        }
      }
    },
  };
}

let publisher: EventPublisher | undefined;

/**
 * The event publisher, created once: EventBridge PutEvents to the bus named in EVENT_BUS_NAME.
 * Locally the EventBridge client reaches the local cloud's EventBridge endpoint
 * (AWS_ENDPOINT_URL_EVENTBRIDGE, dev/cloud/aws-endpoints.ts), from a function and from in-process
 * code (the integration tests) alike.
 */
export function eventPublisher(env: NodeJS.ProcessEnv = process.env): EventPublisher {
  if (publisher) return publisher;
  const busName = env.EVENT_BUS_NAME;
  if (!busName) throw new Error('Missing required environment variable EVENT_BUS_NAME');
  publisher = createEventBridgePublisher(new EventBridgeClient(sdkClientConfig()), busName);
  return publisher;
}
