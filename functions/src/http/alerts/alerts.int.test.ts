import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
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
import { signUnsubscribeToken } from '../../domain/alerts/unsubscribe-token.js';
import { createListingsRepo } from '../../adapters/dynamodb/listings-repo.js';
import { scrapedRecord } from '../../domain/listings/test-fixtures.js';
import { solvedChallenge } from '../../../../dev/testing/challenge.js';
import { waitForMail } from '../../../../dev/mail/store.test-support.js';

/**
 * Issue 10 §4, §5, §9: instant platinum alerts on listing.created (e-mail, WhatsApp only with
 * opt-in), daily digests through the queue (run twice: no duplicates), unpaid users get nothing,
 * floods, and signed one-click unsubscribe links.
 */
let api: TestApi;
let stripe: StripeStandIn;
let ddb: DynamoDBDocumentClient;
let dealer: TestUser;
let platinumWa: TestUser;
let platinumNoWa: TestUser;
let gold: TestUser;
let unpaid: TestUser;
const mailDir = () => testMailDir();
/** A model nobody else uses, so only this file's listings match. */
const MODEL = `Zq${Date.now().toString(36)}`;
const KEY = 'unsubscribe-local-signing-key';

const call = apiCaller(() => api);

async function subscribe(who: TestUser, tier: string, extra: Record<string, unknown> = {}) {
  const prefs = { name: who.name, phone: '07700 900123', email: who.email, make: 'volvo', model: MODEL, frequency: 'daily', ...extra };
  expect((await call('PUT', '/api/alert-preferences', who, prefs)).status).toBe(200);
  const checkout = await call('POST', '/api/subscription/checkout', who, { tier });
  stripe.completeCheckout(String(checkout.body.url).split('/').pop() as string);
  await stripe.idle();
  expect((await call('GET', '/api/subscription', who)).body.isActive).toBe(true);
}

const listingBody = (extra: Record<string, unknown> = {}) => ({
  make: 'volvo',
  model: `FH ${MODEL}`,
  year: 2019,
  category: 'articulated',
  price: 45000,
  vatStatus: 'plus_vat',
  contactName: 'Dee Dealer',
  phone: '07700 900555',
  location: 'Leeds',
  postcode: 'LS1 4AP',
  ...extra,
});

async function createListing(extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/my-listings', dealer, listingBody(extra));
  expect(res.status).toBe(201);
  await api.server.bus.idle();
  return String(res.body.id);
}

const alertMail = async (to: string) => (await listMail(mailDir(), { to })).filter((m) => /match|truck alert|Price drop/i.test(m.subject));

beforeAll(async () => {
  // Only the alert consumers: the search, sitemap and price-model ones are not under test here.
  api = await startTestApi({ tablePrefix: 'alerts', subscriptions: alertEventSubscriptions });
  stripe = api.server.stripe as StripeStandIn;
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  [dealer, platinumWa, platinumNoWa, gold, unpaid] = await Promise.all([
    createTestUser({ name: 'Dee Dealer' }),
    createTestUser({ name: 'Pat Platinum' }),
    createTestUser({ name: 'Pip Platinum' }),
    createTestUser({ name: 'Gil Gold' }),
    createTestUser({ name: 'Una Unpaid' }),
  ]);
  await subscribe(platinumWa, 'platinum', { whatsappOptedIn: true, phone: '07700 900111', frequency: 'weekly' });
  // WhatsApp alerts go only to a verified number (issue 23): the code comes through the stand-in.
  expect((await call('POST', '/api/alert-preferences/whatsapp/code', platinumWa, {})).status).toBe(200);
  const [codeMessage] = await whatsAppMessages(api.baseUrl, '+447700900111');
  expect((await call('POST', '/api/alert-preferences/whatsapp/verify', platinumWa, { code: codeMessage.parameters[0] })).status).toBe(200);
  await subscribe(platinumNoWa, 'platinum', { whatsappOptedIn: false, phone: '07700 900222' });
  await subscribe(gold, 'gold');
  await call('PUT', '/api/alert-preferences', unpaid, { name: unpaid.name, phone: '07700 900333', email: unpaid.email, model: MODEL });
  // Preferences say weekly, the platinum plan is instant: instant needs the preference to allow it.
  await call('PATCH', '/api/alert-settings', platinumWa, { frequency: 'instant' });
  await call('PATCH', '/api/alert-settings', platinumNoWa, { frequency: 'instant' });
}, 120_000);

afterAll(async () => {
  ddb?.destroy();
  await api?.close();
});

