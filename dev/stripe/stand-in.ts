/**
 * A local, offline stand-in for the part of Stripe's API the payments adapter uses, so the same
 * adapter code (functions/src/adapters/stripe) runs locally with the SDK pointed here by
 * host/port/protocol:
 *
 *   /v1/customers, /v1/products, /v1/prices, /v1/checkout/sessions, /v1/billing_portal/sessions,
 *   /v1/subscriptions (retrieve, list, update cancel_at_period_end or price, delete)
 *
 * plus hosted pages of its own under /_dev/stripe: checkout (pay with a test card, or cancel),
 * the customer portal (cancel at period end, resume, switch plan), a test control that ends the
 * current period now (renews, or ends a cancelling subscription), and an overview.
 *
 * Every change emits Stripe-shaped events that are delivered to our webhook, signed with the
 * webhook secret exactly as Stripe signs them, retried with backoff on failure. Objects carry the
 * fields the adapter reads, in Stripe's shapes (2025+ API: the period end is on subscription items).
 * State can be kept in a JSON file so it survives a restart of `npm start`.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import Stripe from 'stripe';
import { type FormObject, bool, list, obj, parseStripeForm, str } from './form.js';

type Json = Record<string, unknown>;

interface State {
  customers: Record<string, Json>;
  products: Record<string, Json>;
  prices: Record<string, Json>;
  sessions: Record<string, Json>;
  portals: Record<string, Json>;
  subscriptions: Record<string, Json>;
  invoices: Record<string, Json>;
  events: Json[];
  idempotency: Record<string, string>;
}

export interface Delivery {
  eventId: string;
  type: string;
  attempts: number;
  status: number | null;
  ok: boolean;
}

export interface StripeStandInOptions {
  /** The secret key the SDK must present (Authorization: Bearer …). */
  secretKey: string;
  /** Signs webhook deliveries. */
  webhookSecret: string;
  /** Our webhook endpoint; deliveries are skipped while unset. */
  webhookUrl?: string;
  /** Keep state here between restarts; in memory only when omitted. */
  stateFile?: string;
  /** Delays between delivery attempts (ms); Stripe retries for days, this for seconds. */
  retryDelaysMs?: number[];
  log?: (msg: string) => void;
  now?: () => Date;
}

export interface StripeStandIn {
  /** Handles /v1/* and /_dev/stripe/*; false when the path is not its own. */
  handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, origin: string): boolean;
  setWebhookUrl(url: string): void;
  /** Resolves when every delivery started so far has finished. */
  idle(): Promise<void>;
  readonly deliveries: Delivery[];
  /** Test controls, also behind the hosted pages. */
  completeCheckout(sessionId: string): Json;
  cancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Json;
  endPeriodNow(subscriptionId: string): Json;
  failPayment(subscriptionId: string): Json;
  /** Re-sends an event as it was (duplicate deliveries). */
  redeliver(eventId: string): Promise<void>;
  readonly events: Json[];
}

const PERIOD_SECONDS = 30 * 24 * 3600;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

const emptyState = (): State => ({
  customers: {},
  products: {},
  prices: {},
  sessions: {},
  portals: {},
  subscriptions: {},
  invoices: {},
  events: [],
  idempotency: {},
});

function stripeError(res: http.ServerResponse, status: number, message: string, type = 'invalid_request_error', param?: string) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify({ error: { type, message, ...(param ? { param } : {}) } }));
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

