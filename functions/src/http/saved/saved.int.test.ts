import { SAVED_TRUCK_TTL_DAYS } from '../../../../shared/schemas/saved.js';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../../../../dev/mail/catcher.js';
import { clearMail, listMail } from '../../../../dev/mail/store.js';
import { type TestApi, type TestUser, createTestUser, startTestApi, apiCaller } from '../../../../dev/testing/harness.js';
import { keys } from '../../adapters/dynamodb/keys.js';
import { createListingsRepo } from '../../adapters/dynamodb/listings-repo.js';
import { waitForMail } from '../../../../dev/mail/store.test-support.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const ENQUIRY_RATE_LIMIT = { scope: 'enquiry', limit: 10, windowSeconds: 3600 } as const;

/**
 * Buyer features of issue 3 against the real stand-ins: saved trucks (§7), "Message the seller"
 * (§4) and the dashboard's views and enquiries (§5).
 */
let api: TestApi;
let ddb: DynamoDBDocumentClient;
let mailDir: string;
let catcher: MailCatcher;
let seller: TestUser;
let buyer: TestUser;
let other: TestUser;
let suspended: TestUser;
let listingId: string;
const scrapedId = 'scraped-int-saved-1';

const call = apiCaller(() => api);

const sellBody = (who: TestUser, extra: Record<string, unknown> = {}) => ({
  make: 'daf',
  model: 'XF 480',
  year: 2020,
  category: 'articulated',
  price: 42000,
  contactName: 'Sam Seller',
  phone: '07700 900555',
  email: who.email,
  location: 'Leeds',
  postcode: 'LS1 4AP',
  ...extra,
});

const stats = async (id: string) =>
  (await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.listingStats(id), ConsistentRead: true }))).Item;

beforeAll(async () => {
  mailDir = await mkdtemp(path.join(os.tmpdir(), 'truckyard-saved-mail-'));
  catcher = await startMailCatcher({ port: 0, dir: mailDir });
  api = await startTestApi({ tablePrefix: 'saved' });
  // Handlers send through SMTP to this file's own catcher.
  process.env.MAIL_TRANSPORT = 'smtp';
  process.env.SMTP_HOST = '127.0.0.1';
  process.env.SMTP_PORT = String(catcher.port);
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } });
  [seller, buyer, other, suspended] = await Promise.all([
    createTestUser({ name: 'Sam Seller' }),
    createTestUser({ name: 'Bea Buyer' }),
    createTestUser({ name: 'Olly Other' }),
    createTestUser({ name: 'Suz Suspended' }),
  ]);
  const created = await call('POST', '/api/my-listings', seller, sellBody(seller));
  expect(created.status).toBe(201);
  listingId = String(created.body.id);
  const now = new Date().toISOString();
  await createListingsRepo({ ddb, tableName: api.tableName }).putScraped({
    id: scrapedId.slice('scraped-'.length),
    externalId: 'ext-1',
    sourceWebsite: 'trucks.example',
    sourceUrl: 'https://trucks.example/1',
    make: 'Volvo',
    model: 'FH',
    year: 2018,
    mileage: 400000,
    price: 30000,
    location: 'York',
    dealerName: 'York Trucks',
    dealerContact: '01904 000000',
    category: null,
    fuelType: null,
    transmission: null,
    description: null,
    scrapedAt: now,
    isActive: true,
    updatedAt: now,
  });
  // Suspended the way the admin area will: the profile must exist first.
  expect((await call('GET', '/api/me', suspended)).status).toBe(200);
  await ddb.send(
    new UpdateCommand({
      TableName: api.tableName,
      Key: keys.profile(suspended.userId),
      UpdateExpression: 'SET accountStatus = :s',
      ExpressionAttributeValues: { ':s': 'suspended' },
    }),
  );
});

