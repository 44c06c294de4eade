import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, type TestUser, createTestUser, startTestApi, apiCaller } from '../../../../dev/testing/harness.js';
import { keys } from '../../adapters/dynamodb/keys.js';

/**
 * The owner-listing API against the real stand-ins: the authorization matrix (every endpoint ×
 * anonymous, owner, other user, suspended user, admin), with the item re-read after every
 * refusal to prove nothing changed.
 */
let api: TestApi;
let ddb: DynamoDBDocumentClient;
let owner: TestUser;
let other: TestUser;
let suspended: TestUser;
let admin: TestUser;

const sellBody = (extra: Record<string, unknown> = {}) => ({
  make: 'scania',
  model: 'R450',
  year: 2019,
  category: 'articulated',
  price: 38500,
  contactName: 'Pat Owner',
  phone: '07700 900777',
  email: 'pat@example.test',
  location: 'Manchester',
  postcode: 'M17 1HB',
  ...extra,
});
const editBody = (extra: Record<string, unknown> = {}) => ({
  title: '2019 Scania R450 Highline',
  make: 'scania',
  model: 'R450',
  year: 2019,
  category: 'articulated',
  price: 36000,
  contactName: 'Pat Owner',
  phone: '07700 900777',
  ...extra,
});

const call = apiCaller(() => api);

const rawListing = async (id: string) =>
  (await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.listing(id), ConsistentRead: true }))).Item;

async function suspend(user: TestUser) {
  // Make sure the profile exists, then flip it the way the admin area will.
  expect((await call('GET', '/api/me', user)).status).toBe(200);
  await ddb.send(
    new UpdateCommand({
      TableName: api.tableName,
      Key: keys.profile(user.userId),
      UpdateExpression: 'SET accountStatus = :s',
      ExpressionAttributeValues: { ':s': 'suspended' },
    }),
  );
}

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'my-listings' });
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } });
  [owner, other, suspended, admin] = await Promise.all([
    createTestUser({ name: 'Owner' }),
    createTestUser({ name: 'Other' }),
    createTestUser({ name: 'Suspended' }),
    createTestUser({ name: 'Admin', groups: ['admins', 'super_admins'] }),
  ]);
});
afterAll(async () => {
  ddb?.destroy();
  await api?.close();
});

describe('profiles: GET and PATCH /api/me', () => {
  it('gives a signed-in user a default profile and lets them change name, company and phone', async () => {
    const me = await call('GET', '/api/me', other);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ userId: other.userId, fullName: 'Other', accountStatus: 'active', accountType: 'individual' });
    const patched = await call('PATCH', '/api/me', other, {
      fullName: 'Olive Other',
      companyName: 'Other Haulage Ltd',
      phone: '0161 496 0000',
    });
    expect(patched.status).toBe(200);
    // Stored in E.164 like every phone number; the web shows it as typed here.
    expect(patched.body).toMatchObject({ fullName: 'Olive Other', companyName: 'Other Haulage Ltd', phone: '+441614960000' });
    expect((await call('GET', '/api/me', other)).body).toMatchObject({ fullName: 'Olive Other' });
  });

  it('refuses anonymous callers (401) and unknown fields (400)', async () => {
    expect((await call('GET', '/api/me', null)).status).toBe(401);
    expect((await call('PATCH', '/api/me', other, { accountStatus: 'active' })).status).toBe(400);
  });
});

describe('owner listings: create and read', () => {
  it('creates a listing owned by the caller whatever the body claims, active, titled from year, make and model', async () => {
    const res = await call('POST', '/api/my-listings', owner, sellBody({ userId: other.userId, status: 'sold', title: 'Spoofed' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: owner.userId,
      status: 'active',
      title: '2019 Scania R450',
      make: 'scania',
      category: 'articulated',
      source: 'user',
    });
    const stored = await rawListing(String(res.body.id));
    expect(stored).toMatchObject({ userId: owner.userId, status: 'active', gsi1pk: `OWNER#${owner.userId}` });
  });

  it('answers 400 with the field messages for an incomplete form', async () => {
    const res = await call('POST', '/api/my-listings', owner, { make: 'volvo' });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toContain('Model is required');
  });

  it('stores the phone in E.164 and a "Price on application" choice as price 0', async () => {
    const res = await call('POST', '/api/my-listings', owner, sellBody({ phone: '0113 496 0000', price: '', priceOnApplication: true }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ phone: '+441134960000', price: 0 });
  });

  it('refuses with a clear 400 what used to pass silently: no category, price 0, an odd engine size, a long description', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ category: undefined }, 'Category is required'],
      [{ price: 0 }, "Enter a price above £0, or choose 'Price on application'"],
      [{ engineSize: '350000' }, 'Engine size must be between 1 and 20 litres'],
      [{ description: 'x'.repeat(5001) }, 'Description must be 5000 characters or fewer'],
      [{ year: 1949 }, 'Year must be between 1950 and'],
    ];
    for (const [extra, message] of cases) {
      const res = await call('POST', '/api/my-listings', owner, sellBody(extra));
      expect(res.status, message).toBe(400);
      expect(res.body.error?.code).toBe('VALIDATION');
      expect(res.body.error?.message).toContain(message);
    }
  });

  it('shows the newly created listing in search within 2 seconds', async () => {
    const created = await call('POST', '/api/my-listings', owner, sellBody({ model: `FreshCheck${Date.now()}` }));
    expect(created.status).toBe(201);
    const deadline = Date.now() + 2000;
    let found = false;
    while (!found && Date.now() < deadline) {
      const res = await call('GET', '/api/listings?pageSize=100', null);
      found = ((res.body.items as Array<{ id: string }> | undefined) ?? []).some((l) => l.id === created.body.id);
      if (!found) await new Promise((r) => setTimeout(r, 100));
    }
    expect(found).toBe(true);
  });
});

