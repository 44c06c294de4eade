import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, runDeployData, startTestApi } from '../../../../dev/testing/harness.js';
import { LOCAL_SECRET_VALUES } from '../../../../dev/config.js';
import { searchSnapshotKey } from '../../adapters/s3/search-snapshots.js';
import { listingRecord } from '../../domain/listings/test-fixtures.js';

/**
 * The page function as it runs in AWS (issue 22 §2, "Pages"): every API function requires
 * CloudFront's origin secret (REQUIRE_ORIGIN_VERIFY=1), so the renderer's in-process reads must
 * carry it too; and home's and the category pages' first screens come from the file the snapshot
 * builder writes, never from a search index of the page function's own. The search snapshot is
 * removed after the deploy step, so any search in the page function would fail.
 */
let api: TestApi;
let webDir: string;
const SECRET = () => LOCAL_SECRET_VALUES.originVerifySecret;

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
  ]);
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
