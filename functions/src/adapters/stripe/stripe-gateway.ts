import Stripe from 'stripe';
import type { ShippingAddress } from '../../../../shared/schemas/equipment.js';
import type { SubscriptionStatus, TierId } from '../../../../shared/schemas/alerts.js';
import {
  type CheckoutSessionInfo,
  InvalidWebhookSignature,
  type PaymentEvent,
  type PaymentsGateway,
  type ProviderSubscription,
  planLookupKey,
  tierFromLookupKey,
} from '../../domain/payments/ports.js';
import { getSecret } from '../secrets/secrets.js';

/**
 * Each request to Stripe gives up after 10 s (the SDK's default is 80 s, longer than any of our
 * functions lives) and is retried once on a network error or a 409/429/5xx, with the SDK's
 * idempotency key: at most ~21 s, inside the webhook's 29 s and API Gateway's 30 s.
 */
const STRIPE_TIMEOUT_MS = 10_000;
const STRIPE_MAX_NETWORK_RETRIES = 1;

/**
 * Where the SDK sends requests: Stripe itself, or (STRIPE_API_URL, set locally) the Stripe-compatible
 * stand-in in dev/stripe — the same adapter code and the same timeout and retries either way.
 */
export function stripeClientOptions(env: NodeJS.ProcessEnv = process.env): Stripe.StripeConfig {
  const limits = { timeout: STRIPE_TIMEOUT_MS, maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES };
  const base = env.STRIPE_API_URL;
  if (!base) return limits;
  const url = new URL(base);
  return {
    ...limits,
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol.replace(':', '') as 'http' | 'https',
    telemetry: false,
  };
}

let client: { key: string; stripe: Stripe } | undefined;
/** One SDK client per key and endpoint (a rotated key makes a new one). */
export async function stripeClient(): Promise<Stripe> {
  const key = `${await getSecret('stripeSecretKey')}@${process.env.STRIPE_API_URL ?? ''}`;
  if (!client || client.key !== key) client = { key, stripe: new Stripe(await getSecret('stripeSecretKey'), stripeClientOptions()) };
  return client.stripe;
}

const toIso = (epochSeconds: number | null | undefined) => new Date((epochSeconds ?? 0) * 1000).toISOString();
const toSessionInfo = (session: Stripe.Checkout.Session): CheckoutSessionInfo => ({
  id: session.id,
  url: session.url,
  status: (session.status ?? 'open') as CheckoutSessionInfo['status'],
  expiresAt: toIso(session.expires_at),
});
const idOf = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === 'string' ? v : v.id);

function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items.data[0];
  const price = item?.price;
  const periodEnd = item?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) as string,
    status: sub.status as SubscriptionStatus,
    tier: tierFromLookupKey(price?.lookup_key) ?? ((price?.metadata?.tier as TierId | undefined) || null),
    priceId: price?.id ?? '',
    priceAmount: price?.unit_amount ?? 0,
    currentPeriodEnd: toIso(periodEnd),
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    userId: sub.metadata?.userId || null,
  };
}

