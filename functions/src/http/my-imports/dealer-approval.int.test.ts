import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMail } from '../../../../dev/mail/store.js';
import type { StripeStandIn } from '../../../../dev/stripe/stand-in.js';
import {
  type TestApi,
  type TestUser,
  clearOfRateWindowEdge,
  createTestUser,
  startTestApi,
  testMailDir,
} from '../../../../dev/testing/harness.js';
import { ACTIVE_LISTING_CAPS, IMPORT_RATE_LIMITS, LIMIT_TEXTS } from '../../../../shared/limits.js';
import { ddb as functionsDdb } from '../../adapters/dynamodb/client.js';
import { keys } from '../../adapters/dynamodb/keys.js';
import { ownerListingStore } from '../../adapters/dynamodb/owner-listings-repo.js';
import { alertEventSubscriptions } from '../../alerts-rows.js';
import { listingRecord } from '../../domain/listings/test-fixtures.js';
import { waitForMail } from '../../../../dev/mail/store.test-support.js';

/**
 * Issue 23 ("the stock import bypasses every anti-spam limit") against the real stand-ins: only
 * approved dealers import; applications are decided by staff (audited, e-mailed); live-listing caps
 * and hourly limits; a dealer's first import waits for staff review as a whole; an import reaches
 * each Platinum subscriber as one instant message.
 */
let api: TestApi;
let ddb: DynamoDBDocumentClient;
let stripe: StripeStandIn;
let admin: TestUser;
let superAdmin: TestUser;
let feedSite: Server;
let feedHits = 0;
let feedUrl: string;
/** A model nobody else uses, so only this file's listings match its subscribers. */
const MODEL = `Qx${Date.now().toString(36)}`;

// biome-ignore lint/suspicious/noExplicitAny: test reads JSON loosely
type Res = { status: number; body: Record<string, any> };

async function call(method: string, path: string, who: TestUser | null, body?: { json?: unknown }): Promise<Res> {
  const headers: Record<string, string> = {};
  if (who) headers.authorization = `Bearer ${who.accessToken}`;
  let payload: BodyInit | undefined;
  if (body?.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  }
  const res = await fetch(`${api.baseUrl}${path}`, { method, headers, body: payload });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** As the dashboard does: ask for an upload, post the file straight to the bucket, preview it by key. */
async function previewCsv(who: TestUser, csv: string): Promise<Res> {
  const upload = await call('POST', '/api/my-imports/uploads', who, { json: { fileName: 'stock.csv', size: Buffer.byteLength(csv) } });
  expect(upload.status, JSON.stringify(upload.body)).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.body.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'stock.csv');
  const posted = await fetch(upload.body.url, { method: 'POST', body: form });
  expect(posted.status, await posted.text()).toBeLessThan(300);
  return call('POST', '/api/my-imports', who, { json: { fileKey: upload.body.key, fileName: 'stock.csv' } });
}

/** A key under the caller's own imports/ prefix with no file behind it: reading it first would answer 400, not 403. */
const unreadKeyOf = (who: TestUser) => `imports/${who.userId}/01ARZ3NDEKTSV4RRFFQ69G5FAV.csv`;

const HEADER = 'stock_ref,make,model,year,category,price,vat,mileage,euro,gvw,photo_urls';
const csvOf = (refs: string[], prefix = 'R') =>
  [HEADER, ...refs.map((r, i) => `${prefix}-${r},Volvo,FH ${MODEL},2019,articulated,${45000 + i},+VAT,300000,Euro 6,44,`)].join('\n');
/** A file whose only row is refused: previews and applies that write no listing. */
const NOTHING = [HEADER, 'N-1,Tonka,Toy,2018,tipper,100,,,,,'].join('\n');

const application = (over: Record<string, unknown> = {}) => ({
  tradingName: 'Northern Trucks Ltd',
  address: 'Unit 2, Leeds Road, Leeds LS11 5AB',
  companyNumber: '12345678',
  ...over,
});

async function approvedDealer(name: string): Promise<TestUser> {
  const dealer = await createTestUser({ name, phone: '+441134960000' });
  expect((await call('POST', '/api/me/dealer-application', dealer, { json: application() })).status).toBe(201);
  expect(
    (await call('POST', `/api/admin/dealer-applications/${dealer.userId}/decision`, admin, { json: { decision: 'approve' } })).status,
  ).toBe(200);
  return dealer;
}

