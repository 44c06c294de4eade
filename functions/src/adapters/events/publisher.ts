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

/** EventBridge (AWS): PutEvents to EVENT_BUS_NAME; a partially failed batch is an error. */
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

/** The local cloud's bus (dev/local-bus.ts), when it runs in this process. */
export interface InProcessBus {
  publish(entries: PutEventsRequestEntry[]): unknown;
}
const IN_PROCESS_BUS = Symbol.for('truckyard.localEventBus');

/** Called by the local cloud: handlers in this process then publish straight to `bus`. */
export function setInProcessBus(bus: InProcessBus | undefined): void {
  (globalThis as Record<symbol, unknown>)[IN_PROCESS_BUS] = bus;
}
const inProcessBus = () => (globalThis as Record<symbol, unknown>)[IN_PROCESS_BUS] as InProcessBus | undefined;

/**
 * Local: the same PutEvents entries, handed to the in-process bus when there is one, else POSTed
 * to the local API server's /_dev/events at LOCAL_EVENTS_URL (from `npm run job`, say).
 */
function createLocalPublisher(): EventPublisher {
  return {
    async publish(events) {
      if (events.length === 0) return;
      const entries = toPutEventsEntries(events, 'local');
      const bus = inProcessBus();
      if (bus) {
        bus.publish(entries);
        return;
      }
      const target = process.env.LOCAL_EVENTS_URL;
      if (!target) throw new Error('Missing required environment variable LOCAL_EVENTS_URL');
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Entries: entries }),
      });
      if (!res.ok) throw new Error(`Local event bus answered ${res.status}: ${await res.text()}`);
    },
  };
}

let publisher: EventPublisher | undefined;

/** The publisher for this environment (EVENT_BUS_MODE=local|eventbridge), created once. */
export function eventPublisher(env: NodeJS.ProcessEnv = process.env): EventPublisher {
  if (publisher) return publisher;
  const mode = env.EVENT_BUS_MODE ?? 'eventbridge';
  if (mode === 'local') {
    publisher = createLocalPublisher();
  } else {
    const busName = env.EVENT_BUS_NAME;
    if (!busName) throw new Error('Missing required environment variable EVENT_BUS_NAME');
    publisher = createEventBridgePublisher(new EventBridgeClient(sdkClientConfig()), busName);
  }
  return publisher;
}
