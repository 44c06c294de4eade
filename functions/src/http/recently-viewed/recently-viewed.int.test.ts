import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, type TestUser, createTestUser, startTestApi } from '../../../../dev/testing/harness.js';
import { RECENTLY_VIEWED_MAX } from '../../../../shared/schemas/compare.js';
import { keys } from '../../adapters/dynamodb/keys.js';

/** Recently viewed on the account (issue 26 §4) and GET /api/compare (§2), against the real stand-ins. */
let api: TestApi;
let ddb: DynamoDBDocumentClient;
let seller: TestUser;
let buyer: TestUser;
let other: TestUser;
let dealer: TestUser;
const ids: string[] = [];

async function call(method: string, urlPath: string, who: TestUser | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (who) headers.authorization = `Bearer ${who.accessToken}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${api.baseUrl}${urlPath}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown> & { error?: { code: string; message: string } },
  };
}

const sellBody = (who: TestUser, model: string, extra: Record<string, unknown> = {}) => ({
  make: 'daf',
  model,
  year: 2020,
  category: 'tipper',
  price: 42000,
  contactName: 'Sam Seller',
  phone: '07700 900555',
  email: who.email,
  location: 'Leeds',
  postcode: 'LS1 4AP',
  ...extra,
});

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'recent' });
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  [seller, buyer, other, dealer] = await Promise.all([
    createTestUser({ name: 'Sam Seller' }),
    createTestUser({ name: 'Bea Buyer' }),
    createTestUser({ name: 'Olly Other' }),
    createTestUser({ name: 'Dee Dealer' }),
  ]);
  // ids[1] is a dealer account's; ids[0] an individual's who typed a company name (still private).
  const listers = [
    [seller, { companyName: 'Sam Haulage' }],
    [dealer, { companyName: 'Leeds Trucks Ltd' }],
    [seller, {}],
  ] as const;
  for (const [i, [who, extra]] of listers.entries()) {
    const created = await call('POST', '/api/my-listings', who, sellBody(who, `Recent ${i}`, extra));
    expect(created.status).toBe(201);
    ids.push(String(created.body.id));
  }
  await ddb.send(
    new UpdateCommand({
      TableName: api.tableName,
      Key: keys.profile(dealer.userId),
      UpdateExpression: 'SET accountType = :dealer',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':dealer': 'dealer' },
    }),
  );
});

afterAll(async () => {
  ddb?.destroy();
  await api?.close();
});

describe('recently viewed: GET, PUT and DELETE /api/recently-viewed', () => {
  it('refuses anonymous callers with 401', async () => {
    expect((await call('GET', '/api/recently-viewed', null)).status).toBe(401);
    expect((await call('PUT', '/api/recently-viewed', null, { ids })).status).toBe(401);
    expect((await call('DELETE', '/api/recently-viewed', null)).status).toBe(401);
  });

  it('keeps the views on the account, newest first, for that user only (another device sees them)', async () => {
    expect((await call('PUT', '/api/recently-viewed', buyer, { ids: [ids[0]] })).status).toBe(200);
    const second = await call('PUT', '/api/recently-viewed', buyer, { ids: [ids[1]] });
    expect(second.body.ids).toEqual([ids[1], ids[0]]);
    // Viewing the first again moves it to the front, once.
    expect((await call('PUT', '/api/recently-viewed', buyer, { ids: [ids[0]] })).body.ids).toEqual([ids[0], ids[1]]);

    // A second sign-in (another device) is just another token for the same account.
    const list = await call('GET', '/api/recently-viewed', buyer);
    expect(list.status).toBe(200);
    const items = list.body.items as Array<{ listingId: string; listing: { id: string; phone: string | null } | null }>;
    expect(items.map((i) => i.listingId)).toEqual([ids[0], ids[1]]);
    expect(items[0].listing).toMatchObject({ id: ids[0], phone: null });

    expect((await call('GET', '/api/recently-viewed', other)).body.items).toEqual([]);
    const stored = await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.recentlyViewed(buyer.userId) }));
    expect(stored.Item?.entries).toHaveLength(2);
  });

  it(`keeps only the last ${RECENTLY_VIEWED_MAX}`, async () => {
    const many = Array.from({ length: RECENTLY_VIEWED_MAX }, (_, i) => `01HZZZZZZZZZZZZZZZZZZZZZ${String(i).padStart(2, '0')}`);
    const res = await call('PUT', '/api/recently-viewed', other, { ids: many });
    expect(res.status).toBe(200);
    const after = await call('PUT', '/api/recently-viewed', other, { ids: [ids[2]] });
    expect(after.body.ids).toEqual([ids[2], ...many.slice(0, RECENTLY_VIEWED_MAX - 1)]);
    // Trucks that do not exist (or are no longer live) come back without a listing.
    const items = (await call('GET', '/api/recently-viewed', other)).body.items as Array<{ listing: unknown }>;
    expect(items.filter((i) => i.listing !== null)).toHaveLength(1);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const tooMany = await call('PUT', '/api/recently-viewed', seller, {
      ids: Array.from({ length: RECENTLY_VIEWED_MAX + 1 }, (_, i) => `id${i}`),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error?.message).toContain(`at most ${RECENTLY_VIEWED_MAX}`);
    const badId = await call('PUT', '/api/recently-viewed', seller, { ids: ['../etc/passwd'] });
    expect(badId.status).toBe(400);
    expect((await call('PUT', '/api/recently-viewed', seller, { ids: 'nope' })).status).toBe(400);
    expect((await call('GET', '/api/recently-viewed', seller)).body.items).toEqual([]);
  });

  it('clears (idempotently)', async () => {
    expect((await call('DELETE', '/api/recently-viewed', buyer)).status).toBe(204);
    expect((await call('DELETE', '/api/recently-viewed', buyer)).status).toBe(204);
    expect((await call('GET', '/api/recently-viewed', buyer)).body.items).toEqual([]);
  });
});

describe('compare: GET /api/compare', () => {
  it('answers the trucks in the order asked, with seller type and distance, and a removed one as null', async () => {
    const gone = await call('POST', '/api/my-listings', seller, sellBody(seller, 'Gone'));
    const goneId = String(gone.body.id);
    expect((await call('PATCH', `/api/my-listings/${goneId}/status`, seller, { status: 'inactive' })).status).toBe(200);

    const res = await call('GET', `/api/compare?ids=${ids[1]},${goneId},${ids[0]}&from=M1`, null);
    expect(res.status).toBe(200);
    const items = res.body.items as Array<{
      id: string;
      listing: { sellerType: string; distanceMiles: number | null; companyName: string | null } | null;
    }>;
    expect(items.map((i) => i.id)).toEqual([ids[1], goneId, ids[0]]);
    expect(items[1].listing).toBeNull();
    // Trade or private from the seller's account, as the listing page says (domain/listings/seller-type.ts).
    expect(items[0].listing).toMatchObject({ sellerType: 'trade', companyName: null }); // masked for anonymous callers
    expect(items[2].listing?.sellerType).toBe('private');
    for (const [column, id] of [
      [0, ids[1]],
      [2, ids[0]],
    ] as const)
      expect((await call('GET', `/api/listings/${id}`, null)).body.sellerType).toBe(items[column].listing?.sellerType);
    // Manchester to Leeds is about 36 miles as the crow flies.
    expect(items[0].listing?.distanceMiles).toBeGreaterThan(25);
    expect(items[0].listing?.distanceMiles).toBeLessThan(50);
    expect(res.body.from).toEqual(expect.stringContaining('M1'));
  });

  it('refuses more than 3 trucks, none, or a bad id with 400', async () => {
    const four = await call('GET', `/api/compare?ids=${[...ids, 'x1'].join(',')}`, null);
    expect(four.status).toBe(400);
    expect(four.body.error?.message).toContain('at most 3');
    expect((await call('GET', '/api/compare', null)).status).toBe(400);
    expect((await call('GET', '/api/compare?ids=a%2Fb', null)).status).toBe(400);
  });
});
