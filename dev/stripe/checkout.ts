/**
 * Checkout Sessions: /v1/checkout/sessions (create, retrieve, expire) and the hosted checkout page
 * (pay with a test card, pay with a delayed method, or cancel). Completing a subscription-mode
 * session starts its subscription (subscriptions.ts).
 */
import {
  type ApiRequest,
  type Context,
  type Json,
  type PageRequest,
  done,
  esc,
  id,
  metadataOf,
  missing,
  money,
  redirect,
  sendHtml,
  sendJson,
  stripeError,
} from './context.js';
import { list, obj, str } from './form.js';
import { page } from './pages.js';
import type { createSubscriptions } from './subscriptions.js';
import type { Webhooks } from './webhooks.js';

export function createCheckout(ctx: Context, hooks: Webhooks, subscriptions: ReturnType<typeof createSubscriptions>) {
  const { state } = ctx;
  const { emit } = hooks;
  const now = ctx.now;

  /** An open session past its expires_at is expired (Stripe does this with checkout.session.expired). */
  function lapse(session: Json) {
    if (session.status === 'open' && Number(session.expires_at) <= now()) expireCheckout(String(session.id));
  }

  function expireCheckout(sessionId: string): Json {
    const session = state.sessions[sessionId];
    if (!session) throw new Error(`No such checkout session: ${sessionId}`);
    if (session.status !== 'open') return session;
    session.status = 'expired';
    session.url = null;
    emit('checkout.session.expired', { ...session });
    ctx.save();
    return session;
  }

  /**
   * The buyer pays on the hosted page. `delayed` (payment mode): a delayed method such as Bacs
   * Direct Debit, so the session completes 'unpaid' and settleDelayedPayment decides it later.
   */
  function completeCheckout(sessionId: string, { delayed = false }: { delayed?: boolean } = {}): Json {
    const session = state.sessions[sessionId];
    if (!session) throw new Error(`No such checkout session: ${sessionId}`);
    lapse(session);
    if (session.status !== 'open') return session;
    session.status = 'complete';
    session.payment_status = delayed && session.mode === 'payment' ? 'unpaid' : 'paid';
    if (session.mode === 'subscription') {
      const { sub, invoice } = subscriptions.startFromCheckout(session);
      session.subscription = sub.id;
      session.invoice = invoice.id;
      emit('checkout.session.completed', { ...session });
      emit('invoice.paid', invoice);
    } else {
      session.payment_intent = id('pi');
      emit('checkout.session.completed', { ...session });
    }
    ctx.save();
    return session;
  }

  /** The delayed payment of a completed, 'unpaid' session arrives (succeeded) or fails. */
  function settleDelayedPayment(sessionId: string, succeeded: boolean): Json {
    const session = state.sessions[sessionId];
    if (!session) throw new Error(`No such checkout session: ${sessionId}`);
    if (session.status !== 'complete' || session.payment_status !== 'unpaid')
      throw new Error(`Checkout session ${sessionId} has no payment waiting to settle`);
    if (succeeded) session.payment_status = 'paid';
    emit(succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', { ...session });
    ctx.save();
    return session;
  }

  function api(r: ApiRequest): boolean {
    const { method, params, res, origin, parts } = r;
    const [resource, objId, sessionId, action] = parts;
    if (resource !== 'checkout' || objId !== 'sessions') return false;

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
          return done(stripeError(res, 400, `No such price: '${li.price}'`, 'invalid_request_error', 'line_items'));
      }
      const customer = str(params.customer) ?? null;
      if (customer && !state.customers[customer]) return done(missing(res, 'customer', customer));
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
        // Stripe accepts 30 minutes to 24 hours; 24 hours when not given.
        expires_at: Number(str(params.expires_at) ?? now() + 24 * 3600),
        livemode: false,
      };
      const lifetime = Number(session.expires_at) - now();
      if (!Number.isFinite(lifetime) || lifetime < 1800 - 60 || lifetime > 24 * 3600 + 60)
        return done(
          stripeError(
            res,
            400,
            'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.',
            'invalid_request_error',
            'expires_at',
          ),
        );
      session.url = `${origin}/_dev/stripe/checkout/${session.id}`;
      state.sessions[String(session.id)] = session;
      ctx.save();
      return done(sendJson(res, 200, session));
    }
    if (method === 'POST' && sessionId && action === 'expire') {
      const session = state.sessions[sessionId];
      if (!session) return done(missing(res, 'checkout.session', sessionId));
      lapse(session);
      if (session.status !== 'open')
        return done(
          stripeError(
            res,
            400,
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          ),
        );
      expireCheckout(sessionId);
      return done(sendJson(res, 200, session));
    }
    if (method === 'GET' && sessionId) {
      const session = state.sessions[sessionId];
      if (!session) return done(missing(res, 'checkout.session', sessionId));
      lapse(session);
      return done(sendJson(res, 200, session));
    }
    return false;
  }

  function checkoutPage(res: PageRequest['res'], session: Json) {
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

  /** The hosted checkout page and its actions; false when the page is not theirs. */
  function pages(p: PageRequest): boolean {
    const { kind, objectId, action, method, form, res } = p;
    if (kind !== 'checkout' || !objectId) return false;
    const session = state.sessions[objectId];
    if (!session) return done(sendHtml(res, 404, page('Checkout', '<h1>Unknown checkout session</h1>')));
    if (method === 'GET' && !action) return done(checkoutPage(res, session));
    if (method === 'POST' && action === 'pay') {
      // delayed=1: pay with a delayed method (settled by POST …/settle with outcome=succeeded|failed).
      completeCheckout(objectId, { delayed: str(form.delayed) === '1' });
      if (session.status === 'expired') return done(sendHtml(res, 410, page('Checkout', '<h1>This checkout session has expired</h1>')));
      return done(redirect(res, String(session.success_url ?? '/').replace('{CHECKOUT_SESSION_ID}', objectId)));
    }
    if (method === 'POST' && action === 'cancel') return done(redirect(res, String(session.cancel_url ?? '/')));
    if (method === 'POST' && action === 'settle')
      return done(sendJson(res, 200, settleDelayedPayment(objectId, str(form.outcome) !== 'failed')));
    return false;
  }

  return { completeCheckout, settleDelayedPayment, expireCheckout, api, pages };
}
