import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestApi,
  type TestUser,
  applyLocalCloudEnv,
  clearOfRateWindowEdge,
  createTestUser,
  startTestApi,
} from '../../../dev/testing/harness.js';
import { makeDynamoClient } from '../../../dev/stand-ins/dynamodb-local.js';
import { routes } from '../routes.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const UPLOAD_RATE_LIMIT = { scope: 'listing-uploads', limit: 60, windowSeconds: 3600 } as const;
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const CREATE_RATE_LIMITED_MESSAGE = 'You have listed a lot of trucks in the last hour. Please try again later.';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const CREATE_LISTING_RATE_LIMIT = { scope: 'create-listing', limit: 30, windowSeconds: 3600 } as const;

/**
 * What the handler wrapper (http/handler.ts) answers, through the real API server and stand-ins:
 * an unknown failure is a plain 500 that names nothing inside; a bad bearer token on an
 * optional-auth route is a 401 (the web then refreshes), not an anonymous answer; and the
 * per-user limits on upload requests and new listings refuse the request after the limit.
 */
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** JWT-shaped, expired, signed by no key we trust. */
const FORGED = `${b64({ alg: 'RS256', kid: 'nope' })}.${b64({ sub: 'x', exp: 1, token_use: 'access' })}.${'A'.repeat(43)}`;

let api: TestApi;
let seller: TestUser;

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'wrapper' });
  seller = await createTestUser({ name: 'Rita Ratelimit' });
});
afterAll(() => api?.close());

const call = (method: string, path: string, opts: { token?: string; authorization?: string; body?: unknown } = {}) =>
  fetch(`${api.baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.authorization ? { authorization: opts.authorization } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  }).then(async (res) => ({
    status: res.status,
    headers: res.headers,
    body: (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null,
  }));

const sellBody = (n: number) => ({
  make: 'daf',
  model: `XF ${n}`,
  year: 2020,
  category: 'articulated',
  price: 30000 + n,
  contactName: 'Rita Ratelimit',
  phone: '07700 900555',
});

describe('optional-auth routes', () => {
  const optional = routes.filter((r) => r.auth === 'optional' && r.method !== 'HEAD');
  const pathOf = (path: string) => path.replace(/\{[^}]+\}/g, '01JTESTLISTING00000000000');

  it('has the routes this test calls', () => {
    expect(optional.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /api/listings', 'GET /api/listings/{id}', 'POST /api/contact', 'POST /api/listings/{id}/views']),
    );
  });

  it.each(['Bearer not-a-jwt', `Bearer ${FORGED}`, 'Basic dXNlcjpwYXNz'])(
    'answers 401 to every one of them for the header %s',
    async (authorization) => {
      // Act
      const answers = await Promise.all(
        optional.map(async (r) => [
          `${r.method} ${r.path}`,
          (await call(r.method, pathOf(r.path), { authorization, body: r.method === 'GET' ? undefined : {} })).status,
        ]),
      );

      // Assess
      expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(optional.map((r) => [`${r.method} ${r.path}`, 401])));
    },
  );

  it('answers a signed-in caller and an anonymous one (the 401 is the token’s, not the route’s)', async () => {
    expect((await call('GET', '/api/listings', { token: seller.accessToken })).status).toBe(200);
    expect((await call('GET', '/api/listings')).status).toBe(200);
  });
});

describe('per-user rate limits', () => {
  it(`refuses upload request ${UPLOAD_RATE_LIMIT.limit + 1} within the hour with 429 and Retry-After`, async () => {
    // Prepare
    const uploader = await createTestUser({ name: 'Una Uploader' });
    await clearOfRateWindowEdge(UPLOAD_RATE_LIMIT.windowSeconds);
    const request = { files: [{ name: 'front.jpg', type: 'image/jpeg', size: 1000 }] };
    // Ten at a time: the limit is counted atomically, whatever the order.
    for (let i = 0; i < UPLOAD_RATE_LIMIT.limit; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, UPLOAD_RATE_LIMIT.limit - i) }, () =>
          call('POST', '/api/uploads/listing-images', { token: uploader.accessToken, body: request }),
        ),
      );
      expect(batch.map((r) => r.status)).toEqual(batch.map(() => 200));
    }

    // Act
    const refused = await call('POST', '/api/uploads/listing-images', { token: uploader.accessToken, body: request });

    // Assess
    expect(refused.status).toBe(429);
    expect(refused.body?.error).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many uploads. Please try again later.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another seller is not limited by it.
    expect((await call('POST', '/api/uploads/listing-images', { token: seller.accessToken, body: request })).status).toBe(200);
  }, 240_000);

  it(`refuses new listing ${CREATE_LISTING_RATE_LIMIT.limit + 1} within the hour with 429, and writes no listing for it`, async () => {
    // Prepare
    const dealer = await createTestUser({ name: 'Dan Manylistings' });
    await clearOfRateWindowEdge(CREATE_LISTING_RATE_LIMIT.windowSeconds, 150);
    // Each listing is deleted once made: the live-listing cap (10 for a private seller) stays out
    // of the way, and the limit counts listings made, not listings kept.
    // Five at a time, so no more than five are live at once.
    const makeAndDelete = async (n: number) => {
      const res = await call('POST', '/api/my-listings', { token: dealer.accessToken, body: sellBody(n) });
      expect(res.status, `listing ${n + 1}`).toBe(201);
      const { id } = res.body as unknown as { id: string };
      expect((await call('DELETE', `/api/my-listings/${id}`, { token: dealer.accessToken })).status).toBeLessThan(300);
    };
    for (let i = 0; i < CREATE_LISTING_RATE_LIMIT.limit; i += 5) {
      await Promise.all(Array.from({ length: Math.min(5, CREATE_LISTING_RATE_LIMIT.limit - i) }, (_, k) => makeAndDelete(i + k)));
    }

    // Act
    const refused = await call('POST', '/api/my-listings', { token: dealer.accessToken, body: sellBody(999) });

    // Assess
    expect(refused.status).toBe(429);
    expect(refused.body?.error).toMatchObject({ code: 'RATE_LIMITED', message: CREATE_RATE_LIMITED_MESSAGE });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const mine = (await (
      await fetch(`${api.baseUrl}/api/my-listings`, { headers: { authorization: `Bearer ${dealer.accessToken}` } })
    ).json()) as {
      items: Array<{ model: string }>;
    };
    expect(mine.items.map((l) => l.model)).not.toContain('XF 999');
  }, 360_000);
});

// Last: it deletes this file's table under the running server.
describe('an unknown failure', () => {
  it('is a 500 with the generic message, naming nothing inside (the table is gone under the handler)', async () => {
    // Prepare
    const ddb = makeDynamoClient(applyLocalCloudEnv().AWS_ENDPOINT_URL_DYNAMODB);
    await ddb.send(new DeleteTableCommand({ TableName: api.tableName }));
    ddb.destroy();

    // Act
    const res = await fetch(`${api.baseUrl}/api/me`, { headers: { authorization: `Bearer ${seller.accessToken}` } });
    const text = await res.text();

    // Assess
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
    expect(text).not.toMatch(/ResourceNotFound|non-existent|Cannot do operations/i);
    expect(text).not.toContain(api.tableName);
  });
});
