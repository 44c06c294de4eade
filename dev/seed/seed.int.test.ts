import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '../../shared/schemas/listing.js';
import { type TestApi, type TestUser, createTestUser, runDeployData, startTestApi } from '../testing/harness.js';
import { DEMO_LISTINGS, DEMO_PASSWORD, DEMO_SCRAPED, DEMO_USERS } from './data.js';
import { type SeedResult, seedDemoData } from './index.js';

interface Page {
  items: Listing[];
  total: number;
}

describe('seedDemoData against the local stand-ins', () => {
  let api: TestApi;
  let result: SeedResult;
  const users = new Map<string, TestUser>();
  const logs: string[] = [];

  beforeAll(async () => {
    api = await startTestApi({ tablePrefix: 'seed' });
    result = await seedDemoData({
      env: { ...process.env } as Record<string, string>,
      createConfirmedUser: async (u) => {
        const user = await createTestUser(u);
        users.set(u.email, user);
        return user.userId;
      },
      log: (msg) => logs.push(msg),
    });
    // As the local cloud's start: the deploy step after the seed, so its snapshot holds the demo listings.
    await runDeployData();
  }, 240_000);
  afterAll(() => api?.close());

  const get = async <T>(path: string, token?: string): Promise<T> => {
    const res = await fetch(`${api.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };

  it('returns a login for every demo account, all with the demo password', () => {
    expect(result.logins.map((l) => l.email)).toEqual(DEMO_USERS.map((u) => u.email));
    expect(new Set(result.logins.map((l) => l.password))).toEqual(new Set([DEMO_PASSWORD]));
    expect(logs.join('\n')).toContain(DEMO_PASSWORD);
  });

  it('makes every active listing and active scraped listing searchable', async () => {
    const page = await get<Page>('/api/listings?pageSize=100');
    const activeListings = DEMO_LISTINGS.filter((l) => l.status === 'active').length;
    const activeScraped = DEMO_SCRAPED.filter((s) => s.isActive).length;
    expect(page.total).toBe(activeListings + activeScraped);
  });

  it('shows a known listing with pictures that the images path serves as WebP', async () => {
    const known = DEMO_LISTINGS.find((l) => l.title === '2020 DAF XF 480 FT Space Cab');
    expect(known).toBeDefined();
    const page = await get<Page>(`/api/listings?q=${encodeURIComponent('XF 480 FT Space Cab')}`);
    // Search results carry cards only (the first picture); the listing itself has all of them.
    expect(page.items.some((l) => l.id === known?.id)).toBe(true);
    const listing = await get<Page['items'][number]>(`/api/listings/${known?.id}`);
    expect(listing?.images.length).toBe(known?.imageCount);
    const img = await fetch(`${api.baseUrl}${listing?.images[0].thumbUrl}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
    expect(
      Buffer.from(await img.arrayBuffer())
        .subarray(8, 12)
        .toString('latin1'),
    ).toBe('WEBP');
  });

  it("writes each user's profile (dealer company, account type)", async () => {
    const dealer = DEMO_USERS.find((u) => u.role === 'dealer');
    const token = users.get(dealer?.email ?? '')?.accessToken;
    const me = await get<Record<string, unknown>>('/api/me', token);
    expect(JSON.stringify(me)).toContain(dealer?.companyName ?? '');
    expect(JSON.stringify(me)).toContain('"dealer"');
    // The demo dealers are approved dealers (issue 23); the buyer is not.
    expect(me.dealerStatus).toBe('approved');
    const buyer = DEMO_USERS.find((u) => u.role === 'buyer');
    const buyerMe = await get<Record<string, unknown>>('/api/me', users.get(buyer?.email ?? '')?.accessToken);
    expect(buyerMe.dealerStatus).toBe('none');
  });
});
