import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeStandIn } from '../../../../dev/stripe/stand-in.js';
import { type TestApi, type TestUser, createTestUser, startTestApi, apiCaller } from '../../../../dev/testing/harness.js';
import { EQUIPMENT_ITEMS } from '../../../../shared/equipment.js';
import { keys } from '../../adapters/dynamodb/keys.js';
import { webhookEventLedger } from '../../adapters/dynamodb/webhook-events.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const PAYMENT_RATE_LIMITED_MESSAGES = {
  checkout: 'Too many checkout attempts. You can start at most 10 checkouts an hour; please try again later.',
  portal: 'Too many requests to manage your subscription. You can open it at most 20 times an hour; please try again later.',
  sync: 'Your subscription was checked less than a minute ago. Please wait a minute before checking again.',
  equipmentCheckout: 'Too many checkout attempts. You can start at most 10 equipment checkouts an hour; please try again later.',
};

/**
 * Payments hardening (issue 23, "Stripe") against the real stand-ins and the local Stripe
 * stand-in: the webhook's event lease, delayed equipment payments, one open checkout per user,
 * and the per-user limits.
 */
let api: TestApi;
let stripe: StripeStandIn;
let ddb: DynamoDBDocumentClient;
const WEBHOOK_SECRET = 'whsec_truckyard_local';
const signer = new Stripe('sk_test_x').webhooks;

const call = apiCaller(() => api);