async function importFile(dealer: TestUser, csv: string, markMissingSold = false) {
  const preview = await previewCsv(dealer, csv);
  expect(preview.status).toBe(201);
  const applied = await call('POST', `/api/my-imports/${preview.body.id}/apply`, dealer, { json: { markMissingSold } });
  expect(applied.status).toBe(202);
  await api.queues.idle();
  await api.server.bus.idle();
  return String(preview.body.id);
}

const myListings = async (who: TestUser) =>
  (await call('GET', '/api/my-listings', who)).body.items as Array<{ id: string; status: string; title: string }>;

async function auditOf(change: string, resourceId: string) {
  const res = await call('GET', '/api/admin/audit', superAdmin);
  return (res.body.items as Array<{ resourceId: string; details: Record<string, unknown>; adminUserId: string }>).filter(
    (e) => e.resourceId === resourceId && e.details.change === change,
  );
}

async function subscribePlatinum(who: TestUser) {
  const prefs = { name: who.name, phone: '07700 900123', email: who.email, make: 'volvo', model: MODEL, frequency: 'instant' };
  expect((await call('PUT', '/api/alert-preferences', who, { json: prefs })).status).toBe(200);
  const checkout = await call('POST', '/api/subscription/checkout', who, { json: { tier: 'platinum' } });
  stripe.completeCheckout(String(checkout.body.url).split('/').pop() as string);
  await stripe.idle();
  await call('PATCH', '/api/alert-settings', who, { json: { frequency: 'instant' } });
}

beforeAll(async () => {
  // The alert consumers only: what an import publishes reaches them through the local bus.
  api = await startTestApi({ tablePrefix: 'dealers', subscriptions: alertEventSubscriptions });
  stripe = api.server.stripe as StripeStandIn;
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  feedSite = createServer((_req, res) => {
    feedHits++;
    res.writeHead(200, { 'content-type': 'text/csv' }).end(NOTHING);
  });
  await new Promise<void>((r) => feedSite.listen(0, '127.0.0.1', r));
  feedUrl = `http://127.0.0.1:${(feedSite.address() as AddressInfo).port}/stock.csv`;
  [admin, superAdmin] = await Promise.all([
    createTestUser({ name: 'Ada Admin', groups: ['admins'] }),
    createTestUser({ name: 'Sam Super', groups: ['super_admins'] }),
  ]);
}, 120_000);

afterAll(async () => {
  await new Promise((r) => feedSite.close(r));
  ddb?.destroy();
  await api?.close();
});

describe('only approved dealers import', () => {
  it("refuses a buyer's import with 403 and the message, before reading their file or fetching their feed", async () => {
    const buyer = await createTestUser({ name: 'Bea Buyer', phone: '+441134960001' });
    const upload = await call('POST', '/api/my-imports/uploads', buyer, { json: { fileName: 'stock.csv', size: 100 } });
    const byFile = await call('POST', '/api/my-imports', buyer, { json: { fileKey: unreadKeyOf(buyer), fileName: 'stock.csv' } });
    const byFeed = await call('POST', '/api/my-imports', buyer, { json: { feedUrl } });
    const apply = await call('POST', '/api/my-imports/01JUNKNOWN0000000000000000/apply', buyer, { json: {} });
    for (const res of [upload, byFile, byFeed, apply]) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(LIMIT_TEXTS.importForApprovedDealers);
    }
    expect(feedHits).toBe(0);
    expect(await myListings(buyer)).toEqual([]);
  });

  it('refuses a dealer whose application is still waiting, and one whose application was refused', async () => {
    const waiting = await createTestUser({ name: 'Wes Waiting', phone: '+441134960002' });
    const refused = await createTestUser({ name: 'Rex Refused', phone: '+441134960003' });
    for (const who of [waiting, refused])
      expect((await call('POST', '/api/me/dealer-application', who, { json: application() })).status).toBe(201);
    await call('POST', `/api/admin/dealer-applications/${refused.userId}/decision`, admin, { json: { decision: 'refuse' } });
    for (const who of [waiting, refused]) {
      const res = await call('POST', '/api/my-imports', who, { json: { fileKey: unreadKeyOf(who), fileName: 'stock.csv' } });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(LIMIT_TEXTS.importForApprovedDealers);
      const upload = await call('POST', '/api/my-imports/uploads', who, { json: { fileName: 'stock.csv', size: 100 } });
      expect(upload.status).toBe(403);
    }
  });
});

