import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, runDeployData, startTestApi } from '../../../../dev/testing/harness.js';
import { LOCAL_SECRET_VALUES } from '../../../../dev/config.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { profileItem } from '../../adapters/dynamodb/profiles-repo.js';
import { storefrontStore } from '../../adapters/dynamodb/storefronts-repo.js';
import { searchSnapshotKey } from '../../adapters/s3/search-snapshots.js';
import { ensureStorefront } from '../../domain/dealers/storefronts.js';
import { listingRecord } from '../../domain/listings/test-fixtures.js';

/**
 * The page function as it runs in AWS (issue 22 §2, "Pages"): every API function requires
 * CloudFront's origin secret (REQUIRE_ORIGIN_VERIFY=1), so the renderer's in-process reads must
 * carry it too; and home's and the category pages' first screens come from the file the snapshot
 * builder writes, a storefront's stock from its object beside it, never from a search index of the
 * page function's own. The search snapshot is removed after the deploy step, so any search in the
 * page function would fail.
 */
let api: TestApi;
let webDir: string;
const SECRET = () => LOCAL_SECRET_VALUES.originVerifySecret;
const DEALER = { userId: 'first-screens-dealer', companyName: 'First Screens Trucks' };
const SLUG = 'first-screens-trucks';

const INDEX = `<!doctype html>
<html lang="en-GB"><head><meta charset="UTF-8" /><title>TruckYard</title>
<script type="module" src="/assets/index-test.js"></script></head>
<body><div id="root"></div></body></html>
`;

async function page(pathname: string, secret: string | null = SECRET()) {
  const res = await fetch(`${api.baseUrl}${pathname}`, { headers: secret ? { 'x-origin-verify': secret } : {} });
  return { status: res.status, html: await res.text() };
}
const rootOf = (html: string) => /<div id="root">(.*?)<\/div>\s*(<script type="application\/json"|<\/body>)/s.exec(html)?.[1] ?? '';

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'truckyard-first-screens-web-'));
  await writeFile(path.join(webDir, 'index.html'), INDEX);
  api = await startTestApi({ tablePrefix: 'first-screens', webDir });
  const { listingsRepo } = await import('../../deps.js');
  await listingsRepo(api.tableName).putListingsBatch([
    listingRecord('FS1', { title: '2020 DAF CF Tipper FS1', make: 'daf', category: 'tipper', updatedAt: '2026-01-05T00:00:00.000Z' }),
    listingRecord('FS2', { title: '2018 Volvo FH FS2', updatedAt: '2026-01-04T00:00:00.000Z' }),
    // A dealer's stock (its storefront below): a DAF and a Scania.
    listingRecord('SF1', { userId: DEALER.userId, title: '2021 DAF XF SF1', make: 'daf', updatedAt: '2026-01-03T00:00:00.000Z' }),
    listingRecord('SF2', { userId: DEALER.userId, title: '2017 Scania R SF2', make: 'scania', updatedAt: '2026-01-02T00:00:00.000Z' }),
  ]);
  // The dealer's profile and storefront, as sign-up and the dashboard make them (dev/seed does the same).
  const createdAt = '2026-01-01T00:00:00.000Z';
  await ddb.send(
    new PutCommand({
      TableName: api.tableName,
      Item: profileItem({
        ...DEALER,
        fullName: 'Dee Dealer',
        phone: null,
        email: 'dee@first-screens.example',
        accountStatus: 'active',
        accountType: 'dealer',
        dealerStatus: 'approved',
        createdAt,
        updatedAt: createdAt,
      }),
    }),
  );
  const storefront = await ensureStorefront(
    storefrontStore(ddb, api.tableName),
    { ...DEALER, accountType: 'dealer', fullName: 'Dee Dealer', dealerStatus: 'approved' },
    new Date(createdAt),
  );
  expect(storefront.slug).toBe(SLUG);
  await runDeployData();
  // No search snapshot: the search function answers 503, and the pages must not need it.
  const s3 = new S3Client({ forcePathStyle: true });
  await s3.send(new DeleteObjectCommand({ Bucket: process.env.BUCKET_PRIVATE_UPLOADS, Key: searchSnapshotKey(api.tableName) }));
  s3.destroy();
  process.env.REQUIRE_ORIGIN_VERIFY = '1';
});

