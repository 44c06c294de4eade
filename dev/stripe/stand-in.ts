/**
 * A local, offline stand-in for the part of Stripe's API the payments adapter uses, so the same
 * adapter code (functions/src/adapters/stripe) runs locally with the SDK pointed here by
 * host/port/protocol:
 *
 *   /v1/customers, /v1/products, /v1/prices (catalog.ts), /v1/checkout/sessions (checkout.ts),
 *   /v1/billing_portal/sessions, /v1/subscriptions (subscriptions.ts), /v1/refunds (refunds.ts), /v1/events
 *
 * plus hosted pages of its own under /_dev/stripe: checkout (pay with a test card, or cancel; a
 * test control delays the webhooks of one session, POST /_dev/stripe/checkout/<id>/webhook-delay),
 * the customer portal (cancel at period end, resume, switch plan), a test control that ends the
 * current period now (renews, or ends a cancelling subscription), and an overview.
 *
 * Every change emits Stripe-shaped events that are delivered to our webhook (webhooks.ts), signed
 * with the webhook secret exactly as Stripe signs them, retried with backoff on failure. State can
 * be kept in a JSON file so it survives a restart of `npm start` (context.ts).
 */
import type http from 'node:http';
import { createCatalogApi } from './catalog.js';
import { type BuyerDetails, createCheckout } from './checkout.js';
import {
  type ApiRequest,
  type Json,
  type PageRequest,
  type StripeStandInOptions,
  createContext,
  esc,
  missing,
  sendHtml,
  sendJson,
  stripeError,
} from './context.js';
import { parseStripeForm } from './form.js';
import { createRefunds } from './refunds.js';
import { page } from './pages.js';
import { createSubscriptions } from './subscriptions.js';
import { type Delivery, createWebhooks } from './webhooks.js';
export type { StripeStandInOptions } from './context.js';

export interface StripeStandIn {
  /** Handles /v1/* and /_dev/stripe/*; false when the path is not its own. */
  handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, origin: string): boolean;
  setWebhookUrl(url: string): void;
  /** Resolves when every delivery started so far has finished. */
  idle(): Promise<void>;
  readonly deliveries: Delivery[];
  /** Test controls, also behind the hosted pages. */
  /** `details`: the delivery address and phone a payment session asks for (a test address when omitted). */
  completeCheckout(sessionId: string, options?: { delayed?: boolean; details?: BuyerDetails }): Json;
  /** A delayed payment (completeCheckout with `delayed`) succeeds or fails: checkout.session.async_payment_*. */
  settleDelayedPayment(sessionId: string, succeeded: boolean): Json;
  /** The session stops working (checkout.session.expired), as when its expires_at passes. */
  expireCheckout(sessionId: string): Json;
  /** The webhooks that paying this session causes are delivered `ms` later (POST …/checkout/<id>/webhook-delay, ms=…). */
  delayWebhooks(sessionId: string, ms: number): void;
  cancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Json;
  endPeriodNow(subscriptionId: string): Json;
  failPayment(subscriptionId: string): Json;
  /** Re-sends an event as it was (duplicate deliveries). */
  redeliver(eventId: string): Promise<void>;
  readonly events: Json[];
}

export function createStripeStandIn(opts: StripeStandInOptions): StripeStandIn {
  const ctx = createContext(opts);
  const { state } = ctx;
  const hooks = createWebhooks(ctx);
  const subscriptions = createSubscriptions(ctx, hooks);
  const checkout = createCheckout(ctx, hooks, subscriptions);
  const apis = [createCatalogApi(ctx), checkout.api, subscriptions.api, createRefunds(ctx, hooks)];

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
    const idemSlot = typeof idemKey === 'string' && method === 'POST' ? `${parts.join('/')}:${idemKey}` : undefined;
    const request: ApiRequest = {
      method,
      parts,
      params,
      url,
      origin,
      res,
      earlier: idemSlot ? state.idempotency[idemSlot] : undefined,
      remember(objectId) {
        if (idemSlot) state.idempotency[idemSlot] = objectId;
      },
    };
    for (const handle of apis) if (handle(request)) return;

    const [resource, objId] = parts;
    if (resource === 'events' && method === 'GET' && objId) {
      const e = state.events.find((ev) => ev.id === objId);
      return e ? sendJson(res, 200, e) : missing(res, 'event', objId);
    }
    return stripeError(
      res,
      404,
      `Unrecognized request URL (${method}: ${url.pathname}). The local Stripe stand-in serves only what TruckYard uses.`,
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
          .join('')}</table><h2>Webhook deliveries</h2><table>${hooks.deliveries
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
    const [kind, objectId, action] = url.pathname
      .replace(/^\/_dev\/stripe\/?/, '')
      .split('/')
      .filter(Boolean);
    const request: PageRequest = {
      method: req.method ?? 'GET',
      kind,
      objectId,
      action,
      form: parseStripeForm(body.toString('utf8')),
      url,
      req,
      res,
    };
    try {
      if (!kind && request.method === 'GET') return overview(res);
      if (checkout.pages(request) || subscriptions.pages(request)) return;
      if (kind === 'events' && request.method === 'GET')
        return sendJson(res, 200, { events: state.events.slice(-100), deliveries: hooks.deliveries });
    } catch (err) {
      return sendHtml(res, 400, page('Error', `<h1>${esc(err instanceof Error ? err.message : String(err))}</h1>`));
    }
    return sendHtml(res, 404, page('Not found', '<h1>Not found</h1>'));
  }

  return {
    deliveries: hooks.deliveries,
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
    setWebhookUrl: hooks.setWebhookUrl,
    idle: hooks.idle,
    completeCheckout: checkout.completeCheckout,
    settleDelayedPayment: checkout.settleDelayedPayment,
    expireCheckout: checkout.expireCheckout,
    delayWebhooks: checkout.delayWebhooks,
    cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    endPeriodNow: subscriptions.endPeriodNow,
    failPayment: subscriptions.failPayment,
    async redeliver(eventId) {
      const event = state.events.find((e) => e.id === eventId);
      if (!event) throw new Error(`No such event: ${eventId}`);
      await hooks.deliver(event);
    },
  };
}
