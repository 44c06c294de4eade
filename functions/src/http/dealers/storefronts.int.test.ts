import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, type TestUser, createTestUser, startTestApi } from '../../../../dev/testing/harness.js';
import { WEEKDAYS } from '../../../../shared/weekdays.js';
import { routes } from '../../routes.js';

/**
 * Dealer storefronts (issue 26 §1) against the real stand-ins: slugs (-2 on a clash), a renamed
 * company's old slug as a redirect, the dashboard's edits checked by the shared schema, staff's
 * audited hide (then a 404), and the grants of the new rows.
 */
let api: TestApi;
let admin: TestUser;
const STEM = `Storefront Test ${Date.now().toString(36)}`;
const slugOf = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');

// biome-ignore lint/suspicious/noExplicitAny: test reads JSON loosely
type Res = { status: number; body: Record<string, any>; headers: Headers };
async function call(method: string, path: string, who: TestUser | null, json?: unknown): Promise<Res> {
  const headers: Record<string, string> = {};
  if (who) headers.authorization = `Bearer ${who.accessToken}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${api.baseUrl}${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
    redirect: 'manual',
  });
  const text = await res.text();
  return { status: res.status, body: text?.startsWith('{') ? JSON.parse(text) : { text }, headers: res.headers };
}

async function dealer(companyName: string): Promise<TestUser> {
  const user = await createTestUser({ name: 'Dealer Person' });
  // A dealer account as staff approval makes one (the profile's account type), then its company name.
  expect(
    (
      await call('POST', '/api/me/dealer-application', user, {
        tradingName: companyName,
        address: 'Unit 2, Leeds Road, Leeds LS11 5AB',
        companyNumber: '12345678',
      })
    ).status,
  ).toBe(201);
  expect((await call('POST', `/api/admin/dealer-applications/${user.userId}/decision`, admin, { decision: 'approve' })).status).toBe(200);
  expect((await call('PATCH', '/api/me', user, { companyName })).status).toBe(200);
  return user;
}

const hours = WEEKDAYS.map((day) => (day === 'sun' ? { day, closed: true } : { day, closed: false, open: '08:00', close: '17:30' }));

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'storefronts' });
  admin = await createTestUser({ groups: ['admins'] });
}, 120_000);
afterAll(async () => api?.close());

describe('dealer storefronts', () => {
  it('gives each dealer a slug of its company name, -2 on a clash; individuals have none', async () => {
    const a = await dealer(STEM);
    const b = await dealer(STEM);
    const sa = await call('GET', '/api/me/storefront', a);
    const sb = await call('GET', '/api/me/storefront', b);
    expect(sa.body.slug).toBe(slugOf(STEM));
    expect(sb.body.slug).toBe(`${slugOf(STEM)}-2`);
    const person = await createTestUser();
    expect((await call('GET', '/api/me/storefront', person)).status).toBe(403);
    const page = await call('GET', `/api/dealers/${sa.body.slug}`, null);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ companyName: STEM, sellerType: 'trade', approvedDealer: true });
    expect((await call('GET', '/api/dealers/no-such-dealer-anywhere', null)).status).toBe(404);
  }, 60_000);

  it('keeps a renamed company’s old slug as a 301 to the new one, on the page too', async () => {
    const d = await dealer(`${STEM} Old`);
    const old = (await call('GET', '/api/me/storefront', d)).body.slug as string;
    expect((await call('PATCH', '/api/me', d, { companyName: `${STEM} New` })).status).toBe(200);
    const renamed = (await call('GET', '/api/me/storefront', d)).body.slug as string;
    expect(renamed).toBe(slugOf(`${STEM} New`));
    const res = await call('GET', `/api/dealers/${old}`, null);
    expect(res.status).toBe(301);
    expect(res.body.redirectTo).toBe(renamed);
    const page = await call('GET', `/dealers/${old}?make=volvo`, null);
    expect(page.status).toBe(301);
    expect(page.headers.get('location')).toBe(`/dealers/${renamed}?make=volvo`);
  }, 60_000);

  it('saves the dashboard’s edits as plain text and refuses bad ones with a 400', async () => {
    const d = await dealer(`${STEM} Edits`);
    const ok = await call('PUT', '/api/me/storefront', d, {
      about: 'Trucks <b>since</b> 1990',
      town: 'Leeds',
      postcode: 'LS11 5AB',
      hours,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ about: 'Trucks since 1990', town: 'Leeds', postcodeDistrict: 'LS11' });
    for (const bad of [
      { about: 'x'.repeat(1001), town: 'Leeds', postcode: 'LS11', hours },
      { about: '', town: 'Leeds', postcode: 'NOWHERE', hours },
      { about: '', town: 'Leeds', postcode: 'LS11', hours: hours.slice(1) },
      { about: '', town: 'Leeds', postcode: 'LS11', hours, logoKey: 'listings/not-an-upload-of-mine' },
    ]) {
      const res = await call('PUT', '/api/me/storefront', d, bad);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
    }
    expect((await call('GET', `/api/dealers/${ok.body.slug}`, null)).body.about).toBe('Trucks since 1990');
  }, 60_000);

  it('lets staff hide a storefront (audited), shown so in admin › Users: then a 404, out of the directory; shown again after', async () => {
    const d = await dealer(`${STEM} Hidden`);
    const slug = (await call('GET', '/api/me/storefront', d)).body.slug as string;
    expect((await call('PATCH', `/api/admin/users/${d.userId}/storefront`, d, { hidden: true })).status).toBe(403);
    expect((await call('PATCH', `/api/admin/users/${d.userId}/storefront`, admin, { hidden: 'yes' })).status).toBe(400);
    const inUsersTab = async () => {
      const res = await call('GET', `/api/admin/users?q=${encodeURIComponent(`${STEM} Hidden`)}`, admin);
      expect(res.status).toBe(200);
      return (res.body.items as Array<{ userId: string; storefront?: unknown }>).find((u) => u.userId === d.userId)?.storefront;
    };
    expect(await inUsersTab()).toEqual({ slug, hidden: false });
    expect((await call('PATCH', `/api/admin/users/${d.userId}/storefront`, admin, { hidden: true })).status).toBe(200);
    // Admin › Users shows the state, not only after a change made in this browser.
    expect(await inUsersTab()).toEqual({ slug, hidden: true });
    expect((await call('GET', `/api/dealers/${slug}`, null)).status).toBe(404);
    expect((await call('GET', `/dealers/${slug}`, null)).status).toBe(404);
    expect((await call('GET', `/api/listings?dealer=${slug}`, null)).status).toBe(404);
    const dir = await call('GET', `/api/dealers?q=${encodeURIComponent(`${STEM} Hidden`)}`, null);
    expect(dir.status).toBe(200);
    expect(dir.body.dealers).toEqual([]);
    const superAdmin = await createTestUser({ groups: ['super_admins', 'admins'] });
    const audit = await call('GET', '/api/admin/audit', superAdmin);
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body)).toContain('storefront_hidden');
    expect((await call('PATCH', `/api/admin/users/${d.userId}/storefront`, admin, { hidden: false })).status).toBe(200);
    expect(await inUsersTab()).toEqual({ slug, hidden: false });
    expect((await call('GET', `/api/dealers/${slug}`, null)).status).toBe(200);
    const shown = await call('GET', `/api/dealers?q=${encodeURIComponent(`${STEM} Hidden`)}`, null);
    expect(shown.body.dealers.map((x: { slug: string }) => x.slug)).toEqual([slug]);
    expect(shown.body.dealers[0].stockCount).toBe(0);
  }, 60_000);
});

describe('storefront route rows', () => {
  it('grant the public storefront read only storefronts, profiles and the owner index', () => {
    const row = routes.find((r) => r.id === 'GetStorefront');
    expect(row?.access).toMatchObject({ table: 'read', tableKeys: ['STOREFRONT#', 'USER#'], tableIndexQueries: ['gsi1'] });
    const mine = routes.filter((r) => r.path === '/api/me/storefront');
    expect(mine.map((r) => r.method).sort()).toEqual(['GET', 'HEAD', 'PUT']);
    for (const r of mine) expect(r.access.tableKeys).toEqual(['STOREFRONT#', 'USER#', 'DELETEDUSER#']);
  });
});
