import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMail } from '../../../../dev/mail/store.js';
import type { StripeStandIn } from '../../../../dev/stripe/stand-in.js';
import { type TestApi, type TestUser, createTestUser, startTestApi, testMailDir, apiCaller } from '../../../../dev/testing/harness.js';
import { EQUIPMENT_ITEMS } from '../../../../shared/equipment.js';
import { waitForMail } from '../../../../dev/mail/store.test-support.js';

/**
 * Equipment checkout (issue 10 §7) against the real stand-ins and the local Stripe stand-in: a
 * Checkout Session in payment mode priced by the server, the order stored once by the webhook
 * however often Stripe delivers, the buyer's confirmation e-mail, and the order in the staff Inbox.
 */
let api: TestApi;
let stripe: StripeStandIn;
let ddb: DynamoDBDocumentClient;
let buyer: TestUser;
let admin: TestUser;

const call = apiCaller(() => api);

const inStock = EQUIPMENT_ITEMS.filter((i) => i.inStock);
const outOfStock = EQUIPMENT_ITEMS.find((i) => !i.inStock);
const pence = (pounds: number) => Math.round(pounds * 100);

const ordersInTable = async () =>
  (
    await ddb.send(
      new QueryCommand({
        TableName: api.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': 'ORDERS' },
      }),
    )
  ).Items ?? [];

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'equipment' });
  stripe = api.server.stripe as StripeStandIn;
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  [buyer, admin] = await Promise.all([createTestUser({ name: 'Bob Buyer' }), createTestUser({ name: 'Ada Admin', groups: ['admins'] })]);
});

afterAll(async () => {
  ddb?.destroy();
  await api?.close();
});

describe('equipment checkout', () => {
  it('refuses visitors (401) and carts that are empty, unknown, out of stock, duplicated or carry a price (400)', async () => {
    const line = { id: inStock[0].id, quantity: 1 };
    expect((await call('POST', '/api/equipment/checkout', null, { lines: [line] })).status).toBe(401);
    for (const lines of [
      [],
      [{ id: 'no-such-thing', quantity: 1 }],
      [{ id: outOfStock?.id ?? 'x', quantity: 1 }],
      [line, line],
      [{ ...line, quantity: 0 }],
      [{ ...line, quantity: 100 }],
      [{ ...line, price: 0.01 }],
    ]) {
      const res = await call('POST', '/api/equipment/checkout', buyer, { lines });
      expect(res.status, JSON.stringify(lines)).toBe(400);
    }
    expect(await ordersInTable()).toEqual([]);
  });

  it('checkout in payment mode priced from the catalogue → paid → one order, one confirmation e-mail, however often the webhook comes', async () => {
    // Prepare
    const [a, b] = inStock;
    const expected = pence(a.price) * 2 + pence(b.price) * 3;
    // Act: the checkout and the hosted page's "pay".
    const checkout = await call('POST', '/api/equipment/checkout', buyer, {
      lines: [
        { id: a.id, quantity: 2 },
        { id: b.id, quantity: 3 },
      ],
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const sessionId = String(checkout.body.url).split('/').pop() as string;
    const session = stripe.completeCheckout(sessionId);
    await stripe.idle();
    // Assess: Stripe charged the server's prices.
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: expected,
      success_url: expect.stringContaining('/equipment/order-success'),
    });
    const [mail] = await waitForMail(testMailDir(), { to: buyer.email });
    expect(mail.subject).toMatch(/^Your TruckYard equipment order /);
    expect(mail.text).toContain(`2 × ${a.name}`);
    expect(mail.text).toContain(`Total paid (inc. VAT): £${(expected / 100).toFixed(2)}`);

    // Act: Stripe delivers the same event again, three times, one of them in parallel with another.
    const completed = stripe.events.find(
      (e) => e.type === 'checkout.session.completed' && (e.data as { object: { id: string } }).object.id === sessionId,
    );
    expect(completed).toBeDefined();
    await stripe.redeliver(String(completed?.id));
    await Promise.all([stripe.redeliver(String(completed?.id)), stripe.redeliver(String(completed?.id))]);
    await stripe.idle();
    // Assess: one order, one e-mail.
    const orders = await ordersInTable();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      id: sessionId,
      userId: buyer.userId,
      amountTotal: expected,
      paymentStatus: 'paid',
      lines: [
        { id: a.id, quantity: 2, unitAmount: pence(a.price) },
        { id: b.id, quantity: 3, unitAmount: pence(b.price) },
      ],
    });
    expect(
      (await listMail(testMailDir(), { to: buyer.email })).filter((m) => m.subject.startsWith('Your TruckYard equipment order')),
    ).toHaveLength(1);
  });

  it('shows the order in the staff Inbox, where staff track it like the other sources', async () => {
    // Act
    const inbox = await call('GET', '/api/admin/inbox/orders', admin);
    // Assess
    expect(inbox.status).toBe(200);
    expect(inbox.body.items).toHaveLength(1);
    const [item] = inbox.body.items;
    expect(item).toMatchObject({ kind: 'orders', email: buyer.email, status: 'new' });
    expect(item.subject).toMatch(/^Equipment order TY-[A-Z0-9]{8}: £\d+\.\d{2} · Paid$/);
    const updated = await call('PATCH', `/api/admin/inbox/orders/${item.id}`, admin, {
      status: 'in_progress',
      note: 'Dispatched by courier',
    });
    expect(updated.status).toBe(200);
    expect((await call('GET', '/api/admin/inbox/orders', admin)).body.items[0]).toMatchObject({
      status: 'in_progress',
      note: 'Dispatched by courier',
    });
    // Buyers are not staff.
    expect((await call('GET', '/api/admin/inbox/orders', buyer)).status).toBe(403);
    // The order stays paid whatever staff set on it.
    expect((await ordersInTable())[0].paymentStatus).toBe('paid');
  });

  it('puts the order in the buyer’s data download', async () => {
    const data = await call('GET', '/api/me/export', buyer);
    expect(data.body.equipmentOrders).toHaveLength(1);
    expect(data.body.equipmentOrders[0]).toMatchObject({ userId: buyer.userId, paymentStatus: 'paid' });
  });
});

