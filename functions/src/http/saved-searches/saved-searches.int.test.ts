import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SEARCH_LIMIT, SAVED_SEARCH_LIMIT_MESSAGE } from '../../../../shared/schemas/saved-searches.js';
import { type TestApi, type TestUser, createTestUser, startTestApi } from '../../../../dev/testing/harness.js';

/** Saved searches (issue 26 §4) against the real stand-ins: validation, the limit of 20, ownership. */
let api: TestApi;
let alice: TestUser;
let bob: TestUser;

async function call(method: string, urlPath: string, who: TestUser | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (who) headers.authorization = `Bearer ${who.accessToken}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${api.baseUrl}${urlPath}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown> & {
      error?: { code: string; message: string };
      items?: Array<Record<string, unknown>>;
    },
  };
}

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'savedsearch', deployData: false });
  [alice, bob] = await Promise.all([createTestUser({ name: 'Alice Buyer' }), createTestUser({ name: 'Bob Buyer' })]);
});

afterAll(async () => {
  await api?.close();
});

describe('saved searches', () => {
  it('saves the browse filters under a name, dropping page and view, and lists them for their owner only', async () => {
    // Prepare / Act
    const created = await call('POST', '/api/saved-searches', alice, {
      name: 'DAF under 40k',
      params: { make: 'daf', priceMax: '40000', fuel: 'diesel', page: '3', view: 'list' },
    });
    // Assess
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'DAF under 40k', params: { make: 'daf', priceMax: '40000', fuel: 'diesel' } });
    expect(created.body.params).not.toHaveProperty('page');
    const mine = await call('GET', '/api/saved-searches', alice);
    expect(mine.body.items?.map((s) => s.id)).toContain(created.body.id);
    const theirs = await call('GET', '/api/saved-searches', bob);
    expect(theirs.body.items).toEqual([]);
  });

  it('refuses filters the browse query refuses, unknown keys and a blank name, each with a message', async () => {
    const badMake = await call('POST', '/api/saved-searches', alice, { name: 'x', params: { make: 'tesla' } });
    expect(badMake.status).toBe(400);
    expect(badMake.body.error?.message).toMatch(/make must be one of/);
    const unknown = await call('POST', '/api/saved-searches', alice, { name: 'x', params: { sellerId: 'abc' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toMatch(/sellerId is not a browse filter/);
    const inverted = await call('POST', '/api/saved-searches', alice, { name: 'x', params: { priceMin: '50000', priceMax: '10000' } });
    expect(inverted.status).toBe(400);
    const blank = await call('POST', '/api/saved-searches', alice, { name: '  ', params: {} });
    expect(blank.status).toBe(400);
    expect(blank.body.error?.message).toMatch(/Give the search a name/);
    const extra = await call('POST', '/api/saved-searches', alice, { name: 'x', params: {}, userId: bob.userId });
    expect(extra.status).toBe(400);
  });

  it('keeps at most 20 searches and says so beyond that', async () => {
    const before = (await call('GET', '/api/saved-searches', alice)).body.items?.length ?? 0;
    for (let i = before; i < SAVED_SEARCH_LIMIT; i++) {
      expect((await call('POST', '/api/saved-searches', alice, { name: `Search ${i}`, params: { yearMin: '2015' } })).status).toBe(201);
    }
    const over = await call('POST', '/api/saved-searches', alice, { name: 'One too many', params: {} });
    expect(over.status).toBe(409);
    expect(over.body.error?.message).toBe(SAVED_SEARCH_LIMIT_MESSAGE);
    expect((await call('GET', '/api/saved-searches', alice)).body.items).toHaveLength(SAVED_SEARCH_LIMIT);
  });

  it("lets only the owner mark a search seen or delete it; another user's id is a 404", async () => {
    const id = String((await call('GET', '/api/saved-searches', alice)).body.items?.[0]?.id);
    expect((await call('POST', `/api/saved-searches/${id}/seen`, bob)).status).toBe(404);
    expect((await call('DELETE', `/api/saved-searches/${id}`, bob)).status).toBe(404);
    const seen = await call('POST', `/api/saved-searches/${id}/seen`, alice);
    expect(seen.status).toBe(200);
    const after = (await call('GET', '/api/saved-searches', alice)).body.items?.find((s) => s.id === id);
    expect(after?.lastSeenAt).toBe(seen.body.lastSeenAt);
    expect((await call('DELETE', `/api/saved-searches/${id}`, alice)).status).toBe(204);
    expect((await call('DELETE', `/api/saved-searches/${id}`, alice)).status).toBe(404);
    expect((await call('DELETE', '/api/saved-searches/not-an-id', alice)).status).toBe(404);
  });

  it('asks anonymous callers to sign in', async () => {
    expect((await call('GET', '/api/saved-searches', null)).status).toBe(401);
    expect((await call('POST', '/api/saved-searches', null, { name: 'x', params: {} })).status).toBe(401);
  });
});