describe('dealer applications', () => {
  it('checks the business numbers with the shared schema and keeps the VAT number in one form', async () => {
    const who = await createTestUser({ name: 'Val Vat' });
    const bad = [
      [{ companyNumber: 'AB123456' }, /Companies House numbers are 8 digits/],
      [{ companyNumber: null, vatNumber: 'GB12345' }, /UK VAT numbers are GB followed by 9 or 12 digits/],
      [{ companyNumber: null }, /Enter your Companies House number or your VAT number/],
      [{ tradingName: '' }, /Trading name is required/],
    ] as const;
    for (const [over, message] of bad) {
      const res = await call('POST', '/api/me/dealer-application', who, { json: application(over) });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.error)).toMatch(message);
    }
    const ok = await call('POST', '/api/me/dealer-application', who, {
      json: application({ companyNumber: '', vatNumber: 'gb 123 4567 89' }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.application).toMatchObject({ status: 'pending', vatNumber: 'GB123456789', companyNumber: null });
    expect((await call('POST', '/api/me/dealer-application', who, { json: application() })).status).toBe(409);
    expect((await call('GET', '/api/me', who)).body.dealerStatus).toBe('pending');
  });

  it('staff see pending applications and approve or refuse each, audited, and the applicant hears either way', async () => {
    const [yes, no] = await Promise.all([createTestUser({ name: 'Yan Yes' }), createTestUser({ name: 'Nia No' })]);
    for (const who of [yes, no])
      await call('POST', '/api/me/dealer-application', who, { json: application({ tradingName: `${who.name} Trucks` }) });
    const pending = await call('GET', '/api/admin/dealer-applications', admin);
    expect(pending.body.items.map((a: { userId: string }) => a.userId)).toEqual(expect.arrayContaining([yes.userId, no.userId]));

    expect(
      (await call('POST', `/api/admin/dealer-applications/${yes.userId}/decision`, admin, { json: { decision: 'approve' } })).status,
    ).toBe(200);
    expect(
      (await call('POST', `/api/admin/dealer-applications/${no.userId}/decision`, admin, { json: { decision: 'refuse' } })).status,
    ).toBe(200);
    // Decided once only.
    expect(
      (await call('POST', `/api/admin/dealer-applications/${no.userId}/decision`, admin, { json: { decision: 'approve' } })).status,
    ).toBe(409);

    expect((await call('GET', '/api/me', yes)).body).toMatchObject({ dealerStatus: 'approved', accountType: 'dealer' });
    expect((await call('GET', '/api/me', no)).body.dealerStatus).toBe('refused');
    const after = (await call('GET', '/api/admin/dealer-applications', admin)).body.items.map((a: { userId: string }) => a.userId);
    expect(after).not.toContain(yes.userId);
    expect(after).not.toContain(no.userId);
    expect(await auditOf('dealer_application', yes.userId)).toEqual([
      expect.objectContaining({ adminUserId: admin.userId, details: expect.objectContaining({ to: 'approved' }) }),
    ]);
    expect(await auditOf('dealer_application', no.userId)).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ to: 'refused' }) }),
    ]);
    const [approvedMail] = await waitForMail(testMailDir(), { to: yes.email });
    expect(approvedMail.subject).toMatch(/approved dealer/i);
    const [refusedMail] = await waitForMail(testMailDir(), { to: no.email });
    expect(refusedMail.subject).toBe('Your dealer application');
  });
});

