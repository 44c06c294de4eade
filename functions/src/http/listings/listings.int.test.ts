import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, type TestUser, createTestUser, runDeployData, startTestApi } from '../../../../dev/testing/harness.js';
import { MASK } from '../../../../shared/constants.js';
import type { Listing, ListingSearchResult } from '../../../../shared/schemas/listing.js';
import type { ListingsRepo } from '../../adapters/dynamodb/listings-repo.js';
import { listingRecord, scrapedRecord } from '../../domain/listings/test-fixtures.js';
import type { ListingRecord } from '../../domain/listings/types.js';

let api: TestApi;
let repo: ListingsRepo;
let owner: TestUser;
let buyer: TestUser;

const t = (day: number, hour = 0) => new Date(Date.UTC(2026, 0, day, hour)).toISOString();

const listing = (id: string, over: Partial<ListingRecord> = {}) => listingRecord(id, { userId: owner.userId, ...over });

const scraped = scrapedRecord;

async function get<T>(path: string, token?: string): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(`${api.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}
const search = (qs: string, token?: string) => get<ListingSearchResult>(`/api/listings?${qs}`, token);
const ids = (r: { body: ListingSearchResult }) => r.body.items.map((l) => l.id);

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'listings-int' });
  // One at a time: cognito-local keeps its users in one JSON file.
  owner = await createTestUser();
  buyer = await createTestUser();
  // After startTestApi: the SDK client in deps picks up the local endpoint from the environment.
  const { listingsRepo } = await import('../../deps.js');
  repo = listingsRepo(api.tableName);
  await repo.putListingsBatch([
    listing('L1', { createdAt: t(1), updatedAt: t(1), price: 30_000 }),
    listing('L2', {
      createdAt: t(3),
      updatedAt: t(3),
      price: 0,
      title: '2015 Scania R450',
      make: 'scania',
      location: 'Manchester',
      postcode: 'M1 1AA',
    }),
    listing('L3', { createdAt: t(4), updatedAt: t(4), price: 12_000, make: 'daf', category: 'tipper', fuelType: null, mileage: null }),
    listing('L4', {
      createdAt: t(5),
      updatedAt: t(5),
      price: 55_000,
      category: 'tipper',
      location: 'Somewhere Unplaceable',
      postcode: null,
    }),
    listing('L5', { createdAt: t(6), updatedAt: t(6), price: 8_000, year: null, location: null, postcode: null }),
    listing('P1', { createdAt: t(7), updatedAt: t(7), status: 'pending' }),
    listing('S1', { createdAt: t(8), updatedAt: t(8), status: 'sold' }),
  ]);
  await repo.putScraped(scraped('x1'));
  await repo.putScraped(
    scraped('x2', { dealerName: 'Cardiff Commercials', dealerContact: '029 2018 0000', isActive: true, scrapedAt: t(2, 5) }),
  );
  await repo.putScraped(scraped('x3', { isActive: false }));
  // Written with past change times: the snapshot search starts from is built after them.
  await runDeployData();
});

afterAll(async () => {
  await api?.close();
});

describe('GET /api/listings', () => {
  it('masks seller contact for anonymous visitors, on user and scraped listings, and lets the CDN cache it briefly', async () => {
    const r = await search('pageSize=100');
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(7);
    for (const l of r.body.items) {
      expect(l).toMatchObject({ contactName: MASK.contactName, phone: MASK.phone, companyName: null, email: null, userId: null });
    }
    expect(r.headers.get('cache-control')).toMatch(/^public/);
  });

  it('never carries phones or e-mails, even for signed-in callers: seller names only, never cached', async () => {
    const r = await search('pageSize=100', buyer.accessToken);
    const byId = new Map(r.body.items.map((l) => [l.id, l]));
    expect(byId.get('L1')).toMatchObject({ contactName: 'Sam Seller', phone: null, email: null, userId: owner.userId });
    expect(byId.get('scraped-x1')).toMatchObject({ contactName: 'Dealer', phone: null, email: null, source: 'scraped' });
    expect(byId.get('scraped-x2')).toMatchObject({ contactName: 'Cardiff Commercials', phone: null });
    for (const l of r.body.items) expect([l.phone, l.email]).toEqual([null, null]);
    expect(JSON.stringify(r.body)).not.toMatch(/0113 496 0000|sam@seller\.example|029 2018 0000/);
    expect(r.headers.get('cache-control')).toContain('no-store');
  });

  it('pages through a sort without gaps or repeats, POA last', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const r = await search(`sort=price-low&pageSize=2&page=${page}`);
      expect(r.body.totalPages).toBe(4);
      seen.push(...ids(r));
    }
    // Priced cheapest first; then the three POA listings (L2 and both scraped ones), newest first.
    expect(seen).toEqual(['L5', 'L3', 'L1', 'L4', 'L2', 'scraped-x2', 'scraped-x1']);
  });

  it('filters by make, category, text and place, with facets that ignore their own filter', async () => {
    const tippers = await search('category=tipper');
    expect(ids(tippers).sort()).toEqual(['L3', 'L4']);
    expect(tippers.body.facets.category).toMatchObject({ tipper: 2, articulated: 3 });
    expect(ids(await search('make=daf')).sort()).toEqual(['L3', 'scraped-x1', 'scraped-x2']);
    expect(ids(await search('q=scania'))).toEqual(['L2']);
    // Seller names are searchable only when they are visible.
    expect(ids(await search('q=cardiff%20commercials'))).toEqual([]);
    expect(ids(await search('q=cardiff%20commercials', buyer.accessToken))).toEqual(['scraped-x2']);
    const near = await search('location=LS11%205AB&radius=50&sort=distance');
    expect(near.body.near).toMatchObject({ outcode: 'LS11', radiusMiles: 50 });
    // Leeds first, Manchester (~36 mi) next, then L5 with no location; Cardiff and the unplaceable listing are out.
    expect(ids(near)).toEqual(['L3', 'L1', 'L2', 'L5']);
    expect(near.body.items[0].distanceMiles).toBe(0);
  });

  it('answers an out-of-range page with the last page, and suggests makes and spellings from the index', async () => {
    const all = await search('pageSize=2');
    const r = await search('pageSize=2&page=99');
    expect(r.status).toBe(200);
    expect(r.body.page).toBe(all.body.totalPages);
    expect(r.body.items.length).toBeGreaterThan(0);
    const typo = await search('q=scannia');
    expect(ids(typo)).toContain('L2');
    const none = await search('q=skaniaa');
    expect(none.body.total).toBe(0);
    expect(none.body.didYouMean).toBe('scania');
    const s = await get<{ suggestions: Array<{ kind: string; text: string }> }>('/api/listings/suggest?q=sca');
    expect(s.body.suggestions[0]).toMatchObject({ kind: 'make', text: 'Scania' });
  });

  it('answers bad queries with 400 and a clear message', async () => {
    const cases: Array<[string, RegExp]> = [
      ['priceMin=5000&priceMax=1000', /priceMin must not be greater than priceMax/],
      ['sort=cheapest', /sort must be one of/],
      ['pageSize=1000', /pageSize must be at most 100/],
      ['page=-1', /page must be a whole number/],
      ['yearMin=abc', /yearMin must be a whole number/],
      ['make=tesla', /make must be one of/],
      ['sort=distance', /sort=distance needs a postcode or town location/],
      ['sort=distance&location=Atlantis', /sort=distance needs a postcode or town location/],
    ];
    for (const [qs, message] of cases) {
      const r = await get<{ error: { code: string; message: string } }>(`/api/listings?${qs}`);
      expect(r.status, qs).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION');
      expect(r.body.error.message).toMatch(message);
    }
  });

  it('shows a listing written through the repo within 2 seconds, and drops it when deleted', async () => {
    await search('');
    const now = new Date().toISOString();
    await repo.putListing(listing('NEW1', { title: 'Brand new arrival Iveco', createdAt: now, updatedAt: now }));
    const started = Date.now();
    let found = false;
    while (!found && Date.now() - started < 2000) {
      found = ids(await search('q=arrival')).includes('NEW1');
      if (!found) await new Promise((r) => setTimeout(r, 100));
    }
    expect(found).toBe(true);

    expect(await repo.deleteListing('NEW1')).toBe(true);
    const deletedAt = Date.now();
    let gone = false;
    while (!gone && Date.now() - deletedAt < 2000) {
      gone = !ids(await search('q=arrival')).includes('NEW1');
      if (!gone) await new Promise((r) => setTimeout(r, 100));
    }
    expect(gone).toBe(true);
    expect((await get(`/api/listings/NEW1`)).status).toBe(404);
  });
});

describe('POST /api/listings/{id}/contact', () => {
  const reveal = async (id: string, token?: string) => {
    const res = await fetch(`${api.baseUrl}/api/listings/${id}/contact`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { code: string; message: string } } };
  };

  it('reveals phone and e-mail to signed-in users only, and a scraped dealer with its defaults', async () => {
    expect((await reveal('L1')).status).toBe(401);
    const r = await reveal('L1', buyer.accessToken);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      contactName: 'Sam Seller',
      companyName: 'Seller Haulage Ltd',
      phone: '0113 496 0000',
      email: 'sam@seller.example',
    });
    expect((await reveal('scraped-x2', buyer.accessToken)).body).toMatchObject({
      contactName: 'Cardiff Commercials',
      phone: '+442920180000',
    });
    expect((await reveal('scraped-x1', buyer.accessToken)).body).toMatchObject({ phone: 'Contact via website' });
    expect((await reveal('P1', buyer.accessToken)).status).toBe(404);
  });

  it('refuses suspended accounts (403)', async () => {
    const suspended = await createTestUser();
    const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    const { DynamoDBDocumentClient, PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
    await ddb.send(
      new PutCommand({
        TableName: api.tableName,
        Item: {
          pk: `USER#${suspended.userId}`,
          sk: 'PROFILE',
          userId: suspended.userId,
          accountStatus: 'suspended',
          accountType: 'individual',
          createdAt: t(1),
          updatedAt: t(1),
        },
      }),
    );
    ddb.destroy();
    const r = await reveal('L1', suspended.accessToken);
    expect(r.status).toBe(403);
    expect(r.body.error?.code).toBe('SUSPENDED');
  });

  it('limits each user to 30 different sellers a day with a clear 429; the same listing again is free', async () => {
    const harvester = await createTestUser();
    const many = Array.from({ length: 31 }, (_, i) => listing(`H${String(i).padStart(2, '0')}`));
    await repo.putListingsBatch(many);
    for (const l of many.slice(0, 30)) expect((await reveal(l.id, harvester.accessToken)).status).toBe(200);
    const refused = await reveal(many[30].id, harvester.accessToken);
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toBe(
      'You have viewed the contact details of 30 sellers today. Please try again tomorrow, or message the seller below.',
    );
    // Seen today already: no new reveal, so not refused.
    expect((await reveal(many[0].id, harvester.accessToken)).status).toBe(200);
  });
});