function sendHtml(res: http.ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

function redirect(res: http.ServerResponse, location: string) {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

const esc = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const metadataOf = (v: FormObject | undefined) => Object.fromEntries(Object.entries(obj(v)).map(([k, val]) => [k, String(val)]));

const money = (pence: unknown) => `£${(Number(pence ?? 0) / 100).toFixed(2)}`;
const date = (epoch: unknown) => new Date(Number(epoch) * 1000).toLocaleDateString('en-GB', { dateStyle: 'long' });

export function createStripeStandIn(opts: StripeStandInOptions): StripeStandIn {
  const log = opts.log ?? (() => undefined);
  const now = () => Math.floor((opts.now?.() ?? new Date()).getTime() / 1000);
  const retryDelaysMs = opts.retryDelaysMs ?? [1000, 3000, 10_000];
  let webhookUrl = opts.webhookUrl;
  const signer = new Stripe(opts.secretKey).webhooks;
  const deliveries: Delivery[] = [];
  const inFlight = new Set<Promise<void>>();

  let state: State = emptyState();
  if (opts.stateFile) {
    try {
      state = { ...emptyState(), ...(JSON.parse(readFileSync(opts.stateFile, 'utf8')) as State) };
    } catch {
      /* first start */
    }
  }
  let saveTimer: NodeJS.Timeout | undefined;
  const save = () => {
    if (!opts.stateFile || saveTimer) return;
    const file = opts.stateFile;
    saveTimer = setTimeout(() => {
      saveTimer = undefined;
      writeFileSync(file, JSON.stringify(state));
    }, 50);
    saveTimer.unref?.();
  };

  // ---------- objects ----------

  function priceObject(p: Json): Json {
    return p;
  }

  function subscriptionObject(sub: Json): Json {
    // The SDK reads the price inside items; keep it current with the prices table.
    const items = (sub.items as { data: Json[] }).data.map((item) => ({
      ...item,
      price: state.prices[String((item.price as Json).id)] ?? item.price,
      current_period_start: sub.current_period_start,
      current_period_end: sub.current_period_end,
    }));
    return { ...sub, items: { object: 'list', data: items, has_more: false, url: `/v1/subscription_items?subscription=${sub.id}` } };
  }

  // ---------- events and webhook deliveries ----------

  function emit(type: string, object: Json, previous?: Json): Json {
    const event: Json = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object, ...(previous ? { previous_attributes: previous } : {}) },
    };
    state.events.push(event);
    if (state.events.length > 500) state.events.splice(0, state.events.length - 500);
    save();
    deliver(event);
    return event;
  }

  function deliver(event: Json): Promise<void> {
    const delivery: Delivery = { eventId: String(event.id), type: String(event.type), attempts: 0, status: null, ok: false };
    deliveries.push(delivery);
    if (deliveries.length > 1000) deliveries.splice(0, deliveries.length - 1000);
    // The endpoint configured when the event happened receives it (and its retries).
    const url = webhookUrl;
    const run = async () => {
      if (!url) return;
      // Stripe delivers asynchronously, after the API call that caused it has answered.
      await new Promise((r) => setTimeout(r, 20));
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
          log(`[stripe] webhook ${event.type} ${event.id} failed after ${attempt + 1} attempts`);
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

  // ---------- state changes (API and hosted pages) ----------

  function createInvoice(sub: Json, status: 'paid' | 'open'): Json {
    const item = (sub.items as { data: Json[] }).data[0];
    const price = state.prices[String((item.price as Json).id)] ?? (item.price as Json);
    const invoice: Json = {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status,
      amount_due: price.unit_amount,
      amount_paid: status === 'paid' ? price.unit_amount : 0,
      currency: 'gbp',
      created: now(),
      period_start: sub.current_period_start,
      period_end: sub.current_period_end,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: { object: 'list', data: [], has_more: false },
    };
    state.invoices[String(invoice.id)] = invoice;
    return invoice;
  }

  function completeCheckout(sessionId: string): Json {
    const session = state.sessions[sessionId];
    if (!session) throw new Error(`No such checkout session: ${sessionId}`);
    if (session.status !== 'open') return session;
    const t = now();
    session.status = 'complete';
    session.payment_status = 'paid';
    if (session.mode === 'subscription') {
      const lines = session.line_items_input as Json[];
      const price = state.prices[String(lines[0].price)];
      const sub: Json = {
        id: id('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: t,
        start_date: t,
        current_period_start: t,
        current_period_end: t + PERIOD_SECONDS,
        currency: 'gbp',
        livemode: false,
        metadata: (session.subscription_data as Json | undefined)?.metadata ?? {},
        items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', price, quantity: 1 }] },
      };
      state.subscriptions[String(sub.id)] = sub;
      session.subscription = sub.id;
      const invoice = createInvoice(sub, 'paid');
      session.invoice = invoice.id;
      emit('customer.subscription.created', subscriptionObject(sub));
      emit('checkout.session.completed', { ...session });
      emit('invoice.paid', invoice);
    } else {
      session.payment_intent = id('pi');
      emit('checkout.session.completed', { ...session });
    }
    save();
    return session;
  }

  function updateSubscription(subId: string, change: (sub: Json) => Json | undefined): Json {
    const sub = state.subscriptions[subId];
    if (!sub) throw new Error(`No such subscription: ${subId}`);
    const previous = change(sub);
    emit(sub.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated', subscriptionObject(sub), previous);
    save();
    return subscriptionObject(sub);
  }

  const cancelAtPeriodEnd = (subId: string, cancel: boolean) =>
    updateSubscription(subId, (sub) => {
      const previous = { cancel_at_period_end: sub.cancel_at_period_end, cancel_at: sub.cancel_at };
      sub.cancel_at_period_end = cancel;
      sub.cancel_at = cancel ? sub.current_period_end : null;
      sub.canceled_at = cancel ? now() : null;
      return previous;
    });

  function endPeriodNow(subId: string): Json {
    const sub = state.subscriptions[subId];
    if (!sub) throw new Error(`No such subscription: ${subId}`);
    if (sub.status === 'canceled') return subscriptionObject(sub);
    if (sub.cancel_at_period_end) {
      return updateSubscription(subId, (s) => {
        const previous = { status: s.status };
        s.status = 'canceled';
        s.ended_at = now();
        s.current_period_end = now();
        return previous;
      });
    }
    const result = updateSubscription(subId, (s) => {
      const previous = { current_period_end: s.current_period_end };
      s.current_period_start = now();
      s.current_period_end = now() + PERIOD_SECONDS;
      s.status = 'active';
      return previous;
    });
    emit('invoice.paid', createInvoice(sub, 'paid'));
    return result;
  }

  function failPayment(subId: string): Json {
    const sub = state.subscriptions[subId];
    if (!sub) throw new Error(`No such subscription: ${subId}`);
    const result = updateSubscription(subId, (s) => {
      const previous = { status: s.status };
      s.status = 'past_due';
      return previous;
    });
    emit('invoice.payment_failed', createInvoice(sub, 'open'));
    return result;
  }

  function switchPrice(subId: string, priceId: string): Json {
    const price = state.prices[priceId];
    if (!price) throw new Error(`No such price: ${priceId}`);
    return updateSubscription(subId, (sub) => {
      const item = (sub.items as { data: Json[] }).data[0];
      const previous = { items: { data: [{ ...item }] } };
      item.price = price;
      return previous;
    });
  }

  // ---------- /v1 API ----------

  function listOf<T extends Json>(items: T[], url: string, limit = 10) {
    return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url };
  }

  function api(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, origin: string) {
    const auth = String(req.headers.authorization ?? '');
    if (auth !== `Bearer ${opts.secretKey}`)
      return stripeError(res, 401, 'Invalid API Key provided (local Stripe stand-in).', 'invalid_request_error');
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const method = req.method ?? 'GET';
    const params = method === 'GET' || method === 'DELETE' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body.toString('utf8'));
    const parts = url.pathname
      .replace(/^\/v1\//, '')
      .split('/')
      .filter(Boolean);
    const idemKey = req.headers['idempotency-key'];
    const remember = (objectId: string) => {
      if (typeof idemKey === 'string' && method === 'POST') state.idempotency[`${parts.join('/')}:${idemKey}`] = objectId;
    };
    const earlier = typeof idemKey === 'string' && method === 'POST' ? state.idempotency[`${parts.join('/')}:${idemKey}`] : undefined;

    const [resource, objId, sub] = parts;
    const missing = (what: string, which: string) => stripeError(res, 404, `No such ${what}: '${which}'`, 'invalid_request_error', 'id');

    if (resource === 'customers') {
      if (method === 'POST' && !objId) {
        if (earlier && state.customers[earlier]) return sendJson(res, 200, state.customers[earlier]);
        const customer: Json = {
          id: id('cus'),
          object: 'customer',
          email: str(params.email) ?? null,
          name: str(params.name) ?? null,
          metadata: metadataOf(obj(params.metadata)),
          created: now(),
          livemode: false,
        };
        state.customers[String(customer.id)] = customer;
        remember(String(customer.id));
        save();
        return sendJson(res, 200, customer);
      }
      if (method === 'GET' && objId)
        return state.customers[objId] ? sendJson(res, 200, state.customers[objId]) : missing('customer', objId);
    }

    if (resource === 'products') {
      if (method === 'POST' && !objId) {
        const product: Json = {
          id: str(params.id) ?? id('prod'),
          object: 'product',
          name: str(params.name) ?? '',
          description: str(params.description) ?? null,
          active: true,
          metadata: metadataOf(obj(params.metadata)),
          created: now(),
        };
        state.products[String(product.id)] = product;
        save();
        return sendJson(res, 200, product);
      }
      if (method === 'GET' && objId) return state.products[objId] ? sendJson(res, 200, state.products[objId]) : missing('product', objId);
    }

    if (resource === 'prices') {
      if (method === 'POST' && !objId) {
        const lookupKey = str(params.lookup_key) ?? null;
        const holders = Object.values(state.prices).filter((p) => lookupKey && p.lookup_key === lookupKey && p.active);
        // As Stripe: a lookup key in use is an error unless transfer_lookup_key moves it to the new price.
        if (holders.length && !bool(params.transfer_lookup_key))
          return stripeError(res, 400, `A price (\`${lookupKey}\`) already uses that lookup key.`, 'invalid_request_error', 'lookup_key');
        for (const p of holders) p.lookup_key = null;
        const recurring = obj(params.recurring);
        const price: Json = {
          id: id('price'),
          object: 'price',
          active: true,
          currency: str(params.currency) ?? 'gbp',
          unit_amount: Number(str(params.unit_amount) ?? 0),
          product: str(params.product) ?? null,
          lookup_key: lookupKey,
          nickname: str(params.nickname) ?? null,
          recurring: str(recurring.interval) ? { interval: str(recurring.interval), interval_count: 1 } : null,
          type: str(recurring.interval) ? 'recurring' : 'one_time',
          metadata: metadataOf(obj(params.metadata)),
          created: now(),
        };
        state.prices[String(price.id)] = price;
        save();
        return sendJson(res, 200, priceObject(price));
      }
      if (method === 'GET' && objId) return state.prices[objId] ? sendJson(res, 200, state.prices[objId]) : missing('price', objId);
      if (method === 'GET') {
        const keys = list(params.lookup_keys).map(String);
        const active = bool(params.active);
        const found = Object.values(state.prices).filter(
          (p) => (!keys.length || keys.includes(String(p.lookup_key))) && (active === undefined || p.active === active),
        );
        return sendJson(res, 200, listOf(found, '/v1/prices', Number(str(params.limit) ?? 10)));
      }
    }

    if (resource === 'checkout' && objId === 'sessions') {
      const sessionId = sub;
      if (method === 'POST' && !sessionId) {
        const mode = str(params.mode) ?? 'payment';
        const lineItems = list(params.line_items).map((li) => {
          const o = obj(li);
          const priceData = obj(o.price_data);
          return {
            price: str(o.price) ?? null,
            quantity: Number(str(o.quantity) ?? 1),
            price_data: str(priceData.unit_amount)
              ? { unit_amount: Number(str(priceData.unit_amount)), name: str(obj(priceData.product_data).name) ?? 'Item' }
              : null,
          };
        });
        for (const li of lineItems) {
          if (li.price && !state.prices[li.price])
            return stripeError(res, 400, `No such price: '${li.price}'`, 'invalid_request_error', 'line_items');
        }
        const customer = str(params.customer) ?? null;
        if (customer && !state.customers[customer]) return missing('customer', customer);
        const amount = lineItems.reduce(
          (sum, li) => sum + (li.price ? Number(state.prices[li.price].unit_amount) : (li.price_data?.unit_amount ?? 0)) * li.quantity,
          0,
        );
        const session: Json = {
          id: id('cs_test'),
          object: 'checkout.session',
          mode,
          status: 'open',
          payment_status: 'unpaid',
          customer,
          customer_email: str(params.customer_email) ?? null,
          client_reference_id: str(params.client_reference_id) ?? null,
          metadata: metadataOf(obj(params.metadata)),
          subscription_data: { metadata: metadataOf(obj(obj(params.subscription_data).metadata)) },
          success_url: str(params.success_url) ?? null,
          cancel_url: str(params.cancel_url) ?? null,
          amount_total: amount,
          currency: 'gbp',
          subscription: null,
          payment_intent: null,
          line_items_input: lineItems,
          created: now(),
          expires_at: now() + 24 * 3600,
          livemode: false,
        };
        session.url = `${origin}/_dev/stripe/checkout/${session.id}`;
        state.sessions[String(session.id)] = session;
        save();
        return sendJson(res, 200, session);
      }
      if (method === 'GET' && sessionId)
        return state.sessions[sessionId] ? sendJson(res, 200, state.sessions[sessionId]) : missing('checkout.session', sessionId);
    }

    if (resource === 'billing_portal' && objId === 'sessions' && method === 'POST') {
      const customer = str(params.customer);
      if (!customer || !state.customers[customer]) return missing('customer', customer ?? '');
      const flow = obj(params.flow_data);
      const portal: Json = {
        id: id('bps'),
        object: 'billing_portal.session',
        customer,
        return_url: str(params.return_url) ?? null,
        flow: str(flow.type)
          ? { type: str(flow.type), subscription_cancel: { subscription: str(obj(flow.subscription_cancel).subscription) ?? null } }
          : null,
        created: now(),
        livemode: false,
      };
      portal.url = `${origin}/_dev/stripe/portal/${portal.id}`;
      state.portals[String(portal.id)] = portal;
      save();
      return sendJson(res, 200, portal);
    }

    if (resource === 'subscriptions') {
      if (method === 'GET' && objId) {
        const s = state.subscriptions[objId];
        return s ? sendJson(res, 200, subscriptionObject(s)) : missing('subscription', objId);
      }
      if (method === 'GET') {
        const customer = str(params.customer);
        const status = str(params.status);
        const found = Object.values(state.subscriptions)
          .filter(
            (s) =>
              (!customer || s.customer === customer) && (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'),
          )
          .sort((a, b) => Number(b.created) - Number(a.created))
          .map(subscriptionObject);
        return sendJson(res, 200, listOf(found, '/v1/subscriptions', Number(str(params.limit) ?? 10)));
      }
      if (method === 'POST' && objId) {
        if (!state.subscriptions[objId]) return missing('subscription', objId);
        const cancel = bool(params.cancel_at_period_end);
        if (cancel !== undefined) cancelAtPeriodEnd(objId, cancel);
        const newPrice = str(obj(list(params.items)[0]).price);
        if (newPrice) switchPrice(objId, newPrice);
        return sendJson(res, 200, subscriptionObject(state.subscriptions[objId]));
      }
      if (method === 'DELETE' && objId) {
        if (!state.subscriptions[objId]) return missing('subscription', objId);
        return sendJson(
          res,
          200,
          updateSubscription(objId, (s) => {
            const previous = { status: s.status };
            s.status = 'canceled';
            s.ended_at = now();
            return previous;
          }),
        );
      }
    }

    if (resource === 'events' && method === 'GET' && objId) {
      const e = state.events.find((ev) => ev.id === objId);
      return e ? sendJson(res, 200, e) : missing('event', objId);
    }

    return stripeError(
      res,
      404,
      `Unrecognized request URL (${method}: ${url.pathname}). The local Stripe stand-in serves only what TruckYard uses.`,
    );
  }

  // ---------- hosted pages ----------

  const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)} · Stripe (local)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0}
main{max-width:480px;margin:40px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0001;padding:28px}
.note{background:#fff8e1;border:1px solid #f5c518;border-radius:8px;padding:8px 12px;font-size:13px;margin-bottom:16px}
h1{font-size:22px;margin:0 0 8px} .amount{font-size:32px;font-weight:700;margin:8px 0 16px}
label{display:block;font-size:13px;margin:12px 0 4px;color:#4f566b} input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #cfd7df;border-radius:6px;font-size:15px}
button,.button{display:inline-block;width:100%;box-sizing:border-box;margin-top:16px;padding:12px;border:0;border-radius:6px;background:#635bff;color:#fff;font-size:16px;font-weight:600;cursor:pointer;text-align:center;text-decoration:none}
button.secondary,.button.secondary{background:#e3e8ee;color:#1a1f36} button.danger{background:#df1b41}
table{width:100%;border-collapse:collapse;font-size:14px} td{padding:6px 0;border-bottom:1px solid #eee}
</style></head><body><main><p class="note">Local Stripe stand-in: no real payment is taken.</p>${body}</main></body></html>`;

  function checkoutPage(res: http.ServerResponse, session: Json) {
    if (session.status !== 'open') return sendHtml(res, 410, page('Checkout', '<h1>This checkout session has ended.</h1>'));
    const lines = (session.line_items_input as Array<{ price: string | null; price_data: { name: string } | null }>).map((li) => {
      const price = li.price ? state.prices[li.price] : null;
      const product = price ? state.products[String(price.product)] : null;
      return esc(product?.name ?? li.price_data?.name ?? 'Item');
    });
    const customer = session.customer ? state.customers[String(session.customer)] : null;
    sendHtml(
      res,
      200,
      page(
        'Checkout',
        `<h1>${lines.join(', ')}</h1>
<div class="amount">${money(session.amount_total)}${session.mode === 'subscription' ? ' <small style="font-size:16px;font-weight:400">per month</small>' : ''}</div>
<form method="post" action="/_dev/stripe/checkout/${esc(session.id)}/pay">
<label for="email">Email</label><input id="email" value="${esc(customer?.email ?? session.customer_email ?? '')}" readonly>
<label for="card">Card number</label><input id="card" name="card" value="4242 4242 4242 4242" inputmode="numeric">
<label for="exp">Expiry</label><input id="exp" name="exp" value="12 / 34">
<label for="cvc">CVC</label><input id="cvc" name="cvc" value="123">
<button type="submit">${session.mode === 'subscription' ? 'Subscribe' : 'Pay'}</button>
</form>
<form method="post" action="/_dev/stripe/checkout/${esc(session.id)}/cancel"><button type="submit" class="secondary">Cancel and return</button></form>`,
      ),
    );
  }

  function portalPage(res: http.ServerResponse, portal: Json, message = '') {
    const subs = Object.values(state.subscriptions)
      .filter((s) => s.customer === portal.customer && s.status !== 'canceled')
      .sort((a, b) => Number(b.created) - Number(a.created));
    const flow = portal.flow as { type?: string; subscription_cancel?: { subscription?: string } } | null;
    const plans = Object.values(state.prices).filter((p) => p.active && p.recurring);
    const rows = subs
      .map((s) => {
        const item = (s.items as { data: Json[] }).data[0];
        const price = state.prices[String((item.price as Json).id)] ?? (item.price as Json);
        const product = state.products[String(price.product)];
        const confirmCancel = flow?.type === 'subscription_cancel' && flow.subscription_cancel?.subscription === s.id;
        const switcher = s.cancel_at_period_end
          ? ''
          : plans
              .filter((p) => p.id !== price.id)
              .map(
                (p) =>
                  `<form method="post" action="/_dev/stripe/portal/${esc(portal.id)}/switch"><input type="hidden" name="subscription" value="${esc(s.id)}"><input type="hidden" name="price" value="${esc(p.id)}"><button type="submit" class="secondary">Switch to ${esc(state.products[String(p.product)]?.name ?? p.id)} (${money(p.unit_amount)}/month)</button></form>`,
              )
              .join('');
        return `<h2>${esc(product?.name ?? 'Plan')}</h2><div class="amount">${money(price.unit_amount)} <small style="font-size:16px;font-weight:400">per month</small></div>
<table><tr><td>Status</td><td>${esc(s.status)}</td></tr><tr><td>${s.cancel_at_period_end ? 'Cancels on' : 'Renews on'}</td><td>${date(s.current_period_end)}</td></tr></table>
${
  s.cancel_at_period_end
    ? `<form method="post" action="/_dev/stripe/portal/${esc(portal.id)}/resume"><input type="hidden" name="subscription" value="${esc(s.id)}"><button type="submit">Don't cancel</button></form>`
    : `<form method="post" action="/_dev/stripe/portal/${esc(portal.id)}/cancel"><input type="hidden" name="subscription" value="${esc(s.id)}"><button type="submit" class="danger">${confirmCancel ? 'Confirm cancellation' : 'Cancel plan'}</button></form>`
}
${switcher}
<form method="post" action="/_dev/stripe/subscriptions/${esc(s.id)}/end-period?portal=${esc(portal.id)}"><button type="submit" class="secondary">End the current period now (test)</button></form>`;
      })
      .join('<hr>');
    sendHtml(
      res,
      200,
      page(
        'Customer portal',
        `<h1>Manage your subscription</h1>${message ? `<p role="status"><strong>${esc(message)}</strong></p>` : ''}
${rows || '<p>No active subscriptions.</p>'}
<a class="button secondary" href="${esc(portal.return_url ?? '/')}">Return to TruckYard</a>`,
      ),
    );
  }

  function overview(res: http.ServerResponse) {
    const subs = Object.values(state.subscriptions).sort((a, b) => Number(b.created) - Number(a.created));
    sendHtml(
      res,
      200,
      page(
        'Overview',
        `<h1>Local Stripe</h1><h2>Subscriptions</h2><table>${subs
          .map(
            (s) =>
              `<tr><td>${esc(s.id)}<br><small>${esc(state.customers[String(s.customer)]?.email ?? s.customer)}</small></td><td>${esc(s.status)}${s.cancel_at_period_end ? ' (cancelling)' : ''}</td><td><form method="post" action="/_dev/stripe/subscriptions/${esc(s.id)}/end-period"><button class="secondary" style="margin:0;padding:4px">End period</button></form></td></tr>`,
          )
          .join('')}</table><h2>Webhook deliveries</h2><table>${deliveries
          .slice(-30)
          .reverse()
          .map(
            (d) =>
              `<tr><td>${esc(d.type)}</td><td>${d.ok ? 'delivered' : 'failing'} (${d.attempts} attempt(s), ${d.status ?? 'no answer'})</td></tr>`,
          )
          .join('')}</table>`,
      ),
    );
  }

  function pages(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const parts = url.pathname
      .replace(/^\/_dev\/stripe\/?/, '')
      .split('/')
      .filter(Boolean);
    const form = parseStripeForm(body.toString('utf8'));
    const method = req.method ?? 'GET';
    const [kind, objectId, action] = parts;
    try {
      if (!kind && method === 'GET') return overview(res);
      if (kind === 'checkout' && objectId) {
        const session = state.sessions[objectId];
        if (!session) return sendHtml(res, 404, page('Checkout', '<h1>Unknown checkout session</h1>'));
        if (method === 'GET' && !action) return checkoutPage(res, session);
        if (method === 'POST' && action === 'pay') {
          completeCheckout(objectId);
          return redirect(res, String(session.success_url ?? '/').replace('{CHECKOUT_SESSION_ID}', objectId));
        }
        if (method === 'POST' && action === 'cancel') {
          return redirect(res, String(session.cancel_url ?? '/'));
        }
      }
      if (kind === 'portal' && objectId) {
        const portal = state.portals[objectId];
        if (!portal) return sendHtml(res, 404, page('Customer portal', '<h1>Unknown portal session</h1>'));
        const subId = str(form.subscription) ?? '';
        const owned = state.subscriptions[subId]?.customer === portal.customer;
        if (method === 'GET' && !action) return portalPage(res, portal);
        if (method === 'POST' && owned && action === 'cancel') {
          cancelAtPeriodEnd(subId, true);
          return portalPage(res, { ...portal, flow: null }, 'Your plan has been cancelled. It stays active until the end of the period.');
        }
        if (method === 'POST' && owned && action === 'resume') {
          cancelAtPeriodEnd(subId, false);
          return portalPage(res, portal, 'Your plan will renew.');
        }
        if (method === 'POST' && owned && action === 'switch') {
          switchPrice(subId, str(form.price) ?? '');
          return portalPage(res, portal, 'Your plan has been changed.');
        }
      }
      if (kind === 'subscriptions' && objectId && action === 'end-period' && method === 'POST') {
        endPeriodNow(objectId);
        const portal = url.searchParams.get('portal');
        if (portal && state.portals[portal]) return portalPage(res, state.portals[portal], 'The period has ended.');
        if (String(req.headers.accept ?? '').includes('application/json'))
          return sendJson(res, 200, subscriptionObject(state.subscriptions[objectId]));
        return redirect(res, '/_dev/stripe');
      }
      if (kind === 'subscriptions' && objectId && action === 'fail-payment' && method === 'POST') {
        return sendJson(res, 200, failPayment(objectId));
      }
      if (kind === 'events' && method === 'GET') return sendJson(res, 200, { events: state.events.slice(-100), deliveries });
    } catch (err) {
      return sendHtml(res, 400, page('Error', `<h1>${esc(err instanceof Error ? err.message : String(err))}</h1>`));
    }
    return sendHtml(res, 404, page('Not found', '<h1>Not found</h1>'));
  }

  return {
    deliveries,
    get events() {
      return state.events;
    },
    handle(req, res, body, origin) {
      const pathname = (req.url ?? '/').split('?')[0];
      if (pathname.startsWith('/v1/')) {
        api(req, res, body, origin);
        return true;
      }
      if (pathname === '/_dev/stripe' || pathname.startsWith('/_dev/stripe/')) {
        pages(req, res, body);
        return true;
      }
      return false;
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    async idle() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    completeCheckout,
    cancelAtPeriodEnd,
    endPeriodNow,
    failPayment,
    async redeliver(eventId) {
      const event = state.events.find((e) => e.id === eventId);
      if (!event) throw new Error(`No such event: ${eventId}`);
      await deliver(event);
    },
  };
}