async function postWebhook(payload: string) {
  const res = await fetch(`${api.baseUrl}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
  // biome-ignore lint/suspicious/noExplicitAny: test reads nested JSON fields freely
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const prefs = (who: TestUser) => ({
  name: who.name,
  phone: '07700 900123',
  email: who.email,
  make: 'volvo',
  budgetMax: 60000,
  frequency: 'daily',
});

const sessionIdOf = (url: unknown) => String(url).split('/').pop() as string;
const stored = async (userId: string) =>
  (await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.subscription(userId), ConsistentRead: true }))).Item;
const ordersOf = async (userId: string) =>
  (
    (
      await ddb.send(
        new QueryCommand({
          TableName: api.tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': 'ORDERS' },
        }),
      )
    ).Items ?? []
  ).filter((o) => o.userId === userId);
const cart = { lines: [{ id: (EQUIPMENT_ITEMS.find((i) => i.inStock) as { id: string }).id, quantity: 1 }] };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'payhard' });
  stripe = api.server.stripe as StripeStandIn;
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
});

afterAll(async () => {
  ddb?.destroy();
  await api?.close();
});

describe('webhook event lease', () => {
  it('a delivery whose Lambda died mid-processing is processed by Stripe’s retry once its lease has run out', async () => {
    // Prepare: a paid subscription whose events were not delivered.
    const user = await createTestUser();
    stripe.setWebhookUrl('');
    await call('PUT', '/api/alert-preferences', user, prefs(user));
    const checkout = await call('POST', '/api/subscription/checkout', user, { tier: 'gold' });
    const subId = String(stripe.completeCheckout(sessionIdOf(checkout.body.url)).subscription);
    stripe.setWebhookUrl(`${api.baseUrl}/api/payments/webhook`);
    const event = stripe.events.find(
      (e) => e.type === 'customer.subscription.created' && (e.data as { object: { id: string } }).object.id === subId,
    ) as { id: string };
    const payload = JSON.stringify(event);
    // A first delivery took the lease for an invocation with 1.5 s left, then its Lambda timed out
    // (the work never finishes and nothing releases the lease).
    void webhookEventLedger(api.tableName).runOnce(
      event.id,
      () => 1500,
      () => new Promise<void>(() => undefined),
    );
    await sleep(200);

    // Act + Assess: while the lease holds, a retry is told to come back later…
    const early = await postWebhook(payload);
    expect(early.status).toBe(409);
    expect(early.body.error.details).toEqual({ reason: 'EVENT_IN_PROGRESS' });
    expect(await stored(user.userId)).toBeUndefined();
    // …and once it has run out, the retry processes the event, once.
    await sleep(1600);
    expect((await postWebhook(payload)).body.outcome).toBe('processed');
    expect(await stored(user.userId)).toMatchObject({ subscriptionId: subId, status: 'active', tier: 'gold' });
    expect((await postWebhook(payload)).body.outcome).toBe('duplicate');
  }, 30_000);
});

describe('equipment orders with a delayed payment', () => {
  it('records the order only when the payment succeeds, never for a completed but unpaid or failed one', async () => {
    const buyer = await createTestUser({ name: 'Della Delayed' });
    // Paid by a delayed method, which then succeeds.
    const first = await call('POST', '/api/equipment/checkout', buyer, cart);
    expect(first.status).toBe(200);
    const firstId = sessionIdOf(first.body.url);
    stripe.completeCheckout(firstId, { delayed: true });
    await stripe.idle();
    expect(await ordersOf(buyer.userId)).toEqual([]);
    stripe.settleDelayedPayment(firstId, true);
    await stripe.idle();
    expect((await ordersOf(buyer.userId)).map((o) => [o.id, o.paymentStatus])).toEqual([[firstId, 'paid']]);

    // Paid by a delayed method, which then fails.
    const second = await call('POST', '/api/equipment/checkout', buyer, cart);
    const secondId = sessionIdOf(second.body.url);
    stripe.completeCheckout(secondId, { delayed: true });
    stripe.settleDelayedPayment(secondId, false);
    await stripe.idle();
    expect((await ordersOf(buyer.userId)).map((o) => o.id)).toEqual([firstId]);
    const types = stripe.deliveries.filter((d) => d.ok).map((d) => d.type);
    expect(types).toEqual(expect.arrayContaining(['checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed']));
  }, 30_000);
});

describe('one open checkout per user', () => {
  it('a second click, or twenty at once, get the same page; another plan replaces it; a paid one is not paid twice', async () => {
    const user = await createTestUser();
    await call('PUT', '/api/alert-preferences', user, prefs(user));
    stripe.setWebhookUrl('');

    const first = await call('POST', '/api/subscription/checkout', user, { tier: 'gold' });
    const again = await call('POST', '/api/subscription/checkout', user, { tier: 'gold' });
    expect(first.status).toBe(200);
    expect(again.body.url).toBe(first.body.url);

    // Another plan: a new page, and the old one can no longer pay.
    const other = await call('POST', '/api/subscription/checkout', user, { tier: 'silver' });
    expect(other.body.url).not.toBe(first.body.url);
    expect(stripe.completeCheckout(sessionIdOf(first.body.url)).status).toBe('expired');

    // An expired session is replaced.
    stripe.expireCheckout(sessionIdOf(other.body.url));
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/api/subscription/checkout', user, { tier: 'platinum' })),
    );
    const urls = new Set(concurrent.map((r) => r.body.url));
    expect(concurrent.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(urls.size).toBe(1);
    const [url] = [...urls];
    // Every other session made by those clicks was expired: only the one page can pay.
    const payable = stripe.events
      .filter((e) => e.type === 'checkout.session.expired')
      .map((e) => (e.data as { object: { id: string } }).object.id);
    expect(payable).not.toContain(sessionIdOf(url));

    // Paid, but the webhook has not arrived: a further click is refused rather than a second plan.
    stripe.completeCheckout(sessionIdOf(url));
    const late = await call('POST', '/api/subscription/checkout', user, { tier: 'platinum' });
    expect(late.status).toBe(409);
    expect(late.body.error.details).toEqual({ reason: 'CHECKOUT_COMPLETED' });
    stripe.setWebhookUrl(`${api.baseUrl}/api/payments/webhook`);
  }, 30_000);
});

describe('per-user limits', () => {
  it('sync 1 a minute, checkout 10 an hour, portal 20 an hour, equipment checkout 10 an hour, with a clear 429', async () => {
    const user = await createTestUser();
    const someoneElse = await createTestUser();
    await call('PUT', '/api/alert-preferences', user, prefs(user));

    expect((await call('POST', '/api/subscription/sync', user, {})).status).toBe(200);
    const sync = await call('POST', '/api/subscription/sync', user, {});
    expect(sync.status).toBe(429);
    expect(sync.body.error.message).toBe(PAYMENT_RATE_LIMITED_MESSAGES.sync);
    expect(Number(sync.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(sync.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Per user: another user is not affected.
    expect((await call('POST', '/api/subscription/sync', someoneElse, {})).status).toBe(200);

    const statuses = async (n: number, path: string, body: unknown) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await call('POST', path, user, body)).status);
      return out;
    };
    expect(await statuses(10, '/api/subscription/checkout', { tier: 'gold' })).toEqual(Array(10).fill(200));
    const checkout = await call('POST', '/api/subscription/checkout', user, { tier: 'gold' });
    expect([checkout.status, checkout.body.error.message]).toEqual([429, PAYMENT_RATE_LIMITED_MESSAGES.checkout]);

    expect(await statuses(20, '/api/subscription/portal', { action: 'manage' })).toEqual(Array(20).fill(200));
    const portal = await call('POST', '/api/subscription/portal', user, { action: 'manage' });
    expect([portal.status, portal.body.error.message]).toEqual([429, PAYMENT_RATE_LIMITED_MESSAGES.portal]);

    expect(await statuses(10, '/api/equipment/checkout', cart)).toEqual(Array(10).fill(200));
    const equipment = await call('POST', '/api/equipment/checkout', user, cart);
    expect([equipment.status, equipment.body.error.message]).toEqual([429, PAYMENT_RATE_LIMITED_MESSAGES.equipmentCheckout]);
  }, 60_000);
});
