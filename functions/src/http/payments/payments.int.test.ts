import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, type TestUser, createTestUser, startTestApi, apiCaller } from '../../../../dev/testing/harness.js';
import type { StripeStandIn } from '../../../../dev/stripe/stand-in.js';
import { keys } from '../../adapters/dynamodb/keys.js';

/**
 * Issue 10 §2 and §9 against the real stand-ins and the local Stripe stand-in (dev/stripe):
 * checkout, check-subscription, the portal, and the webhook's signature, idempotency and ordering.
 */
let api: TestApi;
let stripe: StripeStandIn;
let ddb: DynamoDBDocumentClient;
let buyer: TestUser;
let other: TestUser;
const WEBHOOK_SECRET = 'whsec_truckyard_local';
const signer = new Stripe('sk_test_x').webhooks;

const call = apiCaller(() => api);

const prefs = (who: TestUser, extra: Record<string, unknown> = {}) => ({
  name: who.name,
  phone: '07700 900123',
  email: who.email,
  make: 'volvo',
  budgetMax: 60000,
  frequency: 'daily',
  ...extra,
});

/** Posts a payload to the webhook as Stripe would (or with the given signature header). */
async function postWebhook(payload: string, signature?: string, base64 = false) {
  const res = await fetch(`${api.baseUrl}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: base64 ? Buffer.from(payload) : payload,
  });
  return { status: res.status, body: (await res.json()) as { outcome?: string; error?: { code: string } } };
}

const stored = async (userId: string) =>
  (await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.subscription(userId), ConsistentRead: true }))).Item;

/** Subscribes `who` to `tier` through checkout and the hosted page's "pay", and waits for the webhooks. */
async function subscribe(who: TestUser, tier: string) {
  expect((await call('PUT', '/api/alert-preferences', who, prefs(who))).status).toBe(200);
  const checkout = await call('POST', '/api/subscription/checkout', who, { tier });
  expect(checkout.status).toBe(200);
  const sessionId = String(checkout.body.url).split('/').pop() as string;
  const session = stripe.completeCheckout(sessionId);
  await stripe.idle();
  return String(session.subscription);
}

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'payments' });
  stripe = api.server.stripe as StripeStandIn;
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  [buyer, other] = await Promise.all([createTestUser({ name: 'Bea Buyer' }), createTestUser({ name: 'Olly Other' })]);
});

afterAll(async () => {
  ddb?.destroy();
  await api?.close();
});

describe('plans and checkout', () => {
  it('lists the three plans cheapest first, as the deploy step wrote them (startTestApi runs it)', async () => {
    // Act
    const res = await call('GET', '/api/subscription-tiers', null);
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.tiers.map((t: { id: string; priceAmount: number }) => [t.id, t.priceAmount])).toEqual([
      ['silver', 999],
      ['gold', 1999],
      ['platinum', 3999],
    ]);
  });

  it('refuses checkout without sign-in (401) and without preferences (400, setup required)', async () => {
    expect((await call('POST', '/api/subscription/checkout', null, { tier: 'gold' })).status).toBe(401);
    const res = await call('POST', '/api/subscription/checkout', buyer, { tier: 'gold' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual({ reason: 'SETUP_REQUIRED' });
  });

  it('checkout → pay → webhooks make the user an active gold subscriber; a second checkout is refused', async () => {
    const subId = await subscribe(buyer, 'gold');
    const view = await call('GET', '/api/subscription', buyer);
    expect(view.body).toMatchObject({
      isActive: true,
      subscription: { status: 'active', tier: 'gold', priceAmount: 1999, cancelAtPeriodEnd: false },
    });
    expect(Date.parse(view.body.subscription.currentPeriodEnd)).toBeGreaterThan(Date.now() + 25 * 86400_000);
    expect(await stored(buyer.userId)).toMatchObject({ subscriptionId: subId, status: 'active' });
    expect(view.body.alerts).toMatchObject({ isActive: true, email: true, frequency: 'daily' });

    const again = await call('POST', '/api/subscription/checkout', buyer, { tier: 'platinum' });
    expect(again.status).toBe(409);
  });

  it('check-subscription re-reads Stripe even when no webhook arrived', async () => {
    // Prepare: a checkout paid while our webhook was unreachable.
    stripe.setWebhookUrl('');
    await call('PUT', '/api/alert-preferences', other, prefs(other));
    const checkout = await call('POST', '/api/subscription/checkout', other, { tier: 'silver' });
    stripe.completeCheckout(String(checkout.body.url).split('/').pop() as string);
    expect((await call('GET', '/api/subscription', other)).body.isActive).toBe(false);
    // Act
    const synced = await call('POST', '/api/subscription/sync', other);
    stripe.setWebhookUrl(`${api.baseUrl}/api/payments/webhook`);
    // Assess
    expect(synced.body).toMatchObject({ isActive: true, subscription: { tier: 'silver' } });
  });

  it('one user never sees another user’s preferences or subscription', async () => {
    const mine = await call('GET', '/api/alert-preferences', buyer);
    const theirs = await call('GET', '/api/alert-preferences', other);
    expect(mine.body.preferences.email).toBe(buyer.email);
    expect(theirs.body.preferences.email).toBe(other.email);
    expect((await call('GET', '/api/subscription', other)).body.subscription.tier).toBe('silver');
    expect((await call('GET', '/api/subscription', buyer)).body.subscription.tier).toBe('gold');
    for (const [m, p] of [
      ['GET', '/api/alert-preferences'],
      ['GET', '/api/subscription'],
      ['POST', '/api/subscription/sync'],
      ['POST', '/api/subscription/portal'],
      ['PATCH', '/api/alert-settings'],
    ] as const) {
      expect((await call(m, p, null, m === 'GET' ? undefined : {})).status, `${m} ${p}`).toBe(401);
    }
  });

  it('cancelling in the portal keeps the plan until the period ends, then it is gone', async () => {
    const portal = await call('POST', '/api/subscription/portal', buyer, { action: 'cancel' });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toContain('/_dev/stripe/portal/');
    const sub = (await stored(buyer.userId)) as { subscriptionId: string };

    stripe.cancelAtPeriodEnd(sub.subscriptionId, true);
    await stripe.idle();
    expect((await call('GET', '/api/subscription', buyer)).body).toMatchObject({
      isActive: true,
      subscription: { status: 'active', cancelAtPeriodEnd: true },
    });

    stripe.endPeriodNow(sub.subscriptionId);
    await stripe.idle();
    const ended = await call('GET', '/api/subscription', buyer);
    expect(ended.body).toMatchObject({ isActive: false, subscription: { status: 'canceled' } });
  });
});

describe('webhook: signature, idempotency and order', () => {
  it('answers 400 to a bad signature or an old timestamp, and writes nothing', async () => {
    const user = await createTestUser();
    const subId = await (async () => {
      stripe.setWebhookUrl('');
      await call('PUT', '/api/alert-preferences', user, prefs(user));
      const checkout = await call('POST', '/api/subscription/checkout', user, { tier: 'gold' });
      const session = stripe.completeCheckout(String(checkout.body.url).split('/').pop() as string);
      stripe.setWebhookUrl(`${api.baseUrl}/api/payments/webhook`);
      return String(session.subscription);
    })();
    const event = stripe.events.find(
      (e) => e.type === 'customer.subscription.created' && (e.data as { object: { id: string } }).object.id === subId,
    ) as object;
    const payload = JSON.stringify(event);

    const forged = await postWebhook(payload, signer.generateTestHeaderString({ payload, secret: 'whsec_wrong' }));
    const tampered = await postWebhook(
      payload.replace('"active"', '"canceled"'),
      signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    const old = await postWebhook(
      payload,
      signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 }),
    );
    const unsigned = await fetch(`${api.baseUrl}/api/payments/webhook`, { method: 'POST', body: payload });

    expect([forged.status, tampered.status, old.status, unsigned.status]).toEqual([400, 400, 400, 400]);
    expect(await stored(user.userId)).toBeUndefined();

    // The genuine delivery, with the exact bytes, is accepted (no refused one took the event's lease).
    expect((await postWebhook(payload)).body.outcome).toBe('processed');
    expect(await stored(user.userId)).toMatchObject({ status: 'active', tier: 'gold' });
  });

  it('processes the same event once when delivered 100 times in a row and 20 times at once', async () => {
    const user = await createTestUser();
    stripe.setWebhookUrl('');
    await call('PUT', '/api/alert-preferences', user, prefs(user));
    const checkout = await call('POST', '/api/subscription/checkout', user, { tier: 'platinum' });
    const session = stripe.completeCheckout(String(checkout.body.url).split('/').pop() as string);
    stripe.setWebhookUrl(`${api.baseUrl}/api/payments/webhook`);
    const events = stripe.events.filter((e) => JSON.stringify(e).includes(String(session.subscription)));
    const [first, second] = events.map((e) => JSON.stringify(e));

    const sequential: string[] = [];
    for (let i = 0; i < 100; i++) sequential.push(String((await postWebhook(first)).body.outcome));
    const parallel = (await Promise.all(Array.from({ length: 20 }, () => postWebhook(second)))).map((r) =>
      r.status === 409 ? String(r.body.error?.code) : String(r.body.outcome),
    );

    expect(sequential.filter((o) => o === 'processed')).toHaveLength(1);
    expect(sequential.filter((o) => o === 'duplicate')).toHaveLength(99);
    // A delivery while another holds the lease gets 409 (Stripe retries it), one after it 'duplicate'.
    expect(parallel.filter((o) => o === 'processed')).toHaveLength(1);
    expect(parallel.filter((o) => o === 'duplicate' || o === 'CONFLICT')).toHaveLength(19);
    expect((await postWebhook(second)).body.outcome).toBe('duplicate');
    expect(await stored(user.userId)).toMatchObject({ status: 'active', tier: 'platinum' });
  }, 60_000);

  it('honours a base64-encoded body exactly as API Gateway passes it', async () => {
    const { handler } = await import('./stripe-webhook.js');
    const event = stripe.events[stripe.events.length - 1];
    const payload = JSON.stringify(event);
    const header = signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const result = (await handler(
      {
        body: Buffer.from(payload).toString('base64'),
        isBase64Encoded: true,
        headers: { 'stripe-signature': header },
        requestContext: {},
      } as never,
      {} as never,
    )) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body).outcome).toMatch(/processed|duplicate|ignored/);
  });

  it('ends in Stripe’s latest state whatever order the events arrive in', async () => {
    // Prepare: a subscription changed four times while our webhook was unreachable.
    const user = await createTestUser();
    stripe.setWebhookUrl('');
    await call('PUT', '/api/alert-preferences', user, prefs(user));
    const checkout = await call('POST', '/api/subscription/checkout', user, { tier: 'silver' });
    const subId = String(stripe.completeCheckout(String(checkout.body.url).split('/').pop() as string).subscription);
    stripe.cancelAtPeriodEnd(subId, true);
    stripe.cancelAtPeriodEnd(subId, false);
    const latest = stripe.cancelAtPeriodEnd(subId, true);
    stripe.setWebhookUrl(`${api.baseUrl}/api/payments/webhook`);
    const events = stripe.events.filter((e) => JSON.stringify(e).includes(subId)).map((e) => JSON.stringify(e));
    // Act: delivered newest first, then shuffled again.
    const shuffled = [...events].reverse();
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = (i * 7 + 3) % (i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    for (const payload of shuffled) expect((await postWebhook(payload)).status).toBe(200);
    // Assess
    expect(await stored(user.userId)).toMatchObject({ subscriptionId: subId, status: 'active', cancelAtPeriodEnd: true });
    expect(latest.cancel_at_period_end).toBe(true);
  });
});