afterAll(async () => {
  delete process.env.REQUIRE_ORIGIN_VERIFY;
  await api?.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('pages behind the origin guard (REQUIRE_ORIGIN_VERIFY=1)', () => {
  it('refuses a page request without the origin secret, as every API function does', async () => {
    expect((await page('/truck/FS2', null)).status).toBe(403);
  });

  it("renders a listing page's first screen on the server: its in-process read of the listing passes the guard", async () => {
    const { status, html } = await page('/truck/FS2');
    expect(status).toBe(200);
    expect(rootOf(html)).toMatch(/<h1[^>]*>2018 Volvo FH FS2<\/h1>/);
  });

  it("renders the 404 page with the layout's own reads (the site notice) done on the server", async () => {
    const { status, html } = await page('/no-such-page');
    expect(status).toBe(404);
    expect(rootOf(html)).toContain('Page not found');
    expect(html).toMatch(/id="first-screen-data">.*"page-content","site"/s);
  });
});

describe('first screens without a search index in the page function', () => {
  it('search itself has no snapshot here (503), so nothing below comes from a search index', async () => {
    const res = await fetch(`${api.baseUrl}/api/listings`, { headers: { 'x-origin-verify': SECRET() } });
    expect(res.status).toBe(503);
  });

  it("renders home's latest trucks from the first screens file", async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expect(rootOf(html)).toMatch(/Latest Trucks.*href="\/truck\/FS1".*href="\/truck\/FS2"/s);
  });

  it("renders a category page's first page from the file", async () => {
    const { status, html } = await page('/tippers');
    expect(status).toBe(200);
    const root = rootOf(html);
    expect(root).toContain('href="/truck/FS1"');
    expect(root).not.toContain('href="/truck/FS2"');
  });

  it('leaves a filtered category URL to the browser: the shell, with 200', async () => {
    const { status, html } = await page('/tippers?make=volvo');
    expect(status).toBe(200);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('id="first-screen-data"');
  });
});

describe("a storefront's stock from its first-screens object", () => {
  it('renders the first cards of the unfiltered stock on the server, with the data hydration needs', async () => {
    // The builder wrote the storefront's own object beside the main file.
    const s3 = new S3Client({ forcePathStyle: true });
    const key = `first-screens/${api.tableName}/dealers/${SLUG}.json`;
    await expect(s3.send(new HeadObjectCommand({ Bucket: process.env.BUCKET_PRIVATE_UPLOADS, Key: key }))).resolves.toBeTruthy();
    s3.destroy();

    const { status, html } = await page(`/dealers/${SLUG}`);

    expect(status).toBe(200);
    const root = rootOf(html);
    expect(root).toContain(`${DEALER.companyName}</h1>`);
    expect(root).toMatch(/href="\/truck\/SF1".*href="\/truck\/SF2"/s);
    expect(root).not.toContain('href="/truck/FS1"');
    expect(root).not.toContain('href="/truck/FS2"');
    // The stock's answer is in the page's data, under the key the browser's query uses.
    expect(html).toMatch(/id="first-screen-data">.*"listings","search",\{"dealer":"first-screens-trucks","page":1,"pageSize":24\}/s);
  });

  it("leaves a filtered storefront's stock to the browser: the header on the server, no cards", async () => {
    const { status, html } = await page(`/dealers/${SLUG}?make=scania`);

    expect(status).toBe(200);
    const root = rootOf(html);
    expect(root).toContain(`${DEALER.companyName}</h1>`);
    expect(root).not.toContain('href="/truck/SF');
    expect(html).toMatch(/id="first-screen-data">/);
    expect(html).not.toMatch(/id="first-screen-data">.*"listings","search"/s);
  });
});
