/**
 * Events and their webhook deliveries: every change the stand-in makes emits a Stripe-shaped event,
 * delivered to our webhook asynchronously, signed with the webhook secret exactly as Stripe signs
 * it, and retried with backoff on failure.
 */
import Stripe from 'stripe';
import { type Context, type Json, id } from './context.js';

export interface Delivery {
  eventId: string;
  type: string;
  attempts: number;
  status: number | null;
  ok: boolean;
}

export interface Webhooks {
  readonly deliveries: Delivery[];
  /** Records an event and starts its delivery, `delayMs` (default: the stand-in's webhookDelayMs, else 20) after now. */
  emit(type: string, object: Json, previous?: Json, delayMs?: number): Json;
  deliver(event: Json, delayMs?: number): Promise<void>;
  setWebhookUrl(url: string): void;
  idle(): Promise<void>;
}

export function createWebhooks(ctx: Context): Webhooks {
  const { opts, state } = ctx;
  const retryDelaysMs = opts.retryDelaysMs ?? [1000, 3000, 10_000];
  const signer = new Stripe(opts.secretKey).webhooks;
  const deliveries: Delivery[] = [];
  const inFlight = new Set<Promise<void>>();
  let webhookUrl = opts.webhookUrl;

  function deliver(event: Json, delayMs = opts.webhookDelayMs ?? 20): Promise<void> {
    const delivery: Delivery = { eventId: String(event.id), type: String(event.type), attempts: 0, status: null, ok: false };
    deliveries.push(delivery);
    if (deliveries.length > 1000) deliveries.splice(0, deliveries.length - 1000);
    // The endpoint configured when the event happened receives it (and its retries).
    const url = webhookUrl;
    const run = async () => {
      if (!url) return;
      // Stripe delivers asynchronously, after the API call that caused it has answered.
      await new Promise((r) => setTimeout(r, delayMs));
      for (let attempt = 0; ; attempt++) {
        const payload = JSON.stringify(event, null, 2);
        delivery.attempts = attempt + 1;
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'stripe-signature': signer.generateTestHeaderString({ payload, secret: opts.webhookSecret }),
              'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            },
            body: payload,
          });
          delivery.status = res.status;
          await res.arrayBuffer();
          if (res.ok) {
            delivery.ok = true;
            return;
          }
        } catch {
          delivery.status = null;
        }
        if (attempt >= retryDelaysMs.length) {
          ctx.log(`[stripe] webhook ${event.type} ${event.id} failed after ${attempt + 1} attempts`);
          return;
        }
        await new Promise((r) => setTimeout(r, retryDelaysMs[attempt]));
      }
    };
    const p = run();
    inFlight.add(p);
    p.finally(() => inFlight.delete(p));
    return p;
  }

  function emit(type: string, object: Json, previous?: Json, delayMs?: number): Json {
    const event: Json = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: ctx.now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object, ...(previous ? { previous_attributes: previous } : {}) },
    };
    state.events.push(event);
    if (state.events.length > 500) state.events.splice(0, state.events.length - 500);
    ctx.save();
    deliver(event, delayMs);
    return event;
  }

  return {
    deliveries,
    emit,
    deliver,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    async idle() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}