afterAll(async () => {
  ddb?.destroy();
  await api?.close();
  await catcher?.close();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

describe('saved trucks: PUT, DELETE and GET /api/saved', () => {
  it('refuses anonymous callers with 401', async () => {
    expect((await call('GET', '/api/saved', null)).status).toBe(401);
    expect((await call('PUT', `/api/saved/${listingId}`, null)).status).toBe(401);
    expect((await call('DELETE', `/api/saved/${listingId}`, null)).status).toBe(401);
  });

  it('saves user and scraped trucks, lists them newest first for their owner only, with the TTL the FAQ states', async () => {
    const first = await call('PUT', `/api/saved/${listingId}`, buyer);
    expect(first.status).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    expect((await call('PUT', `/api/saved/${scrapedId}`, buyer)).status).toBe(200);

    const list = await call('GET', '/api/saved', buyer);
    expect(list.status).toBe(200);
    const items = list.body.items as Array<{ listingId: string; listing: { id: string; phone: string | null } | null }>;
    expect(items.map((i) => i.listingId)).toEqual([scrapedId, listingId]);
    expect(items[1].listing).toMatchObject({ id: listingId, phone: null }); // contact details only through POST /api/listings/{id}/contact

    const stored = await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.savedTruck(buyer.userId, listingId) }));
    expect(stored.Item).toMatchObject({ gsi1pk: `SAVEDBY#${listingId}`, gsi1sk: buyer.userId });
    const days = (Number(stored.Item?.expiresAt) - Date.now() / 1000) / 86400;
    // The number the FAQ and the Saved page state (shared/schemas/saved.ts), enforced by the TTL.
    expect(days).toBeCloseTo(SAVED_TRUCK_TTL_DAYS, 2);

    expect((await call('GET', '/api/saved', other)).body.items).toEqual([]);
  });

  it('answers 404 for a truck that does not exist, and 403 to a suspended account', async () => {
    expect((await call('PUT', '/api/saved/01HZZZZZZZZZZZZZZZZZZZZZZZ', buyer)).status).toBe(404);
    const refused = await call('PUT', `/api/saved/${listingId}`, suspended);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('SUSPENDED');
  });

  it('shows a truck that is no longer public as unavailable', async () => {
    const gone = await call('POST', '/api/my-listings', seller, sellBody(seller, { model: 'Going' }));
    const goneId = String(gone.body.id);
    expect((await call('PUT', `/api/saved/${goneId}`, other)).status).toBe(200);
    expect((await call('PATCH', `/api/my-listings/${goneId}/status`, seller, { status: 'inactive' })).status).toBe(200);

    const items = (await call('GET', '/api/saved', other)).body.items as Array<{ listingId: string; listing: unknown }>;
    expect(items).toEqual([expect.objectContaining({ listingId: goneId, listing: null })]);
  });

  it('unsaves (idempotently)', async () => {
    expect((await call('DELETE', `/api/saved/${scrapedId}`, buyer)).status).toBe(204);
    expect((await call('DELETE', `/api/saved/${scrapedId}`, buyer)).status).toBe(204);
    const items = (await call('GET', '/api/saved', buyer)).body.items as Array<{ listingId: string }>;
    expect(items.map((i) => i.listingId)).toEqual([listingId]);
  });
});

describe('views: POST /api/listings/{id}/views', () => {
  it('counts page views by anonymous visitors and other users, not by the owner', async () => {
    const before = Number((await stats(listingId))?.views ?? 0);
    expect((await call('POST', `/api/listings/${listingId}/views`, null)).status).toBe(204);
    expect((await call('POST', `/api/listings/${listingId}/views`, other)).status).toBe(204);
    expect(Number((await stats(listingId))?.views)).toBe(before + 2);

    expect((await call('POST', `/api/listings/${listingId}/views`, seller)).status).toBe(204);
    expect(Number((await stats(listingId))?.views)).toBe(before + 2);

    const mine = (await call('GET', '/api/my-listings', seller)).body.items as Array<{ id: string; views: number; enquiries: number }>;
    expect(mine.find((l) => l.id === listingId)).toMatchObject({ views: before + 2 });
  });

  it('counts each viewer at most once per listing per day', async () => {
    const fresh = await call('POST', '/api/my-listings', seller, sellBody(seller, { model: 'Once' }));
    const id = String(fresh.body.id);
    for (let i = 0; i < 3; i++) {
      expect((await call('POST', `/api/listings/${id}/views`, null)).status).toBe(204);
      expect((await call('POST', `/api/listings/${id}/views`, other)).status).toBe(204);
    }
    expect((await call('POST', `/api/listings/${id}/views`, buyer)).status).toBe(204);
    expect(Number((await stats(id))?.views)).toBe(3);
  });

  it('no longer counts a plain GET /api/listings/{id}', async () => {
    const before = Number((await stats(listingId))?.views ?? 0);
    expect((await call('GET', `/api/listings/${listingId}`, null)).status).toBe(200);
    expect((await call('GET', `/api/listings/${listingId}`, other)).status).toBe(200);
    expect(Number((await stats(listingId))?.views ?? 0)).toBe(before);
  });

  it('counts nothing for scraped, missing or non-public listings, and still answers 204', async () => {
    expect((await call('POST', `/api/listings/${scrapedId}/views`, other)).status).toBe(204);
    expect(await stats(scrapedId)).toBeUndefined();

    const missing = '01HZZZZZZZZZZZZZZZZZZZZZZZ';
    expect((await call('POST', `/api/listings/${missing}/views`, null)).status).toBe(204);
    expect(await stats(missing)).toBeUndefined();

    const hidden = await call('POST', '/api/my-listings', seller, sellBody(seller, { model: 'Hidden' }));
    const hiddenId = String(hidden.body.id);
    expect((await call('PATCH', `/api/my-listings/${hiddenId}/status`, seller, { status: 'inactive' })).status).toBe(200);
    expect((await call('POST', `/api/listings/${hiddenId}/views`, other)).status).toBe(204);
    expect(await stats(hiddenId)).toBeUndefined();
  });
});

