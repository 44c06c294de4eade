import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, type TestUser, createTestUser, startTestApi } from '../../../../dev/testing/harness.js';
import { IMPORT_FILE_MAX_BYTES } from '../../../../shared/schemas/stock-import.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const WAF_MAX_BODY_BYTES = 32 * 1024;
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const FEED_FETCH_FAILED = 'We could not fetch that address. Check it is a public web address serving your stock file.';

/**
 * Dealer stock import against the real stand-ins: the file posted straight to the private bucket
 * (presigned POST) and previewed by key, apply through SQS (the test API's queue), photos fetched from a
 * local "dealer website", idempotent re-import, refusals that write nothing, one dealer never
 * seeing another's import or file, the size and type checks s3rver leaves to us (it ignores the
 * presigned POST's policy, as S3 would not), and feed URLs through the SSRF guard (the dealer
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
let admin: TestUser;

/** Only approved dealers import (issue 23; dealer-approval.int.test.ts covers the refusals). */
async function approve(who: TestUser) {
  const app = { tradingName: `${who.name} Trucks`, address: '1 Leeds Road, Leeds LS1 1AA', companyNumber: '12345678' };
  expect((await call('POST', '/api/me/dealer-application', who, { json: app })).status).toBe(201);
  expect(
    (await call('POST', `/api/admin/dealer-applications/${who.userId}/decision`, admin, { json: { decision: 'approve' } })).status,
  ).toBe(200);
}

async function call(method: string, path: string, who: TestUser | null, body?: { json?: unknown }) {
  const headers: Record<string, string> = {};
  if (who) headers.authorization = `Bearer ${who.accessToken}`;
  let payload: BodyInit | undefined;
  if (body?.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  }
  const res = await fetch(`${api.baseUrl}${path}`, { method, headers, body: payload });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: test reads JSON answers loosely
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, any> };
}

interface Upload {
  key: string;
  url: string;
  fields: Record<string, string>;
}

/** What the browser does: a multipart POST of the signed fields and the file, straight to the bucket. */
async function postToBucket(upload: Upload, bytes: Buffer | string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...upload.fields, ...fields })) form.append(k, v);
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type: 'text/csv' }), 'stock.csv');
  const res = await fetch(upload.url, { method: 'POST', body: form });
  expect(res.status, await res.text()).toBeLessThan(300);
}

/**
 * Asks for an upload, posts the file to the bucket, and previews it by key, as the dashboard does.
 * The size it declares is at most the limit: a client may lie, and the bytes are checked on reading.
 */
async function uploadAndPreview(who: TestUser, csv: Buffer | string, opts: { fields?: Record<string, string> } = {}) {
  const size = typeof csv === 'string' ? Buffer.byteLength(csv) : csv.length;
  const requested = await call('POST', '/api/my-imports/uploads', who, {
    json: { fileName: 'stock.csv', size: Math.min(size, IMPORT_FILE_MAX_BYTES) },
  });
  expect(requested.status, JSON.stringify(requested.body)).toBe(200);
  const upload = requested.body as Upload;
  await postToBucket(upload, csv, opts.fields);
  const preview = await call('POST', '/api/my-imports', who, { json: { fileKey: upload.key, fileName: 'stock.csv' } });
  return { ...preview, upload };
}

const csvFor = (rows: string[]) => ['stock_ref,make,model,year,category,price,vat,mileage,euro,gvw,photo_urls', ...rows].join('\n');

async function myListings(who: TestUser) {
  return (await call('GET', '/api/my-listings', who)).body.items as Array<{ title: string; images: unknown[] }>;
}

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'my-imports' });
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
  [dealer, other, admin] = await Promise.all([
    createTestUser({ name: 'Dana Dealer', phone: '+441134960000' }),
    createTestUser({ name: 'Olly Other', phone: '+441134960001' }),
    createTestUser({ name: 'Ada Admin', groups: ['admins'] }),
  ]);
  for (const who of [dealer, other]) await approve(who);
});

