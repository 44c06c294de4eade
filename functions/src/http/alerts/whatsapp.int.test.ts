import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMail } from '../../../../dev/mail/store.js';
import type { StripeStandIn } from '../../../../dev/stripe/stand-in.js';
import {
  type TestApi,
  type TestUser,
  createTestUser,
  startTestApi,
  testMailDir,
  apiCaller,
  whatsAppMessages,
} from '../../../../dev/testing/harness.js';
import { keys } from '../../adapters/dynamodb/keys.js';
import { alertEventSubscriptions } from '../../alerts-rows.js';
import { waitForMail } from '../../../../dev/mail/store.test-support.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const WHATSAPP_CODE_TEMPLATE = 'truckyard_verification_code';

/**
 * Issue 23: a WhatsApp number is verified with a 6-digit code (10 minutes, 5 tries, only a hash
 * stored) before alerts go to it. Issue 22: without a sender, a subscriber who turned e-mail off
 * gets the alert by e-mail and the dashboard shows a warning; the alert is not recorded as sent by
 * WhatsApp. Through the local API server, the WhatsApp stand-in (dev/whatsapp) and the mail catcher.
 */
let api: TestApi;
let stripe: StripeStandIn;
let ddb: DynamoDBDocumentClient;
let dealer: TestUser;
const MODEL = `Wv${Date.now().toString(36)}`;
let phoneSeq = 100;
const nextPhone = () => {
  phoneSeq++;
  return { local: `07700 900${phoneSeq}`, e164: `+447700900${phoneSeq}` };
};

const call = apiCaller(() => api);

/** A platinum subscriber with WhatsApp opted in (not verified), on instant alerts. */
async function platinum(phone: string) {
  const who = await createTestUser({ name: 'Wendy WhatsApp' });
  const prefs = { name: who.name, phone, email: who.email, make: 'volvo', model: MODEL, whatsappOptedIn: true };
  expect((await call('PUT', '/api/alert-preferences', who, prefs)).status).toBe(200);
  const checkout = await call('POST', '/api/subscription/checkout', who, { tier: 'platinum' });
  stripe.completeCheckout(String(checkout.body.url).split('/').pop() as string);
  await stripe.idle();
  expect((await call('PATCH', '/api/alert-settings', who, { frequency: 'instant', whatsapp: true })).status).toBe(200);
  return who;
}

const codesTo = async (e164: string) =>
  (await whatsAppMessages(api.baseUrl, e164)).filter((m) => m.template === WHATSAPP_CODE_TEMPLATE).map((m) => m.parameters[0]);
const alertsTo = async (e164: string) => (await whatsAppMessages(api.baseUrl, e164)).filter((m) => m.template === 'truck_alert');
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function createListing(price: number) {
  const res = await call('POST', '/api/my-listings', dealer, {
    make: 'volvo',
    model: `FH ${MODEL}`,
    year: 2019,
    category: 'articulated',
    price,
    vatStatus: 'plus_vat',
    contactName: 'Dee Dealer',
    phone: '07700 900555',
    location: 'Leeds',
    postcode: 'LS1 4AP',
  });
  expect(res.status).toBe(201);
  await api.server.bus.idle();
  return String(res.body.id);
}

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'whatsapp', subscriptions: alertEventSubscriptions });
  stripe = api.server.stripe as StripeStandIn;
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  dealer = await createTestUser({ name: 'Dee Dealer' });
}, 120_000);

afterAll(async () => {
  ddb?.destroy();
  await api?.close();
});

