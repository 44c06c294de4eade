import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalQueue, type LocalQueue } from '../../../../dev/local-queue.js';
import { type TestApi, type TestUser, createTestUser, startTestApi } from '../../../../dev/testing/harness.js';
import { setInProcessQueue } from '../../adapters/queues/sender.js';
import { FEED_FETCH_FAILED } from '../../adapters/stock-import/feed-fetch.js';

/**
 * Dealer stock import against the real stand-ins: dry run, apply through the in-process queue,
 * photos fetched from a local "dealer website", idempotent re-import, refusals that write nothing,
 * one dealer never seeing another's import, and feed URLs through the SSRF guard (the dealer
 * website is a loopback fixture, so it is named in FETCH_ALLOW_HOSTS; another loopback server,
 * not named, stands for our own network).
 */
let api: TestApi;
let dealer: TestUser;
let other: TestUser;
let photoSite: Server;
let photoBase: string;
let inside: Server;
let insidePort: number;
const insideHits: string[] = [];
let queue: LocalQueue;

async function call(method: string, path: string, who: TestUser | null, body?: { csv?: string; json?: unknown }) {
  const headers: Record<string, string> = {};
  if (who) headers.authorization = `Bearer ${who.accessToken}`;
  let payload: BodyInit | undefined;
  if (body?.csv !== undefined) {
    headers['content-type'] = 'application/octet-stream';
    headers['x-file-name'] = 'stock.csv';
    payload = body.csv;
  } else if (body?.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  }
  const res = await fetch(`${api.baseUrl}${path}`, { method, headers, body: payload });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: test reads JSON answers loosely
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, any> };
}

const csvFor = (rows: string[]) => ['stock_ref,make,model,year,category,price,vat,mileage,euro,gvw,photo_urls', ...rows].join('\n');

async function myListings(who: TestUser) {
  return (await call('GET', '/api/my-listings', who)).body.items as Array<{ title: string; images: unknown[] }>;
}

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'my-imports' });
  queue = createLocalQueue({ log: () => {} });
  setInProcessQueue(queue);
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
  photoSite = createServer((req, res) => {
    if (req.url?.endsWith('.jpg')) {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    } else if (req.url === '/feed.csv') {
      res.writeHead(200, { 'content-type': 'text/csv' }).end(csvFor(['FEED-1,DAF,XF 480,2020,articulated,54950,+VAT,412000,Euro 6,44,']));
    } else if (req.url === '/to-inside') {
      res.writeHead(302, { location: `http://[::ffff:127.0.0.1]:${insidePort}/feed.csv` }).end();
    } else if (req.url?.endsWith('.svg')) {
      res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => photoSite.listen(0, '127.0.0.1', r));
  photoBase = `http://127.0.0.1:${(photoSite.address() as AddressInfo).port}`;
  inside = createServer((req, res) => {
    insideHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/csv' }).end(csvFor(['IN-1,DAF,XF 480,2020,articulated,1,+VAT,1,Euro 6,44,']));
  });
  await new Promise<void>((r) => inside.listen(0, '127.0.0.1', r));
  insidePort = (inside.address() as AddressInfo).port;
  // The fixture allow-list, as CDK context sets it on the import's functions: the dealer website only.
  process.env.FETCH_ALLOW_HOSTS = new URL(photoBase).host;
  let admin: TestUser;
  [dealer, other, admin] = await Promise.all([
    createTestUser({ name: 'Dana Dealer', phone: '+441134960000' }),
    createTestUser({ name: 'Olly Other', phone: '+441134960001' }),
    createTestUser({ name: 'Ada Admin', groups: ['admins'] }),
  ]);
  // Only approved dealers import (issue 23; dealer-approval.int.test.ts covers the refusals).
  for (const who of [dealer, other]) {
    const app = { tradingName: `${who.name} Trucks`, address: '1 Leeds Road, Leeds LS1 1AA', companyNumber: '12345678' };
    expect((await call('POST', '/api/me/dealer-application', who, { json: app })).status).toBe(201);
    expect(
      (await call('POST', `/api/admin/dealer-applications/${who.userId}/decision`, admin, { json: { decision: 'approve' } })).status,
    ).toBe(200);
  }
});

afterAll(async () => {
  setInProcessQueue(undefined);
  await new Promise((r) => photoSite.close(r));
  await new Promise((r) => inside.close(r));
  delete process.env.FETCH_ALLOW_HOSTS;
  await api.close();
});