describe('partial writes: Idempotency-Key and image claims', () => {
  const createWithKey = async (key: string, body: unknown) => {
    const res = await fetch(`${api.baseUrl}/api/my-listings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { id: string; error?: { code: string } } };
  };
  const pendingImage = async (key: string) =>
    ddb.send(
      new PutCommand({
        TableName: api.tableName,
        Item: { ...keys.pendingUpload(owner.userId, key), key, width: 800, height: 600, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
      }),
    );

  it('answers a retry with the same Idempotency-Key with the listing the first attempt made, making no second one', async () => {
    const key = `retry-${Date.now()}`;
    const before = ((await call('GET', '/api/my-listings', owner)).body.items as unknown[]).length;
    const first = await createWithKey(key, sellBody({ model: 'Idem' }));
    const retry = await createWithKey(key, sellBody({ model: 'Idem' }));
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    expect(((await call('GET', '/api/my-listings', owner)).body.items as unknown[]).length).toBe(before + 1);
    expect((await createWithKey('bad key!', sellBody())).status).toBe(400);
  });

  it('never lets two listings share an image: of two concurrent creates claiming it, one wins and the other is a 400', async () => {
    const image = `listings/SHARED${Date.now()}`;
    await pendingImage(image);
    const [a, b] = await Promise.all([
      createWithKey(`a-${Date.now()}`, sellBody({ images: [image] })),
      createWithKey(`b-${Date.now()}`, sellBody({ images: [image] })),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    const winner = a.status === 201 ? a : b;
    expect(await rawListing(winner.body.id)).toMatchObject({ images: [{ key: image }] });
    const pending = await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.pendingUpload(owner.userId, image) }));
    expect(pending.Item).toBeUndefined();
  });
});

describe('authorization matrix', () => {
  let ownerListingId: string;
  let suspendedListingId: string;

  beforeAll(async () => {
    const a = await call('POST', '/api/my-listings', owner, sellBody({ model: 'Matrix' }));
    const b = await call('POST', '/api/my-listings', suspended, sellBody({ model: 'Frozen' }));
    expect([a.status, b.status]).toEqual([201, 201]);
    ownerListingId = String(a.body.id);
    suspendedListingId = String(b.body.id);
    await suspend(suspended);
  });

  type Who = 'anonymous' | 'owner' | 'other' | 'suspended' | 'admin';
  const as = (who: Who): TestUser | null => ({ anonymous: null, owner, other, suspended, admin })[who];
  /** The suspended user acts on their own listing: the suspension, not ownership, must stop them. */
  const target = (who: Who) => (who === 'suspended' ? suspendedListingId : ownerListingId);

  const refusedWrites: Array<{ name: string; method: string; path: (id: string) => string; body?: unknown }> = [
    { name: 'PUT /api/my-listings/{id}', method: 'PUT', path: (id) => `/api/my-listings/${id}`, body: editBody({ price: 1 }) },
    {
      name: 'PATCH /api/my-listings/{id}/status',
      method: 'PATCH',
      path: (id) => `/api/my-listings/${id}/status`,
      body: { status: 'inactive' },
    },
    { name: 'DELETE /api/my-listings/{id}', method: 'DELETE', path: (id) => `/api/my-listings/${id}` },
  ];
  const refusals: Array<[Who, number, string | null]> = [
    ['anonymous', 401, null],
    ['other', 403, 'FORBIDDEN'],
    ['admin', 403, 'FORBIDDEN'],
    ['suspended', 403, 'SUSPENDED'],
  ];

  for (const w of refusedWrites) {
    for (const [who, status, code] of refusals) {
      it(`${w.name} as ${who} → ${status}, listing unchanged`, async () => {
        const id = target(who);
        const before = await rawListing(id);
        const res = await call(w.method, w.path(id), as(who), w.body);
        expect(res.status).toBe(status);
        if (code) expect(res.body.error?.code).toBe(code);
        if (code === 'SUSPENDED') expect(res.body.error?.message).toBe('Your account is suspended. Contact support to restore access.');
        expect(await rawListing(id)).toEqual(before);
      });
    }
  }

  const reads: Array<[Who, number]> = [
    ['anonymous', 401],
    ['owner', 200],
    ['other', 403],
    ['admin', 403],
    ['suspended', 200],
  ];
  for (const [who, status] of reads) {
    it(`GET /api/my-listings/{id} as ${who} → ${status}`, async () => {
      const res = await call('GET', `/api/my-listings/${target(who)}`, as(who));
      expect(res.status).toBe(status);
      if (status === 200) expect(res.body).toMatchObject({ id: target(who), phone: '+447700900777' });
    });
  }

  it('GET /api/my-listings/{id} of a listing that does not exist → 404', async () => {
    const res = await call('GET', '/api/my-listings/01HZZZZZZZZZZZZZZZZZZZZZZZ', owner);
    expect(res.status).toBe(404);
    expect(res.body.error?.message).toBe('Truck not found');
  });

  it('GET /api/my-listings lists only the caller’s own listings (admins included)', async () => {
    expect((await call('GET', '/api/my-listings', null)).status).toBe(401);
    const ids = async (who: TestUser) =>
      ((await call('GET', '/api/my-listings', who)).body.items as Array<{ id: string }>).map((l) => l.id);
    expect(await ids(owner)).toContain(ownerListingId);
    expect(await ids(suspended)).toEqual([suspendedListingId]);
    expect(await ids(other)).not.toContain(ownerListingId);
    expect(await ids(admin)).toEqual([]);
  });

  it('POST /api/my-listings: anonymous 401, suspended 403 and nothing written, admin creates their own', async () => {
    expect((await call('POST', '/api/my-listings', null, sellBody())).status).toBe(401);
    const refused = await call('POST', '/api/my-listings', suspended, sellBody());
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('SUSPENDED');
    expect(((await call('GET', '/api/my-listings', suspended)).body.items as unknown[]).length).toBe(1);
    const byAdmin = await call('POST', '/api/my-listings', admin, sellBody());
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.userId).toBe(admin.userId);
  });

  it('PATCH /api/me as a suspended user → 403, profile unchanged', async () => {
    const res = await call('PATCH', '/api/me', suspended, { fullName: 'Renamed' });
    expect(res.status).toBe(403);
    expect((await call('GET', '/api/me', suspended)).body).toMatchObject({ accountStatus: 'suspended', fullName: 'Suspended' });
  });

  it('the owner edits (keeping what the form left out), toggles status and finally deletes', async () => {
    const edited = await call('PUT', `/api/my-listings/${ownerListingId}`, owner, editBody({ description: 'One owner from new' }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: '2019 Scania R450 Highline',
      price: 36000,
      description: 'One owner from new',
      location: 'Manchester',
    });

    const off = await call('PATCH', `/api/my-listings/${ownerListingId}/status`, owner, { status: 'inactive' });
    expect(off.status).toBe(200);
    expect((await rawListing(ownerListingId))?.gsi2pk).toBe('LSTATUS#inactive');
    expect((await call('GET', `/api/listings/${ownerListingId}`, null)).status).toBe(404);
    expect((await call('PATCH', `/api/my-listings/${ownerListingId}/status`, owner, { status: 'sold' })).status).toBe(400);
    const on = await call('PATCH', `/api/my-listings/${ownerListingId}/status`, owner, { status: 'active' });
    expect(on.body.status).toBe('active');

    // A saved-truck entry by someone else goes with the listing (pattern 21).
    await ddb.send(
      new PutCommand({
        TableName: api.tableName,
        Item: { ...keys.savedTruck(other.userId, ownerListingId), ...keys.savedTruckByListing(ownerListingId, other.userId) },
      }),
    );
    const del = await call('DELETE', `/api/my-listings/${ownerListingId}`, owner);
    expect(del.status).toBe(204);
    expect(await rawListing(ownerListingId)).toBeUndefined();
    const saved = await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.savedTruck(other.userId, ownerListingId) }));
    expect(saved.Item).toBeUndefined();
    expect((await call('GET', `/api/my-listings/${ownerListingId}`, owner)).status).toBe(404);
  });
});