describe('WhatsApp number verification (issue 23)', () => {
  it('an unverified number gets no WhatsApp alert; the code verifies it, and then alerts go', async () => {
    // Prepare
    const phone = nextPhone();
    const who = await platinum(phone.local);
    expect((await call('GET', '/api/subscription', who)).body.whatsapp).toEqual({ phone: phone.e164, verified: false, problem: null });
    await createListing(41_000);
    await waitForMail(testMailDir(), { to: who.email });
    expect(await alertsTo(phone.e164)).toEqual([]);

    // Act: ask for a code
    const sent = await call('POST', '/api/alert-preferences/whatsapp/code', who, {});
    // Assess: the stand-in got it, it shows at /_dev/whatsapp, and only a hash is stored
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ phone: phone.e164, verified: false, triesLeft: 5 });
    expect(Date.parse(sent.body.codeExpiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(sent.body.codeExpiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const [code] = await codesTo(phone.e164);
    expect(code).toMatch(/^\d{6}$/);
    const page = await (await fetch(`${api.baseUrl}/_dev/whatsapp`)).text();
    expect(page).toContain(code);
    const stored = (await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.whatsappCode(who.userId) }))).Item;
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(`"${code}"`);

    // A second code within the minute is refused; bad input is a clear 400.
    expect((await call('POST', '/api/alert-preferences/whatsapp/code', who, {})).status).toBe(429);
    const bad = await call('POST', '/api/alert-preferences/whatsapp/verify', who, { code: '12ab' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Enter the 6-digit code we sent you on WhatsApp');
    const miss = await call('POST', '/api/alert-preferences/whatsapp/verify', who, { code: wrong(code) });
    expect(miss.status).toBe(400);
    expect(miss.body.error.message).toBe('That code is not right. 4 tries left.');

    // Act: the right code
    const ok = await call('POST', '/api/alert-preferences/whatsapp/verify', who, { code });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ phone: phone.e164, verified: true });
    expect((await call('GET', '/api/subscription', who)).body.whatsapp.verified).toBe(true);
    expect((await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.whatsappCode(who.userId) }))).Item).toBeUndefined();

    // Assess: the next alert goes by WhatsApp too.
    await createListing(42_000);
    expect((await alertsTo(phone.e164)).map((m) => m.to)).toEqual([phone.e164]);

    // A changed phone number is unverified again.
    const other = nextPhone();
    const changed = {
      name: who.name,
      phone: other.local,
      email: who.email,
      make: 'volvo',
      model: MODEL,
      whatsappOptedIn: true,
      frequency: 'instant',
    };
    expect((await call('PUT', '/api/alert-preferences', who, changed)).status).toBe(200);
    expect((await call('GET', '/api/subscription', who)).body.whatsapp).toMatchObject({ phone: other.e164, verified: false });
  });

  it('allows 5 tries: after 5 wrong codes even the right one is refused', async () => {
    const phone = nextPhone();
    const who = await platinum(phone.local);
    expect((await call('POST', '/api/alert-preferences/whatsapp/code', who)).status).toBe(200);
    const [code] = await codesTo(phone.e164);
    for (let i = 0; i < 5; i++)
      expect((await call('POST', '/api/alert-preferences/whatsapp/verify', who, { code: wrong(code) })).status).toBe(400);
    const late = await call('POST', '/api/alert-preferences/whatsapp/verify', who, { code });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe('Too many wrong codes. Please ask for a new code.');
    expect((await call('GET', '/api/subscription', who)).body.whatsapp.verified).toBe(false);
  });

  it('a code older than 10 minutes is refused', async () => {
    const phone = nextPhone();
    const who = await platinum(phone.local);
    expect((await call('POST', '/api/alert-preferences/whatsapp/code', who)).status).toBe(200);
    const [code] = await codesTo(phone.e164);
    // The stored code's clock moved back past its 10 minutes.
    await ddb.send(
      new UpdateCommand({
        TableName: api.tableName,
        Key: keys.whatsappCode(who.userId),
        UpdateExpression: 'SET validUntil = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const late = await call('POST', '/api/alert-preferences/whatsapp/verify', who, { code });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe('That code has expired. Please ask for a new code.');
  });

  it('without a WhatsApp sender, asking for a code is a clear 503, not a 500', async () => {
    const phone = nextPhone();
    const who = await platinum(phone.local);
    const saved = process.env.WHATSAPP_PHONE_NUMBER_ID;
    delete process.env.WHATSAPP_PHONE_NUMBER_ID;
    try {
      const res = await call('POST', '/api/alert-preferences/whatsapp/code', who);
      expect(res.status).toBe(503);
      expect(res.body.error.message).toContain('We cannot send WhatsApp messages right now');
    } finally {
      process.env.WHATSAPP_PHONE_NUMBER_ID = saved;
    }
  });
});

describe('WhatsApp cannot be sent (issue 22)', () => {
  it('a subscriber who turned e-mail off gets the alert by e-mail saying so, the dashboard warns, and it is not recorded as sent by WhatsApp', async () => {
    // Prepare: verified WhatsApp, e-mail off; then the sender goes (no WHATSAPP_PHONE_NUMBER_ID).
    const phone = nextPhone();
    const who = await platinum(phone.local);
    expect((await call('POST', '/api/alert-preferences/whatsapp/code', who)).status).toBe(200);
    const [code] = await codesTo(phone.e164);
    expect((await call('POST', '/api/alert-preferences/whatsapp/verify', who, { code })).status).toBe(200);
    expect((await call('PATCH', '/api/alert-settings', who, { email: false })).status).toBe(200);
    const saved = process.env.WHATSAPP_PHONE_NUMBER_ID;
    delete process.env.WHATSAPP_PHONE_NUMBER_ID;
    let id: string;
    try {
      // Act
      id = await createListing(43_000);
    } finally {
      process.env.WHATSAPP_PHONE_NUMBER_ID = saved;
    }
    // Assess
    const [mail] = await waitForMail(testMailDir(), { to: who.email });
    expect(mail.subject).toBe(`New match: 2019 Volvo FH ${MODEL}`);
    expect(mail.text).toContain('We could not send this alert to you on WhatsApp, so it comes by e-mail this once');
    expect(mail.text).toContain('/dashboard');
    expect(await listMail(testMailDir(), { to: who.email })).toHaveLength(1);
    expect(await alertsTo(phone.e164)).toEqual([]);
    const view = (await call('GET', '/api/subscription', who)).body;
    expect(view.whatsapp.problem).toMatchObject({ reason: 'not-configured' });
    const claim = (await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.alertSent(who.userId, id) }))).Item;
    expect(claim?.whatsappUndeliveredAt).toEqual(expect.any(String));
  });
});
