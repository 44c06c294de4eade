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
import { type FormObject, bool, list, obj, str } from './form.js';
import { page } from './pages.js';
import type { createSubscriptions } from './subscriptions.js';
import type { Webhooks } from './webhooks.js';

export function createCheckout(ctx: Context, hooks: Webhooks, subscriptions: ReturnType<typeof createSubscriptions>) {
  const { state } = ctx;
  const { emit } = hooks;
  const now = ctx.now;
  /** Per-session wait before the webhook deliveries its completion causes (test control). */
  const webhookDelays = new Map<string, number>();

  /** What the page collected into the session, in Stripe's places (collected_information, customer_details). */
  function collect(session: Json, details: BuyerDetails) {
    const customer = session.customer ? state.customers[String(session.customer)] : null;
    const wantsAddress = Boolean(session.shipping_address_collection);
    const wantsPhone = Boolean((session.phone_number_collection as { enabled?: boolean } | null)?.enabled);
    session.customer_details = {
      email: customer?.email ?? session.customer_email ?? null,
      name: wantsAddress ? details.name : (customer?.name ?? null),
      phone: wantsPhone ? details.phone : null,
      address: null,
    };
    session.collected_information = wantsAddress
      ? {
          shipping_details: {
            name: details.name,
            address: {
              line1: details.line1,
              line2: details.line2 || null,
              city: details.city,
              postal_code: details.postcode,
              country: details.country,
              state: null,
            },
          },
        }
      : null;
  }

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
  function completeCheckout(sessionId: string, { delayed = false, details }: { delayed?: boolean; details?: BuyerDetails } = {}): Json {
    const session = state.sessions[sessionId];
    if (!session) throw new Error(`No such checkout session: ${sessionId}`);
    lapse(session);
    if (session.status !== 'open') return session;
    collect(session, details ?? TEST_BUYER);
    session.status = 'complete';
    session.payment_status = delayed && session.mode === 'payment' ? 'unpaid' : 'paid';
    const delayMs = webhookDelays.get(sessionId);
    if (session.mode === 'subscription') {
      const { sub, invoice } = subscriptions.startFromCheckout(session, delayMs);
      session.subscription = sub.id;
      session.invoice = invoice.id;
      emit('checkout.session.completed', { ...session }, undefined, delayMs);
      emit('invoice.paid', invoice, undefined, delayMs);
    } else {
      session.payment_intent = id('pi');
      emit('checkout.session.completed', { ...session }, undefined, delayMs);
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
      const allowedCountries = list(obj(params.shipping_address_collection).allowed_countries).map(String);
      if (allowedCountries.length && mode !== 'payment' && mode !== 'subscription')
        return done(
          stripeError(
            res,
            400,
            'shipping_address_collection is not available in setup mode.',
            'invalid_request_error',
            'shipping_address_collection',
          ),
        );
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
        // Payment mode may collect a delivery address (allowed countries) and a phone number;
        // the hosted page asks for them and the completed session carries them, as Stripe's does.
        shipping_address_collection: allowedCountries.length ? { allowed_countries: allowedCountries } : null,
        phone_number_collection: { enabled: bool(obj(params.phone_number_collection).enabled) === true },
        collected_information: null,
        customer_details: null,
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

  function checkoutPage(res: PageRequest['res'], session: Json, entered: FormObject = {}, error = '') {
    if (session.status !== 'open') return sendHtml(res, 410, page('Checkout', '<h1>This checkout session has ended.</h1>'));
    const lines = (session.line_items_input as Array<{ price: string | null; price_data: { name: string } | null }>).map((li) => {
      const price = li.price ? state.prices[li.price] : null;
      const product = price ? state.products[String(price.product)] : null;
      return esc(product?.name ?? li.price_data?.name ?? 'Item');
    });
    const customer = session.customer ? state.customers[String(session.customer)] : null;
    sendHtml(
      res,
      error ? 400 : 200,
      page(
        'Checkout',
        `<h1>${lines.join(', ')}</h1>
<div class="amount">${money(session.amount_total)}${session.mode === 'subscription' ? ' <small style="font-size:16px;font-weight:400">per month</small>' : ''}</div>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/_dev/stripe/checkout/${esc(session.id)}/pay">
<label for="email">Email</label><input id="email" value="${esc(customer?.email ?? session.customer_email ?? '')}" readonly>
${shippingFields(session, entered)}
<label for="card">Card number</label><input id="card" name="card" value="4242 4242 4242 4242" inputmode="numeric">
<label for="exp">Expiry</label><input id="exp" name="exp" value="12 / 34">
<label for="cvc">CVC</label><input id="cvc" name="cvc" value="123">
<button type="submit">${session.mode === 'subscription' ? 'Subscribe' : 'Pay'}</button>
</form>
<form method="post" action="/_dev/stripe/checkout/${esc(session.id)}/cancel"><button type="submit" class="secondary">Cancel and return</button></form>`,
      ),
    );
  }

  /** The webhooks that completing this session causes wait `ms` first (a slow Stripe, for tests). */
  function delayWebhooks(sessionId: string, ms: number) {
    if (!state.sessions[sessionId]) throw new Error(`No such checkout session: ${sessionId}`);
    if (!Number.isInteger(ms) || ms < 0 || ms > 60_000) throw new Error('The delay is 0 to 60000 ms');
    webhookDelays.set(sessionId, ms);
  }

  /** The hosted checkout page and its actions; false when the page is not theirs. */
  function pages(p: PageRequest): boolean {
    const { kind, objectId, action, method, form, res } = p;
    if (kind !== 'checkout' || !objectId) return false;
    const session = state.sessions[objectId];
    if (!session) return done(sendHtml(res, 404, page('Checkout', '<h1>Unknown checkout session</h1>')));
    if (method === 'GET' && !action) return done(checkoutPage(res, session));
    if (method === 'POST' && action === 'pay') {
      // The delivery address and phone the session asks for, checked as Stripe's page checks them.
      const details = session.status === 'open' ? detailsFrom(session, form) : { details: TEST_BUYER };
      if ('error' in details) return done(checkoutPage(res, session, form, details.error));
      // delayed=1: pay with a delayed method (settled by POST …/settle with outcome=succeeded|failed).
      completeCheckout(objectId, { delayed: str(form.delayed) === '1', details: details.details });
      if (session.status === 'expired') return done(sendHtml(res, 410, page('Checkout', '<h1>This checkout session has expired</h1>')));
      return done(redirect(res, String(session.success_url ?? '/').replace('{CHECKOUT_SESSION_ID}', objectId)));
    }
    if (method === 'POST' && action === 'webhook-delay') {
      // Test control: ms=5000 holds this session's webhooks back 5 s after it is paid.
      delayWebhooks(objectId, Number(str(form.ms)));
      return done(sendJson(res, 200, { id: objectId, webhookDelayMs: webhookDelays.get(objectId) }));
    }
    if (method === 'POST' && action === 'cancel') return done(redirect(res, String(session.cancel_url ?? '/')));
    if (method === 'POST' && action === 'settle')
      return done(sendJson(res, 200, settleDelayedPayment(objectId, str(form.outcome) !== 'failed')));
    return false;
  }

  return { completeCheckout, settleDelayedPayment, expireCheckout, delayWebhooks, api, pages };
}

/** What the hosted page collects when the session asks for it. */
export interface BuyerDetails {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  postcode: string;
  country: string;
  phone: string;
}

/** completeCheckout without details (tests) uses these, as if typed on the page. */
const TEST_BUYER: BuyerDetails = {
  name: 'Test Buyer',
  line1: '1 Test Street',
  line2: null,
  city: 'Leeds',
  postcode: 'LS1 1AA',
  country: 'GB',
  phone: '+447700900123',
};

const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;

function shippingFields(session: Json, entered: FormObject): string {
  const countries = ((session.shipping_address_collection as { allowed_countries?: string[] } | null)?.allowed_countries ?? []).map(String);
  const wantsPhone = Boolean((session.phone_number_collection as { enabled?: boolean } | null)?.enabled);
  const v = (k: string) => esc(str(entered[k]) ?? '');
  const address = countries.length
    ? `<fieldset><legend>Shipping address</legend>
<label for="ship-name">Full name</label><input id="ship-name" name="name" autocomplete="shipping name" value="${v('name')}" required>
<label for="ship-line1">Address line 1</label><input id="ship-line1" name="line1" autocomplete="shipping address-line1" value="${v('line1')}" required>
<label for="ship-line2">Address line 2</label><input id="ship-line2" name="line2" autocomplete="shipping address-line2" value="${v('line2')}">
<label for="ship-city">Town or city</label><input id="ship-city" name="city" autocomplete="shipping address-level2" value="${v('city')}" required>
<label for="ship-postcode">Postcode</label><input id="ship-postcode" name="postcode" autocomplete="shipping postal-code" value="${v('postcode')}" required>
<label for="ship-country">Country</label><select id="ship-country" name="country">${countries
        .map(
          (c) =>
            `<option value="${esc(c)}"${str(entered.country) === c ? ' selected' : ''}>${c === 'GB' ? 'United Kingdom' : esc(c)}</option>`,
        )
        .join('')}</select></fieldset>`
    : '';
  const phone = wantsPhone
    ? `<label for="phone">Phone number</label><input id="phone" name="phone" type="tel" autocomplete="tel" value="${v('phone')}" required>`
    : '';
  return address + phone;
}

/** The page's fields, checked; an error names what is missing. */
function detailsFrom(session: Json, form: FormObject): { details: BuyerDetails } | { error: string } {
  const countries = ((session.shipping_address_collection as { allowed_countries?: string[] } | null)?.allowed_countries ?? []).map(String);
  const wantsPhone = Boolean((session.phone_number_collection as { enabled?: boolean } | null)?.enabled);
  const f = (k: string) => (str(form[k]) ?? '').trim();
  const details: BuyerDetails = {
    name: f('name'),
    line1: f('line1'),
    line2: f('line2') || null,
    city: f('city'),
    postcode: f('postcode').toUpperCase(),
    country: f('country') || countries[0] || 'GB',
    phone: f('phone').replace(/[\s()-]/g, ''),
  };
  if (countries.length) {
    if (!details.name || !details.line1 || !details.city) return { error: 'Enter your full name, address and town or city.' };
    if (!countries.includes(details.country)) return { error: `We deliver only to ${countries.join(', ')}.` };
    if (details.country === 'GB' && !UK_POSTCODE.test(details.postcode)) return { error: 'Enter a valid UK postcode.' };
  }
  if (wantsPhone && !/^\+?\d{10,15}$/.test(details.phone)) return { error: 'Enter a valid phone number.' };
  return { details };
}
