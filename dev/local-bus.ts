/**
 * The local event bus: takes the PutEvents entries the API server's EventBridge endpoint accepts
 * for the template's bus (/_aws/events, dev/cloud/aws-endpoints.ts; the product's publisher calls
 * it through the EventBridge client, from a function or from in-process code) and delivers
 * EventBridge-shaped events to the events.ts subscriptions (the bus's rules and their targets),
 * asynchronously and with EventBridge→Lambda's two retries (seconds apart here, not minutes).
 */
import { randomUUID } from 'node:crypto';
import type { PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { type EventSubscription, eventSubscriptions, localStreamSubscriptions } from '../functions/src/events.js';
import { lambdaContext } from './api-gateway.js';
import { type LambdaHandler, loadHandler } from './lib/handlers.js';

interface BusEvent {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: unknown;
}

export interface LocalBusOptions {
  subscriptions?: EventSubscription[];
  load?: (handlerPath: string) => Promise<LambdaHandler>;
  log?: (msg: string) => void;
  retryDelaysMs?: number[];
}

export interface LocalBus {
  /** Accepts entries like PutEvents and returns their event ids; delivery happens afterwards. */
  publish(entries: PutEventsRequestEntry[]): { eventIds: string[] };
  /** Resolves when every delivery started so far has finished (tests). */
  idle(): Promise<void>;
  /**
   * Events a subscriber still failed on after its retries, with the last error (an event refused
   * by its contract says why: events/consume.ts): what the subscription's dead-letter queue holds
   * in AWS (the on-failure destination's record of the event and its error).
   */
  readonly deadLetters: LocalBusDeadLetter[];
}

interface LocalBusDeadLetter {
  subscriptionId: string;
  event: BusEvent;
  reason: string;
}

function toBusEvent(entry: PutEventsRequestEntry, now = new Date()): BusEvent {
  let detail: unknown = {};
  try {
    detail = entry.Detail ? JSON.parse(entry.Detail) : {};
  } catch {
    detail = entry.Detail;
  }
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': entry.DetailType ?? '',
    source: entry.Source ?? '',
    account: '000000000000',
    time: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: 'eu-west-2',
    resources: entry.Resources ?? [],
    detail,
  };
}

export function createLocalBus(opts: LocalBusOptions = {}): LocalBus {
  // The table's change stream (DynamoDB Streams in AWS) is driven by the same events locally.
  const subscriptions = opts.subscriptions ?? [...eventSubscriptions, ...localStreamSubscriptions()];
  const load = opts.load ?? loadHandler;
  const log = opts.log ?? ((msg: string) => console.log(msg));
  const retryDelaysMs = opts.retryDelaysMs ?? [1000, 2000];
  const inFlight = new Set<Promise<void>>();
  const deadLetters: LocalBusDeadLetter[] = [];

  async function deliver(sub: EventSubscription, event: BusEvent): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        const handler = await load(sub.handler);
        await handler(event, lambdaContext(sub.id));
        return;
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        if (attempt >= retryDelaysMs.length) {
          log(`[bus] ${sub.id} failed on ${event['detail-type']} ${event.id} after ${attempt + 1} attempts: ${reason}`);
          deadLetters.push({ subscriptionId: sub.id, event, reason });
          return;
        }
        log(`[bus] ${sub.id} failed on ${event['detail-type']} ${event.id}, retrying: ${reason}`);
        await new Promise((r) => setTimeout(r, retryDelaysMs[attempt]));
      }
    }
  }

  return {
    publish(entries) {
      const events = entries.map((e) => toBusEvent(e));
      for (const event of events) {
        for (const sub of subscriptions.filter((s) => s.eventType === event['detail-type'])) {
          const p = new Promise<void>((resolve) => setImmediate(resolve)).then(() => deliver(sub, event));
          inFlight.add(p);
          p.finally(() => inFlight.delete(p));
        }
      }
      return { eventIds: events.map((e) => e.id) };
    },
    async idle() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    deadLetters,
  };
}
