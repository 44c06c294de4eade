import { staffApi, staffToken } from './staff-api.js';
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../dev/seed/data.js';
import { launchBrowser, newPage } from './browser.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const WAF_MAX_BODY_BYTES = 32 * 1024;

/**
 * Issue 22 §2: a dealer imports a 400-row stock file from the dashboard. The file is larger than
 * the WAF's body limit, so it must go from the browser straight to the private bucket (presigned
 * POST) and reach the API only as a key. It is the dealer's first import, so staff approve it
 * (issue 23) before browse finds the trucks.
 */
const baseUrl = inject('baseUrl');
const DEALER = 'info@thamesgatewaycv.example';
const STAFF = 'admin@truckyard.example';
const ROWS = 400;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function stockCsv(): string {
  const rows = Array.from(
    { length: ROWS },
    (_, i) =>
      `E2E-BULK-${String(i).padStart(4, '0')},Scania,R450 Bulkline Topline 6x2,${2016 + (i % 6)},articulated,${38_000 + i * 25},+VAT,${380_000 + i * 250},Euro 6,44,`,
  );
  return ['stock_ref,make,model,year,category,price,vat,mileage,euro,gvw,photo_urls', ...rows].join('\n');
}

describe('dealer stock import', () => {
  it(`imports a ${ROWS}-row CSV from the dashboard, the file going to the bucket and only its key to the API`, async () => {
    // Prepare
    const csv = stockCsv();
    expect(Buffer.byteLength(csv)).toBeGreaterThan(WAF_MAX_BODY_BYTES);
    const page = await newPage(browser, baseUrl);
    const apiBodies: Array<{ url: string; bytes: number }> = [];
    const bucketPosts: string[] = [];
    page.on('request', (req: Request) => {
      const url = new URL(req.url());
      if (req.method() !== 'POST') return;
      if (url.pathname.startsWith('/api/')) apiBodies.push({ url: url.pathname, bytes: req.postDataBuffer()?.length ?? 0 });
      // The presigned POST (a multipart form) to the bucket's own endpoint; Cognito's sign-in posts JSON.
      else if (req.headers()['content-type']?.startsWith('multipart/form-data')) bucketPosts.push(url.href);
    });
    await page.goto('/auth');
    const form = page.locator('form').filter({ has: page.getByLabel('Password', { exact: true }) });
    // Each function's first request starts its environment (seconds each on a loaded machine).
    await form.waitFor({ timeout: 60_000 });
    await form.getByLabel('Email', { exact: true }).fill(DEALER);
    await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
    await page.goto('/dealer-dashboard');
    await page.getByLabel('CSV file (up to 4 MB)').waitFor({ timeout: 60_000 });

    // Act
    await page
      .getByLabel('CSV file (up to 4 MB)')
      .setInputFiles({ name: 'bulk-stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Preview import' }).click();
    await page.getByText('Preview of bulk-stock.csv').waitFor({ timeout: 60_000 });
    const summary = page.getByRole('list', { name: 'Import summary' });
    expect(await summary.textContent()).toContain(`${ROWS} new`);
    await page.getByRole('button', { name: `Import ${ROWS} trucks` }).click();
    await page.getByText(`Import finished: ${ROWS} created`).waitFor({ timeout: 240_000 });
    // The dealer's first import waits for staff; an admin approves it.
    await page.getByText(/This is your first import: TruckYard staff review it/).waitFor();
    const token = await staffToken(baseUrl, STAFF);
    const waiting = (await staffApi(baseUrl, token, 'GET', '/admin/stock-imports')).body.items?.find((i) => i.dealerEmail === DEALER);
    expect(waiting?.created).toBe(ROWS);
    const review = await staffApi(baseUrl, token, 'POST', `/admin/stock-imports/${waiting?.userId}/${waiting?.id}/review`, {
      decision: 'approve',
    });
    expect(review.status).toBeLessThan(300);

    // Assess: the file went to the bucket; no API request carried it.
    expect(bucketPosts).toHaveLength(1);
    expect(new URL(bucketPosts[0]).origin).not.toBe(new URL(baseUrl).origin);
    expect(apiBodies.map((b) => b.url)).toEqual(expect.arrayContaining(['/api/my-imports/uploads', '/api/my-imports']));
    expect(apiBodies.filter((b) => b.bytes > 1024)).toEqual([]);
    // Once approved, browse finds every one of them (the index follows listing changes within seconds).
    const found = async () => ((await (await fetch(`${baseUrl}/api/listings?q=Bulkline&pageSize=1`)).json()) as { total: number }).total;
    await expect.poll(found, { timeout: 60_000, interval: 1000 }).toBe(ROWS);
    await page.close();
  }, 360_000);
});