export function createStripeGateway(getClient: () => Promise<Stripe> = stripeClient): PaymentsGateway {
  // Per client: locally each test server has a stand-in (and price ids) of its own.
  const priceIdsByClient = new WeakMap<Stripe, Map<TierId, string>>();
  async function priceFor(stripe: Stripe, tier: TierId): Promise<string> {
    let priceIds = priceIdsByClient.get(stripe);
    if (!priceIds) {
      priceIds = new Map();
      priceIdsByClient.set(stripe, priceIds);
    }
    const hit = priceIds.get(tier);
    if (hit) return hit;
    const prices = await stripe.prices.list({ lookup_keys: [planLookupKey(tier)], active: true, limit: 1 });
    const price = prices.data[0];
    if (!price)
      throw new Error(
        `No Stripe price with lookup key ${planLookupKey(tier)}: the deploy step writes it (docs/deploying.md, "Deploy-time data")`,
      );
    priceIds.set(tier, price.id);
    return price.id;
  }

  return {
    async createCustomer({ userId, email, name }) {
      const stripe = await getClient();
      const customer = await stripe.customers.create(
        { email, name: name ?? undefined, metadata: { userId } },
        { idempotencyKey: `customer-${userId}` },
      );
      return customer.id;
    },
    async createSubscriptionCheckout({ customerId, userId, tier, successUrl, cancelUrl, expiresAt }) {
      const stripe = await getClient();
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: userId,
        line_items: [{ price: await priceFor(stripe, tier), quantity: 1 }],
        subscription_data: { metadata: { userId, tier } },
        metadata: { userId, tier },
        success_url: successUrl,
        cancel_url: cancelUrl,
        expires_at: Math.floor(expiresAt.getTime() / 1000),
      });
      return toSessionInfo(session);
    },
    async getCheckoutSession(id) {
      const stripe = await getClient();
      try {
        return toSessionInfo(await stripe.checkout.sessions.retrieve(id));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw err;
      }
    },
    async expireCheckoutSession(id) {
      const stripe = await getClient();
      try {
        await stripe.checkout.sessions.expire(id);
      } catch (err) {
        // Only an open session can be expired (400 otherwise); a completed or expired one cannot pay again anyway.
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
      }
    },
    async createPaymentCheckout({ customerId, userId, lines, metadata, successUrl, cancelUrl }) {
      const stripe = await getClient();
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        customer: customerId,
        client_reference_id: userId,
        line_items: lines.map((l) => ({
          quantity: l.quantity,
          price_data: { currency: 'gbp', unit_amount: l.unitAmount, product_data: { name: l.name } },
        })),
        metadata: { ...metadata, userId },
        // Equipment is delivered: Checkout asks for a UK address and a phone number for the carrier.
        shipping_address_collection: { allowed_countries: ['GB'] },
        phone_number_collection: { enabled: true },
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      return { url: session.url, sessionId: session.id };
    },
    async refundPayment(paymentIntentId, idempotencyKey) {
      const stripe = await getClient();
      const refund = await stripe.refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey });
      return { id: refund.id, status: refund.status ?? 'pending' };
    },
    async createPortalSession({ customerId, returnUrl, cancelSubscriptionId }) {
      const stripe = await getClient();
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        ...(cancelSubscriptionId
          ? {
              flow_data: {
                type: 'subscription_cancel',
                subscription_cancel: { subscription: cancelSubscriptionId },
                after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
              },
            }
          : {}),
      });
      return { url: session.url };
    },
    async retrieveSubscription(id) {
      const stripe = await getClient();
      try {
        return toProviderSubscription(await stripe.subscriptions.retrieve(id));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw err;
      }
    },
    async listSubscriptions(customerId) {
      const stripe = await getClient();
      const list = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 });
      return list.data.map(toProviderSubscription);
    },
    async cancelSubscriptionNow(id) {
      const stripe = await getClient();
      try {
        await stripe.subscriptions.cancel(id);
      } catch (err) {
        // Already cancelled (Stripe answers 400) or unknown (404): nothing left to stop.
        const gone =
          err instanceof Stripe.errors.StripeInvalidRequestError && (err.statusCode === 404 || /canceled|cancelled/i.test(err.message));
        if (!gone) throw err;
      }
    },
    async parseWebhook(rawBody, signatureHeader) {
      const stripe = await getClient();
      const secret = await getSecret('stripeWebhookSecret');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signatureHeader ?? '', secret);
      } catch (err) {
        throw new InvalidWebhookSignature(err instanceof Error ? err.message : String(err));
      }
      return paymentEventOf(event);
    },
  };
}

/** What the domain reads from a verified webhook event: its ids, and a checkout's outcome. */
function paymentEventOf(event: Stripe.Event): PaymentEvent {
  const object = event.data.object as unknown as Record<string, unknown>;
  const result: PaymentEvent = { id: event.id, type: event.type, subscriptionId: null, customerId: idOf(object.customer as string) };
  if (event.type.startsWith('customer.subscription.')) result.subscriptionId = String(object.id);
  else if (event.type.startsWith('checkout.session.')) {
    const session = object as unknown as Stripe.Checkout.Session;
    result.subscriptionId = idOf(session.subscription);
    result.checkout = {
      mode: session.mode as 'payment' | 'subscription' | 'setup',
      sessionId: session.id,
      paymentStatus: session.payment_status as 'paid' | 'unpaid' | 'no_payment_required',
      userId: session.client_reference_id ?? session.metadata?.userId ?? null,
      amountTotal: session.amount_total,
      metadata: { ...(session.metadata ?? {}) },
      createdAt: toIso(session.created),
      shipping: shippingOf(session),
      phone: session.customer_details?.phone ?? null,
      paymentIntentId: idOf(session.payment_intent),
    };
  } else if (event.type.startsWith('invoice.')) {
    const invoice = object as {
      subscription?: string | { id: string } | null;
      parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
    };
    result.subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null);
  }
  return result;
}

/** The delivery address Checkout collected (collected_information, 2025+ API), or null. */
function shippingOf(session: Stripe.Checkout.Session): ShippingAddress | null {
  const details = session.collected_information?.shipping_details;
  const a = details?.address;
  if (!details || !a?.line1 || !a.postal_code || a.country !== 'GB') return null;
  return { name: details.name, line1: a.line1, line2: a.line2 || null, city: a.city ?? '', postcode: a.postal_code, country: 'GB' };
}