describe('instant alerts (platinum)', () => {
  it('a matching new listing reaches platinum subscribers by e-mail at once, and by WhatsApp only with opt-in', async () => {
    const id = await createListing();

    const [mail] = await waitForMail(mailDir(), { to: platinumWa.email });
    expect(mail.subject).toContain(`New match: 2019 Volvo FH ${MODEL}`);
    expect(mail.text).toContain('£45,000 +VAT');
    expect(mail.text).toContain('Why it matched: Make: Volvo; Model: FH');
    expect(mail.text).toContain(`/truck/${id}`);
    expect(mail.headers?.['list-unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/api\/alerts\/unsubscribe\?token=.+>$/);
    expect(mail.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    await waitForMail(mailDir(), { to: platinumNoWa.email });

    const wa = (await whatsAppMessages(api.baseUrl)).filter((m) => m.template === 'truck_alert');
    expect(wa.map((m) => m.to)).toEqual(['+447700900111']);
    expect(wa[0].parameters.join(' ')).toContain(`Volvo FH ${MODEL}`);

    // Gold is daily, and the unpaid user gets nothing.
    expect(await alertMail(gold.email)).toEqual([]);
    expect(await alertMail(unpaid.email)).toEqual([]);
  });

  it('a non-matching listing sends nothing', async () => {
    const before = (await alertMail(platinumNoWa.email)).length;
    await createListing({ make: 'daf' });
    expect((await alertMail(platinumNoWa.email)).length).toBe(before);
  });

  it('a flood (more than 3 within 10 minutes) goes out as one message', async () => {
    const before = (await alertMail(platinumNoWa.email)).length;
    for (let i = 0; i < 5; i++) await createListing({ price: 40000 + i });
    // Two more individually (3 in the window with the first test's), then held.
    expect((await alertMail(platinumNoWa.email)).length).toBe(before + 2);
    const { handler } = await import('../../jobs/alerts-flush.js');
    expect(await handler()).toMatchObject({ messages: expect.any(Number) });
    const after = await alertMail(platinumNoWa.email);
    expect(after.length).toBe(before + 3);
    expect(after.some((m) => /3 new trucks match/.test(m.subject))).toBe(true);
  });
});

describe('daily digest (gold)', () => {
  it('sends one digest with the day’s matches through the queue, and nothing more when run again', async () => {
    const { handler } = await import('../../jobs/alerts-daily.js');

    const first = await handler();
    await api.queues.idle();
    const second = await handler();
    await api.queues.idle();

    expect(first.users).toBeGreaterThanOrEqual(1);
    expect(second.users).toBe(first.users);
    const digests = (await alertMail(gold.email)).filter((m) => m.subject.startsWith('Your daily truck alert'));
    expect(digests).toHaveLength(1);
    expect(digests[0].subject).toBe('Your daily truck alert: 6 new matches');
    expect(await alertMail(unpaid.email)).toEqual([]);
    expect(api.queues.deadLetters).toEqual([]);
  });
});

describe('bounces (issue 10 §9)', () => {
  it('a simulated SES bounce stops alerts to that address; other subscribers still get theirs', async () => {
    // Prepare: a second gold subscriber whose address then bounces, through the same path SES
    // bounce notifications take in AWS (SNS → events/ses-notification.ts → the suppression list).
    const bouncing = await createTestUser({ name: 'Bo Bounce' });
    await subscribe(bouncing, 'gold');
    const { handler: onSesNotification, sesNotificationEvent } = await import('../../events/ses-notification.js');
    expect(await onSesNotification(sesNotificationEvent(bouncing.email.toUpperCase(), 'Bounce'))).toEqual({ suppressed: 1 });
    await createListing({ price: 39000 });
    const goldBefore = (await alertMail(gold.email)).length;
    const { handler: runDaily } = await import('../../jobs/alerts-daily.js');
    // Act
    await runDaily();
    await api.queues.idle();
    // Assess: the other gold subscriber got the new match; the bounced address got nothing at all.
    const goldAfter = await alertMail(gold.email);
    expect(goldAfter.length).toBe(goldBefore + 1);
    expect(goldAfter.filter((m) => m.subject === 'Your daily truck alert: 1 new match')).toHaveLength(1);
    expect(await listMail(mailDir(), { to: bouncing.email })).toEqual([]);
    expect(api.queues.deadLetters).toEqual([]);
  });
});

describe('scraper runs (platinum)', () => {
  it('a run’s scraped listings reach a platinum subscriber as ONE message, and a redelivered run event sends nothing', async () => {
    // Prepare: a platinum subscriber with no recent alerts (the flood window is per user), and five
    // matching listings one scraper run found; the scraper emits one event per run, not per listing.
    const fresh = await createTestUser({ name: 'Sid Scraped' });
    await subscribe(fresh, 'platinum', { whatsappOptedIn: false });
    await call('PATCH', '/api/alert-settings', fresh, { frequency: 'instant' });
    const repo = createListingsRepo({ ddb, tableName: api.tableName });
    const now = new Date().toISOString();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = `alertrun${MODEL}${i}`.toLowerCase();
      await repo.putScraped(scrapedRecord(id, { make: 'Volvo', model: `FH ${MODEL}`, price: 30000 + i, scrapedAt: now, updatedAt: now }));
      ids.push(`scraped-${id}`);
    }
    const { handler } = await import('../../events/alerts-scraper-run.js');
    const event = {
      'detail-type': 'scraper.run.completed',
      detail: { runId: `run-${MODEL}`, startedAt: now, finishedAt: now, newListingIds: ids, newListingCount: ids.length },
    };
    // Act
    const first = await handler(event);
    const again = await handler(event);
    // Assess
    // The two earlier platinum subscribers are at the flood limit from the tests above: their 5 each
    // are held for the flush job's one combined message.
    expect(first).toEqual({ messages: 1, sent: 5, held: 10 });
    expect(again).toMatchObject({ messages: 0, sent: 0 });
    const mails = await alertMail(fresh.email);
    expect(mails.map((m) => m.subject)).toEqual(['5 new trucks match your alert']);
    for (let i = 0; i < 5; i++) expect(mails[0].text).toContain(`£30,00${i}`);
  });
});

describe('price drops', () => {
  it('re-notifies those alerted about a listing when its price falls, once', async () => {
    const id = await createListing({ price: 50000 });
    const before = (await alertMail(platinumWa.email)).length;
    const { handler } = await import('../../events/alerts-price-drop.js');
    const event = {
      'detail-type': 'listing.updated',
      detail: { listingId: id, source: 'owner', oldPrice: 50000, newPrice: 45000, updatedAt: new Date().toISOString() },
    };
    // The listing itself changes price first (the stored price is what the alert shows).
    await ddb.send(
      new PutCommand({
        TableName: api.tableName,
        Item: {
          ...((await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.listing(id) }))).Item as Record<string, unknown>),
          price: 45000,
        },
      }),
    );
    await handler(event);
    await handler(event);
    const drops = (await alertMail(platinumWa.email)).slice(before).filter((m) => m.subject.startsWith('Price drop'));
    // Flood-held users were not "told" yet; whoever was told hears it once.
    expect(drops.length).toBeLessThanOrEqual(1);
  });
});