describe('GET /api/listings/latest', () => {
  it('returns the 6 newest active listings of both kinds', async () => {
    const r = await get<{ items: Listing[] }>('/api/listings/latest');
    expect(r.status).toBe(200);
    expect(r.body.items.map((l) => l.id)).toEqual(['L5', 'L4', 'L3', 'L2', 'scraped-x2', 'scraped-x1']);
    expect(r.body.items[0].phone).toBe(MASK.phone);
  });
});

describe('GET /api/listings/{id}', () => {
  it('returns an active listing masked for anonymous visitors, with names but no phone or e-mail for signed-in buyers', async () => {
    const anon = await get<Listing>('/api/listings/L1');
    expect(anon.status).toBe(200);
    expect(anon.body).toMatchObject({ id: 'L1', contactName: MASK.contactName, email: null, userId: null });
    const signedIn = await get<Listing>('/api/listings/L1', buyer.accessToken);
    expect(signedIn.body).toMatchObject({ contactName: 'Sam Seller', phone: null, email: null });
  });

  it("shows anonymous visitors only the outcode of a private seller's postcode", async () => {
    await repo.putListing(listing('PRIV', { companyName: null, postcode: 'LS11 5AB' }));
    await repo.putListing(listing('DEAL', { companyName: 'Dealer Ltd', postcode: 'LS11 5AB' }));
    expect((await get<Listing>('/api/listings/PRIV')).body.postcode).toBe('LS11');
    expect((await get<Listing>('/api/listings/DEAL')).body.postcode).toBe('LS11 5AB');
    expect((await get<Listing>('/api/listings/PRIV', buyer.accessToken)).body.postcode).toBe('LS11 5AB');
  });

  it('returns sold listings (the page shows a Sold badge)', async () => {
    expect((await get<Listing>('/api/listings/S1')).body.status).toBe('sold');
  });

  it('hides a pending listing from others but shows it to its owner', async () => {
    expect((await get('/api/listings/P1')).status).toBe(404);
    const other = await get<{ error: { message: string } }>('/api/listings/P1', buyer.accessToken);
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe('Truck not found');
    const mine = await get<Listing>('/api/listings/P1', owner.accessToken);
    expect(mine.status).toBe(200);
    expect(mine.body.status).toBe('pending');
  });

  it("opens scraped listings by their 'scraped-' id, and not inactive ones", async () => {
    const r = await get<Listing>('/api/listings/scraped-x1', buyer.accessToken);
    expect(r.body).toMatchObject({ id: 'scraped-x1', title: '2018 DAF XF 480', price: 0, fuelType: null, contactName: 'Dealer' });
    expect((await get('/api/listings/scraped-x3')).status).toBe(404);
    expect((await get('/api/listings/does-not-exist')).status).toBe(404);
  });
});

describe('GET /api/locations/{query}', () => {
  it('places postcodes and towns, and answers 404 for text it cannot place', async () => {
    expect((await get<{ outcode: string; label: string }>('/api/locations/LS11%205AB')).body).toMatchObject({
      outcode: 'LS11',
      label: 'LS11 5AB, Leeds',
    });
    expect((await get<{ outcode: string }>('/api/locations/manchester')).body.outcode).toBe('M1');
    expect((await get('/api/locations/Atlantis')).status).toBe(404);
  });
});