describe('stock import', () => {
  it('previews, applies through the queue with photos, and a second import of the same file changes nothing', async () => {
    // Prepare
    const csv = csvFor([
      `IMP-1,DAF,XF 480,2020,articulated,54950,+VAT,412000,Euro 6,44,${photoBase}/a.jpg ${photoBase}/evil.svg`,
      'IMP-2,Volvo,FM 420,2018,tipper,48500,+VAT,300000,Euro 6,32,',
      'IMP-3,Tonka,Toy,2018,tipper,100,,,,,',
    ]);
    // Act: dry run
    const preview = await call('POST', '/api/my-imports', dealer, { csv });
    // Assess: nothing written yet
    expect(preview.status).toBe(201);
    expect(preview.body.summary).toEqual({ create: 2, update: 0, unchanged: 0, reject: 1, markSold: 0 });
    expect(preview.body.rows[2]).toMatchObject({
      line: 4,
      action: 'reject',
      errors: [{ field: 'make', message: 'Make is not one we list' }],
    });
    expect(await myListings(dealer)).toHaveLength(0);

    // Act: apply
    const applied = await call('POST', `/api/my-imports/${preview.body.id}/apply`, dealer, { json: { markMissingSold: false } });
    await queue.idle();
    const done = await call('GET', `/api/my-imports/${preview.body.id}`, dealer);
    // Assess
    expect(applied.status).toBe(202);
    expect(done.body.status).toBe('done');
    expect(done.body.report).toMatchObject({ created: 2, updated: 0, failures: [] });
    expect(done.body.report.photoFailures).toEqual([
      { line: 2, stockRef: 'IMP-1', url: `${photoBase}/evil.svg`, reason: 'Not a JPEG, PNG or WebP image' },
    ]);
    const listings = await myListings(dealer);
    expect(listings.map((l) => l.title).sort()).toEqual(['2018 Volvo FM 420', '2020 DAF XF 480']);
    expect(listings.find((l) => l.title === '2020 DAF XF 480')?.images).toHaveLength(1);

    // Act: the same file again
    const again = await call('POST', '/api/my-imports', dealer, { csv });
    // Assess
    expect(again.body.summary).toEqual({ create: 0, update: 0, unchanged: 2, reject: 1, markSold: 0 });
    expect(await call('POST', `/api/my-imports/${preview.body.id}/apply`, dealer, { json: {} })).toMatchObject({ status: 409 });
  });

  it('refuses a malformed file with a clear message and writes nothing', async () => {
    const before = (await myListings(other)).length;
    const cases: Array<[string, RegExp]> = [
      ['make,model,year\nDAF,XF,2020', /Missing required columns: stock_ref, price/],
      ['stock_ref,make,model,year,price\nA,DAF,XF,2020,"=1+1"', /holds a formula/],
    ];
    for (const [csv, message] of cases) {
      const res = await call('POST', '/api/my-imports', other, { csv });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    const latin1 = Buffer.concat([Buffer.from('stock_ref,make,model,year,price\nA,DAF,XF,2020,'), Buffer.from([0xa3]), Buffer.from('5\n')]);
    const res = await fetch(`${api.baseUrl}/api/my-imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.accessToken}`, 'content-type': 'application/octet-stream' },
      body: latin1,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/not UTF-8/);
    expect(await myListings(other)).toHaveLength(before);
  });

  it('previews a feed from an allowed site, and answers every refused or failed feed with the same 400', async () => {
    const feed = await call('POST', '/api/my-imports', other, { json: { feedUrl: `${photoBase}/feed.csv` } });
    expect(feed.status).toBe(201);
    expect(feed.body.summary).toMatchObject({ create: 1 });

    const refused = [
      `http://127.0.0.1:${insidePort}/feed.csv`,
      `http://[::ffff:127.0.0.1]:${insidePort}/feed.csv`,
      `http://2130706433:${insidePort}/feed.csv`,
      `http://localhost:${insidePort}/feed.csv`,
      'http://169.254.169.254/latest/meta-data/',
      `${photoBase}/to-inside`,
      `${photoBase}/missing.csv`,
    ];
    const answers = new Set<string>();
    for (const feedUrl of refused) {
      const res = await call('POST', '/api/my-imports', other, { json: { feedUrl } });
      expect(res.status, feedUrl).toBe(400);
      answers.add(JSON.stringify(res.body));
    }
    expect([...answers]).toEqual([JSON.stringify({ error: { code: 'VALIDATION', message: FEED_FETCH_FAILED } })]);
    expect(insideHits).toEqual([]);
  });

  it("keeps one dealer's imports from another, and from anonymous callers", async () => {
    const preview = await call('POST', '/api/my-imports', dealer, { csv: csvFor(['IMP-9,MAN,TGS,2017,tipper,39950,+VAT,,,,']) });
    expect(preview.status).toBe(201);
    expect((await call('GET', `/api/my-imports/${preview.body.id}`, other)).status).toBe(404);
    expect((await call('POST', `/api/my-imports/${preview.body.id}/apply`, other, { json: {} })).status).toBe(404);
    expect((await call('GET', `/api/my-imports/${preview.body.id}`, null)).status).toBe(401);
    expect((await call('GET', `/api/my-imports/${preview.body.id}`, dealer)).body.status).toBe('previewed');
  });
});