afterAll(async () => {
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
    const preview = await uploadAndPreview(dealer, csv);
    // Assess: nothing written yet
    expect(preview.status).toBe(201);
    expect(preview.body.fileName).toBe('stock.csv');
    expect(preview.body.summary).toEqual({ create: 2, update: 0, unchanged: 0, reject: 1, markSold: 0 });
    expect(preview.body.rows[2]).toMatchObject({
      line: 4,
      action: 'reject',
      errors: [{ field: 'make', message: 'Make is not one we list' }],
    });
    expect(await myListings(dealer)).toHaveLength(0);

    // Act: apply
    const applied = await call('POST', `/api/my-imports/${preview.body.id}/apply`, dealer, { json: { markMissingSold: false } });
    await api.queues.idle();
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
    const again = await uploadAndPreview(dealer, csv);
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
      const res = await uploadAndPreview(other, csv);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    const latin1 = Buffer.concat([Buffer.from('stock_ref,make,model,year,price\nA,DAF,XF,2020,'), Buffer.from([0xa3]), Buffer.from('5\n')]);
    const res = await uploadAndPreview(other, latin1);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/not UTF-8/);
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
    const preview = await uploadAndPreview(dealer, csvFor(['IMP-9,MAN,TGS,2017,tipper,39950,+VAT,,,,']));
    expect(preview.status).toBe(201);
    // Another dealer cannot preview (read) this dealer's file by its key.
    const stolen = await call('POST', '/api/my-imports', other, { json: { fileKey: preview.upload.key } });
    expect(stolen.status).toBe(403);
    expect(stolen.body.error.message).toBe('That file is not one of your uploads.');
    expect((await call('GET', `/api/my-imports/${preview.body.id}`, other)).status).toBe(404);
    expect((await call('POST', `/api/my-imports/${preview.body.id}/apply`, other, { json: {} })).status).toBe(404);
    expect((await call('GET', `/api/my-imports/${preview.body.id}`, null)).status).toBe(401);
    expect((await call('GET', `/api/my-imports/${preview.body.id}`, dealer)).body.status).toBe('previewed');
  });

  it('previews a 400-row file (over the WAF body limit, were it a body) by key: the API request stays small', async () => {
    // Prepare
    const rows = Array.from(
      { length: 400 },
      (_, i) =>
        `BIG-STOCK-${String(i).padStart(4, '0')},Scania,R450 Highline Topline 6x2,${2016 + (i % 6)},articulated,${40_000 + i * 10},+VAT,${400_000 + i * 100},Euro 6,44,`,
    );
    const csv = csvFor(rows);
    expect(Buffer.byteLength(csv)).toBeGreaterThan(WAF_MAX_BODY_BYTES);
    const bigDealer = await createTestUser({ name: 'Bea Bulk', phone: '+441134960002' });
    await approve(bigDealer);
    // Act (applying is the first test's; the browser test applies 400 rows from the dashboard)
    const preview = await uploadAndPreview(bigDealer, csv);
    // Assess
    expect(preview.status).toBe(201);
    expect(preview.body.summary).toMatchObject({ create: 400, reject: 0 });
    expect(preview.body.rows).toHaveLength(400);
    expect(JSON.stringify({ fileKey: preview.upload.key, fileName: 'stock.csv' }).length).toBeLessThan(200);
  });

  it('checks size and type again when reading the file (s3rver ignores the policy), and writes nothing', async () => {
    // Prepare: a file over the limit and one stored as HTML, both posted with a valid signature.
    const before = (await myListings(other)).length;
    const oversized = Buffer.alloc(IMPORT_FILE_MAX_BYTES + 1, 'a');
    // Act
    const big = await uploadAndPreview(other, oversized);
    const html = await uploadAndPreview(other, csvFor(['IMP-H,MAN,TGS,2017,tipper,39950,+VAT,,,,']), {
      fields: { 'Content-Type': 'text/html' },
    });
    // Assess
    expect(big.status).toBe(400);
    expect(big.body.error.message).toBe('The file is 4.0 MB; the limit is 4 MB. Split it into smaller files.');
    expect(html.status).toBe(400);
    expect(html.body.error.message).toMatch(/not uploaded as a CSV file/);
    expect(await myListings(other)).toHaveLength(before);
  });

  it('signs a POST pinned to one key under the caller, 1 byte..4 MB, text/csv', async () => {
    // Act
    const res = await call('POST', '/api/my-imports/uploads', dealer, { json: { fileName: 'stock.csv', size: 1000 } });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.key).toMatch(new RegExp(`^imports/${dealer.userId}/[0-9A-Z]{26}\\.csv$`));
    expect(res.body.fields.key).toBe(res.body.key);
    expect(res.body.fields['Content-Type']).toBe('text/csv');
    const policy = JSON.parse(Buffer.from(res.body.fields.Policy, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { key: res.body.key },
        ['content-length-range', 1, IMPORT_FILE_MAX_BYTES],
        ['eq', '$Content-Type', 'text/csv'],
      ]),
    );
  });

  it('refuses what is not a file key of the caller, a file too large before upload, and a CSV sent as the body', async () => {
    const tooBig = await call('POST', '/api/my-imports/uploads', dealer, {
      json: { fileName: 'stock.csv', size: IMPORT_FILE_MAX_BYTES + 1 },
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.message).toMatch(/the limit is 4 MB/);
    for (const fileKey of [`uploads/listing-images/${dealer.userId}/01ARZ3NDEKTSV4RRFFQ69G5FAV`, `imports/${dealer.userId}/../x.csv`, '']) {
      const res = await call('POST', '/api/my-imports', dealer, { json: { fileKey } });
      expect(res.status, fileKey).toBe(400);
    }
    const missing = await call('POST', '/api/my-imports', dealer, {
      json: { fileKey: `imports/${dealer.userId}/01ARZ3NDEKTSV4RRFFQ69G5FAV.csv` },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('The uploaded file was not found. Upload it again.');
    const raw = await fetch(`${api.baseUrl}/api/my-imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dealer.accessToken}`, 'content-type': 'text/csv' },
      body: csvFor(['IMP-R,MAN,TGS,2017,tipper,39950,+VAT,,,,']),
    });
    expect(raw.status).toBe(400);
    expect((await raw.json()).error.message).toMatch(/fileKey/);
  });

  it('applies the file it previewed: one posted over it since fails the import instead', async () => {
    // Prepare
    const preview = await uploadAndPreview(dealer, csvFor(['IMP-S,MAN,TGS,2017,tipper,39950,+VAT,,,,']));
    expect(preview.status).toBe(201);
    await postToBucket(preview.upload, csvFor(['IMP-S,MAN,TGS,2017,tipper,1,+VAT,,,,', 'IMP-T,MAN,TGS,2017,tipper,1,+VAT,,,,']));
    // Act
    await call('POST', `/api/my-imports/${preview.body.id}/apply`, dealer, { json: {} });
    await api.queues.idle();
    // Assess
    expect((await call('GET', `/api/my-imports/${preview.body.id}`, dealer)).body.status).toBe('failed');
    expect((await myListings(dealer)).some((l) => l.title.includes('TGS') && l.title.startsWith('2017'))).toBe(false);
  });
});