describe('delivering equipment orders (issue 24 §3)', () => {
  /** A paid order of the buyer's, completed on the stand-in with `details` typed on its page. */
  async function paidOrder(who: TestUser) {
    const checkout = await call('POST', '/api/equipment/checkout', who, { lines: [{ id: inStock[0].id, quantity: 1 }] });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const sessionId = String(checkout.body.sessionId);
    expect(checkout.body.url).toContain(sessionId);
    stripe.completeCheckout(sessionId, {
      details: { name: 'Bob Buyer', line1: '4 Mill Lane', city: 'Halifax', postcode: 'HX1 1AA', country: 'GB', phone: '+447700900555' },
    });
    await stripe.idle();
    return sessionId;
  }
  const stripeGet = async (path: string) =>
    (await (await fetch(`${api.baseUrl}/v1/${path}`, { headers: { authorization: 'Bearer sk_test_truckyard_local' } })).json()) as Record<
      string,
      // biome-ignore lint/suspicious/noExplicitAny: test reads nested JSON fields freely
      any
    >;
  /** The buyer's e-mails with this subject, once there is one (the mailer sends asynchronously). */
  async function mailWith(subject: string) {
    for (let i = 0; i < 100; i++) {
      const found = (await listMail(testMailDir(), { to: buyer.email })).filter((m) => m.subject === subject);
      if (found.length) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`No e-mail "${subject}"`);
  }
  const mailsAbout = async (reference: string) =>
    (await listMail(testMailDir(), { to: buyer.email })).filter((m) => m.subject.includes(reference) || m.text.includes(reference));

  it('asks Stripe Checkout for a GB delivery address and a phone, stores both, and e-mails a VAT receipt with the reference', async () => {
    const sessionId = await paidOrder(buyer);
    // Assess: the session asked for the fields, as Stripe's API takes them.
    const session = await stripeGet(`checkout/sessions/${sessionId}`);
    expect(session.shipping_address_collection).toEqual({ allowed_countries: ['GB'] });
    expect(session.phone_number_collection).toEqual({ enabled: true });
    const [order] = (await ordersInTable()).filter((o) => o.id === sessionId);
    expect(order).toMatchObject({
      reference: expect.stringMatching(/^TY-[A-Z0-9]{8}$/),
      orderStatus: 'paid',
      phone: '+447700900555',
      shipping: { name: 'Bob Buyer', line1: '4 Mill Lane', city: 'Halifax', postcode: 'HX1 1AA', country: 'GB' },
      paymentIntentId: expect.stringMatching(/^pi_/),
    });
    const receipt = (await mailsAbout(order.reference)).find((m) => m.subject.includes('VAT receipt'));
    const vat = Math.round(order.amountTotal / 6);
    expect(receipt?.text).toContain(`VAT at 20%: £${(vat / 100).toFixed(2)}`);
    expect(receipt?.text).toContain('14 days');
    expect(receipt?.text).toContain('4 Mill Lane');
  });

  it('staff dispatch (carrier, tracking), deliver and refund it from the Inbox, audited, the buyer e-mailed; /account shows each status', async () => {
    const sessionId = await paidOrder(buyer);
    const [order] = (await ordersInTable()).filter((o) => o.id === sessionId);
    const status = (body: unknown, who: TestUser = admin) => call('POST', `/api/admin/orders/${sessionId}/status`, who, body);
    const mine = async () =>
      ((await call('GET', '/api/me/equipment-orders', buyer)).body.orders as Array<Record<string, unknown>>).find(
        (o) => o.id === sessionId,
      );

    // Refused: buyers, bad input, a step out of order, an unknown order.
    expect((await status({ status: 'dispatched' }, buyer)).status).toBe(403);
    expect((await status({ status: 'shipped' })).status).toBe(400);
    expect((await status({ status: 'dispatched', trackingReference: '<script>' })).status).toBe(400);
    expect((await status({ status: 'delivered' })).status).toBe(409);
    expect((await call('POST', '/api/admin/orders/cs_test_nosuchorder1/status', admin, { status: 'delivered' })).status).toBe(404);
    expect(await mine()).toMatchObject({ orderStatus: 'paid', reference: order.reference });

    // Dispatched, with the carrier and tracking reference: the dispatch e-mail the confirmation promised.
    const dispatched = await status({ status: 'dispatched', carrier: 'DPD', trackingReference: '1550 1234 5678' });
    expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
    const [dispatchMail] = await mailWith(`Your TruckYard order ${order.reference} has been dispatched`);
    expect(dispatchMail.text).toContain('Tracking reference: 1550 1234 5678');
    expect(dispatchMail.text).toContain('Carrier: DPD');
    expect(await mine()).toMatchObject({ orderStatus: 'dispatched', carrier: 'DPD', trackingReference: '1550 1234 5678' });
    const inbox = (await call('GET', '/api/admin/inbox/orders', admin)).body.items.find((i: { id: string }) => i.id === sessionId);
    expect(inbox.subject).toContain(`${order.reference}:`);
    expect(inbox.details).toMatchObject({ reference: order.reference, orderStatus: 'dispatched', phone: '+447700900555' });

    expect((await status({ status: 'delivered' })).status).toBe(200);
    expect(await mine()).toMatchObject({ orderStatus: 'delivered' });

    // Refunded through Stripe's refund API, with an e-mail; a second refund is refused.
    expect((await status({ status: 'refunded' })).status).toBe(200);
    const [refundMail] = await mailWith(`Your TruckYard order ${order.reference} has been refunded`);
    expect(refundMail.text).toContain(order.reference);
    const [stored] = (await ordersInTable()).filter((o) => o.id === sessionId);
    const refund = await stripeGet(`refunds/${stored.refundId}`);
    expect(refund).toMatchObject({ payment_intent: order.paymentIntentId, status: 'succeeded', amount: order.amountTotal });
    expect((await status({ status: 'refunded' })).status).toBe(409);
    expect(await mine()).toMatchObject({ orderStatus: 'refunded' });

    // Every change is in the audit log.
    const audit = await ddb.send(
      new QueryCommand({
        TableName: api.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': 'AUDIT' },
      }),
    );
    const entries = (audit.Items ?? []).filter((e) => e.resourceType === 'order' && e.resourceId === sessionId);
    expect(entries.map((e) => (e.details as { to: { orderStatus: string } }).to.orderStatus).sort()).toEqual([
      'delivered',
      'dispatched',
      'refunded',
    ]);
  });

  it('cancels a paid order before dispatch with a refund; an order is shown only to its buyer', async () => {
    const sessionId = await paidOrder(buyer);
    expect((await call('POST', `/api/admin/orders/${sessionId}/status`, admin, { status: 'cancelled' })).status).toBe(200);
    const [stored] = (await ordersInTable()).filter((o) => o.id === sessionId);
    expect(stored).toMatchObject({ orderStatus: 'cancelled', refundId: expect.stringMatching(/^re_/) });
    await mailWith(`Your TruckYard order ${stored.reference} has been cancelled and refunded`);

    expect((await call('GET', `/api/equipment/orders/${sessionId}`, buyer)).body).toMatchObject({ reference: stored.reference });
    expect((await call('GET', `/api/equipment/orders/${sessionId}`, admin)).status).toBe(404);
    expect((await call('GET', `/api/equipment/orders/${sessionId}`, null)).status).toBe(401);
    expect((await call('GET', '/api/equipment/orders/not-a-session', buyer)).status).toBe(404);
  });
});