describe('limits', () => {
  it('caps an individual at 10 live listings on the sell form', async () => {
    const seller = await createTestUser({ name: 'Ivy Individual', phone: '+441134960004' });
    await call('GET', '/api/me', seller);
    const store = ownerListingStore(ddb, api.tableName);
    for (let i = 0; i < ACTIVE_LISTING_CAPS.individual; i++) {
      await store.create(
        listingRecord(`01CAP${seller.userId.slice(0, 8).toUpperCase()}${String(i).padStart(13, '0')}`.slice(0, 26), {
          userId: seller.userId,
        }),
      );
    }
    const res = await call('POST', '/api/my-listings', seller, {
      json: {
        make: 'volvo',
        model: 'FH',
        year: 2019,
        category: 'articulated',
        price: 30000,
        vatStatus: 'plus_vat',
        contactName: 'Ivy',
        phone: '07700 900555',
        location: 'Leeds',
        postcode: 'LS1 4AP',
      },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/up to 10 live listings/);
    expect(await myListings(seller)).toHaveLength(ACTIVE_LISTING_CAPS.individual);
  });

  it("counts an import's new listings against the dealer's cap, which staff change per dealer (audited)", async () => {
    const dealer = await approvedDealer('Cal Capped');
    const set = await call('PATCH', `/api/admin/users/${dealer.userId}/listing-cap`, admin, { json: { listingCap: 3 } });
    expect(set.status).toBe(200);
    expect(await auditOf('listing_cap', dealer.userId)).toEqual([expect.objectContaining({ details: expect.objectContaining({ to: 3 }) })]);
    const over = await previewCsv(dealer, csvOf(['1', '2', '3', '4'], 'CAP'));
    expect(over.status).toBe(409);
    expect(over.body.error.message).toMatch(/up to 3 live listings/);
    expect((await previewCsv(dealer, csvOf(['1', '2', '3'], 'CAP'))).status).toBe(201);
    // Only an approved dealer's limit changes; and within bounds.
    const buyer = await createTestUser({ name: 'Nat NotDealer' });
    await call('GET', '/api/me', buyer);
    expect((await call('PATCH', `/api/admin/users/${buyer.userId}/listing-cap`, admin, { json: { listingCap: 50 } })).status).toBe(409);
    expect((await call('PATCH', `/api/admin/users/${dealer.userId}/listing-cap`, admin, { json: { listingCap: 0 } })).status).toBe(400);
  });

  it('allows 20 import previews per dealer per hour, then 429 before the file is read', async () => {
    const dealer = await approvedDealer('Pia Previews');
    await clearOfRateWindowEdge(IMPORT_RATE_LIMITS.preview.windowSeconds);
    for (let i = 0; i < IMPORT_RATE_LIMITS.preview.limit; i++) {
      expect((await previewCsv(dealer, NOTHING)).status).toBe(201);
    }
    const res = await previewCsv(dealer, NOTHING);
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe(LIMIT_TEXTS.previewRateLimited);
    // Limited before reading: a key with no file behind it gets the 429 too, not the 400 a read would give.
    const unread = await call('POST', '/api/my-imports', dealer, { json: { fileKey: unreadKeyOf(dealer), fileName: 'stock.csv' } });
    expect(unread.status).toBe(429);
  }, 180_000);

  it('allows 5 import applies per dealer per hour, then 429', async () => {
    const dealer = await approvedDealer('Abe Applies');
    await clearOfRateWindowEdge(IMPORT_RATE_LIMITS.apply.windowSeconds);
    const previews: string[] = [];
    for (let i = 0; i <= IMPORT_RATE_LIMITS.apply.limit; i++) previews.push((await previewCsv(dealer, NOTHING)).body.id);
    for (const id of previews.slice(0, IMPORT_RATE_LIMITS.apply.limit)) {
      expect((await call('POST', `/api/my-imports/${id}/apply`, dealer, { json: {} })).status).toBe(202);
    }
    const res = await call('POST', `/api/my-imports/${previews.at(-1)}/apply`, dealer, { json: {} });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe(LIMIT_TEXTS.applyRateLimited);
    await api.queues.idle();
  }, 180_000);
});

describe("a dealer's first import", () => {
  it('waits for staff as a whole; approval makes it live (audited, counters once) and reaches each Platinum subscriber in one message; later imports go live directly', async () => {
    const [dealer, p1, p2] = await Promise.all([
      approvedDealer('Fay First'),
      createTestUser({ name: 'Pat Platinum' }),
      createTestUser({ name: 'Pip Platinum' }),
    ]);
    await Promise.all([subscribePlatinum(p1), subscribePlatinum(p2)]);
    const countersBefore = await counter('listings#active');

    // Every state the import record passes through, read after each write the functions make to it:
    // the dashboard stops polling at 'done', so 'done' must never be seen before 'waiting for review'.
    const seen: Array<{ status?: string; review?: string }> = [];
    const observe = 'observe-import-record';
    functionsDdb.middlewareStack.add(
      (next) => async (args) => {
        const out = await next(args);
        const key = (args.input as { Key?: { pk?: unknown; sk?: unknown } }).Key;
        if (key?.pk === `USER#${dealer.userId}` && String(key.sk).startsWith('IMPORT#')) {
          const item = (await ddb.send(new GetCommand({ TableName: api.tableName, Key: key, ConsistentRead: true }))).Item;
          seen.push({ status: item?.status, review: item?.review });
        }
        return out;
      },
      { step: 'initialize', name: observe },
    );
    const importId = await importFile(dealer, csvOf(['1', '2', '3', '4'], 'FIRST')).finally(() =>
      functionsDdb.middlewareStack.remove(observe),
    );
    expect(seen.filter((s) => s.status === 'done')).toEqual([{ status: 'done', review: 'pending' }]);
    const waiting = await myListings(dealer);
    expect(waiting.map((l) => l.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect((await call('GET', `/api/listings/${waiting[0].id}`, null)).status).toBe(404);
    // The owner cannot make them live themselves.
    expect((await call('PATCH', `/api/my-listings/${waiting[0].id}/status`, dealer, { json: { status: 'active' } })).status).toBe(409);
    const list = await call('GET', '/api/admin/stock-imports', admin);
    // Files that created nothing (the limits above) never wait for review.
    expect(list.body.items).toEqual([expect.objectContaining({ id: importId, userId: dealer.userId, created: 4 })]);
    expect(await alertMails(p1)).toEqual([]);

    const review = await call('POST', `/api/admin/stock-imports/${dealer.userId}/${importId}/review`, admin, {
      json: { decision: 'approve' },
    });
    expect(review.status).toBe(202);
    await api.queues.idle();
    await api.server.bus.idle();
    expect((await myListings(dealer)).map((l) => l.status)).toEqual(['active', 'active', 'active', 'active']);
    expect((await call('GET', `/api/listings/${waiting[0].id}`, null)).status).toBe(200);
    expect(await counter('listings#active')).toBe(countersBefore + 4);
    expect((await call('GET', '/api/admin/stock-imports', admin)).body.items).toEqual([]);
    expect(await auditOf('stock_import_review', `import-${importId}`)).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ decision: 'approve', ownerId: dealer.userId }) }),
    ]);
    expect(
      (await call('POST', `/api/admin/stock-imports/${dealer.userId}/${importId}/review`, admin, { json: { decision: 'refuse' } })).status,
    ).toBe(409);
    // One message per subscriber for the whole import (4 matching listings), not one per row.
    for (const who of [p1, p2]) {
      const mails = await alertMails(who);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toMatch(/4 new trucks match/);
    }

    await importFile(dealer, csvOf(['5'], 'LATER'));
    const later = (await myListings(dealer)).filter((l) => l.status === 'active');
    expect(later).toHaveLength(5);
  });

  it('refused by staff, its listings are removed and the next import waits again', async () => {
    const dealer = await approvedDealer('Ron Refused');
    const importId = await importFile(dealer, csvOf(['1', '2'], 'NOPE'));
    expect(await myListings(dealer)).toHaveLength(2);
    expect(
      (await call('POST', `/api/admin/stock-imports/${dealer.userId}/${importId}/review`, admin, { json: { decision: 'refuse' } })).status,
    ).toBe(202);
    await api.queues.idle();
    expect(await myListings(dealer)).toEqual([]);
    await importFile(dealer, csvOf(['3'], 'NOPE'));
    expect((await myListings(dealer)).map((l) => l.status)).toEqual(['pending']);
  });
});

async function counter(name: string): Promise<number> {
  const res = await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.counter(name), ConsistentRead: true }));
  return Number(res.Item?.n ?? 0);
}

const alertMails = async (who: TestUser) => (await listMail(testMailDir(), { to: who.email })).filter((m) => /match/i.test(m.subject));