describe('unsubscribe links', () => {
  it('GET changes nothing; the one-click POST with the token stops alerts; the plan continues', async () => {
    const token = signUnsubscribeToken(KEY, gold.userId, new Date());
    const check = await fetch(`${api.baseUrl}/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await check.json()).toEqual({ valid: true });
    expect((await call('GET', '/api/subscription', gold)).body.alerts.isActive).toBe(true);

    const post = await fetch(`${api.baseUrl}/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
    const view = (await call('GET', '/api/subscription', gold)).body;
    expect(view.alerts.isActive).toBe(false);
    expect(view.isActive).toBe(true);
  });

  it('a token for one user cannot unsubscribe another; tampered, expired and bare user ids are refused', async () => {
    const mine = signUnsubscribeToken(KEY, platinumNoWa.userId, new Date());
    const [payload, sig] = mine.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ u: platinumWa.userId, exp: 9999999999 })).toString('base64url');
    const attempts = [
      `${forgedPayload}.${sig}`,
      `${payload}.${sig.slice(0, -2)}xx`,
      signUnsubscribeToken('some-other-key', platinumWa.userId, new Date()),
      signUnsubscribeToken(KEY, platinumWa.userId, new Date(Date.now() - 91 * 86400_000)),
      platinumWa.userId,
    ];
    for (const token of attempts) {
      const res = await fetch(`${api.baseUrl}/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' });
      expect(res.status, token).toBe(400);
    }
    expect((await call('GET', '/api/subscription', platinumWa)).body.alerts.isActive).toBe(true);
    expect((await call('GET', '/api/subscription', platinumNoWa)).body.alerts.isActive).toBe(true);
    // ?unsubscribe=<user id> on the dashboard API is not a thing.
    expect((await fetch(`${api.baseUrl}/api/subscription?unsubscribe=${platinumWa.userId}`)).status).toBe(401);
  });
});

describe('priority support (platinum)', () => {
  const message = (who: TestUser) => ({
    firstName: who.name.split(' ')[0],
    lastName: 'Test',
    email: who.email,
    subject: `Help ${MODEL}`,
    message: 'A question about my alerts, please.',
  });

  it('flags a platinum subscriber’s message as priority and promises a shorter reply; others get the usual', async () => {
    const priority = await call('POST', '/api/contact', platinumWa, { ...message(platinumWa), altcha: await solvedChallenge(api.baseUrl) });
    const usual = await call('POST', '/api/contact', gold, { ...message(gold), altcha: await solvedChallenge(api.baseUrl) });
    expect(priority.status).toBe(202);
    expect(priority.body.message).toContain('within 4 hours');
    expect(usual.body.message).toContain('within 24 hours');

    const [ack] = await waitForMail(mailDir(), { to: platinumWa.email, count: 1 }).then((all) =>
      all.filter((m) => m.subject === "We've received your message"),
    );
    expect(ack.text).toContain('within 4 hours');
    const staff = (await listMail(mailDir(), { to: 'support@truckyard.example' })).filter((m) => m.subject.includes(`Help ${MODEL}`));
    expect(staff.map((m) => m.subject.startsWith('[Priority] ')).sort()).toEqual([false, true]);
  });
});