describe('enquiries: POST /api/listings/{id}/enquiries and GET /api/my-enquiries', () => {
  beforeEach(() => clearMail(mailDir));

  const message = 'Hello, is the DAF still available? <b>Can I view it Saturday?</b>';

  it('stores the enquiry, counts it, and e-mails the seller with Reply-To the buyer', async () => {
    const res = await call('POST', `/api/listings/${listingId}/enquiries`, buyer, { message, phone: '07700 900111' });
    expect(res.status).toBe(201);

    const stored = await ddb.send(
      new QueryCommand({
        TableName: api.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :e)',
        ExpressionAttributeValues: { ':pk': `LISTING#${listingId}`, ':e': 'ENQUIRY#' },
      }),
    );
    expect(stored.Items).toHaveLength(1);
    expect(stored.Items?.[0]).toMatchObject({
      gsi1pk: `SELLERENQ#${seller.userId}`,
      buyerId: buyer.userId,
      buyerEmail: buyer.email,
      phone: '+447700900111',
      message,
      listingTitle: '2020 DAF XF 480',
    });

    const [mail] = await waitForMail(mailDir, { to: seller.email });
    expect(mail.replyTo).toContain(buyer.email);
    expect(mail.subject).toBe('Enquiry about your 2020 DAF XF 480');
    expect(mail.text).toContain('Can I view it Saturday?');
    expect(mail.html).toContain('&lt;b&gt;Can I view it Saturday?&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Can I');

    const mine = (await call('GET', '/api/my-listings', seller)).body.items as Array<{ id: string; enquiries: number }>;
    expect(mine.find((l) => l.id === listingId)?.enquiries).toBe(1);
  });

  it('lists the seller’s enquiries newest first with the listing title, and nobody else’s', async () => {
    expect((await call('POST', `/api/listings/${listingId}/enquiries`, other, { message: 'Second enquiry, newer one.' })).status).toBe(201);
    const res = await call('GET', '/api/my-enquiries', seller);
    expect(res.status).toBe(200);
    const items = res.body.items as Array<{ message: string; listingTitle: string; listingId: string }>;
    expect(items.map((i) => i.message)).toEqual(['Second enquiry, newer one.', message]);
    expect(items[0]).toMatchObject({ listingId, listingTitle: '2020 DAF XF 480' });
    expect(items[0]).not.toHaveProperty('buyerId');
    expect((await call('GET', '/api/my-enquiries', buyer)).body.items).toEqual([]);
    expect((await call('GET', '/api/my-enquiries', null)).status).toBe(401);
  });

  it('refuses own listings and scraped listings with 400, bad input with 400, suspended with 403, anonymous with 401', async () => {
    const own = await call('POST', `/api/listings/${listingId}/enquiries`, seller, { message: 'Enquiring about my own truck' });
    expect(own.status).toBe(400);
    const scraped = await call('POST', `/api/listings/${scrapedId}/enquiries`, buyer, { message: 'About the scraped Volvo please' });
    expect(scraped.status).toBe(400);
    const short = await call('POST', `/api/listings/${listingId}/enquiries`, buyer, { message: 'hi' });
    expect(short.status).toBe(400);
    expect(short.body.error?.message).toContain('at least 10 characters');
    const susp = await call('POST', `/api/listings/${listingId}/enquiries`, suspended, { message: 'A message from a suspended user' });
    expect(susp.status).toBe(403);
    expect((await call('POST', `/api/listings/${listingId}/enquiries`, null, { message: 'Anonymous message here' })).status).toBe(401);
    expect(await listMail(mailDir)).toEqual([]);
  });

  it(`refuses enquiry ${ENQUIRY_RATE_LIMIT.limit + 1} from one buyer within the hour with 429`, async () => {
    const rater = await createTestUser({ name: 'Rae Rater' });
    const intoWindow = Math.floor(Date.now() / 1000) % ENQUIRY_RATE_LIMIT.windowSeconds;
    if (ENQUIRY_RATE_LIMIT.windowSeconds - intoWindow < 20) {
      await new Promise((r) => setTimeout(r, (ENQUIRY_RATE_LIMIT.windowSeconds - intoWindow + 1) * 1000));
    }
    for (let i = 1; i <= ENQUIRY_RATE_LIMIT.limit; i++) {
      const ok = await call('POST', `/api/listings/${listingId}/enquiries`, rater, { message: `Rate limit enquiry ${i}` });
      expect(ok.status, `enquiry ${i}`).toBe(201);
    }
    const refused = await call('POST', `/api/listings/${listingId}/enquiries`, rater, { message: 'One enquiry too many' });
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe('RATE_LIMITED');
  }, 60_000);
});
