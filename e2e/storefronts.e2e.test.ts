import { gunzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser.js';

/**
 * Issue 26 §1: a buyer finds a seeded dealer in /dealers, opens the storefront and filters its
 * stock (the URL carries it); the storefront's JSON-LD AutoDealer, its first cards in the HTML,
 * its sitemap entry, a real 404 for an unknown slug, and axe on both pages.
 */
const baseUrl = inject('baseUrl');
const SLUG = 'pennine-truck-sales-ltd';
let browser: Browser;
let page: Page;

async function expectAccessible(p: Page) {
  const { violations } = await new AxeBuilder({ page: p }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.help}`);
  expect(bad, `axe on ${p.url()}`).toEqual([]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, baseUrl);
});
afterAll(async () => browser?.close());

describe('dealer storefronts', () => {
  it('lets a buyer find a dealer in /dealers and filter their stock', async () => {
    await page.goto(`${baseUrl}/dealers`);
    const row = page.getByRole('link', { name: /Pennine Truck Sales Ltd/ });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toMatch(/\d+ trucks? in stock/);
    await expectAccessible(page);
    await row.click();
    await page.waitForURL(`**/dealers/${SLUG}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Pennine Truck Sales Ltd');
    const firstCount = await page
      .getByText(/\d+ trucks? found/)
      .first()
      .textContent();
    await page.getByLabel('Search trucks').fill('volvo');
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]q=volvo/);
    await expect
      .poll(
        () =>
          page
            .getByText(/\d+ trucks? found/)
            .first()
            .textContent(),
        { timeout: 20_000 },
      )
      .not.toBe(firstCount);
    // The stock is the dealer's only: the API answers the same filter with the dealer's slug.
    const res = await fetch(`${baseUrl}/api/listings?dealer=${SLUG}&q=volvo`);
    const body = (await res.json()) as { total: number };
    expect(body.total).toBeGreaterThan(0);
    await expectAccessible(page);
  }, 90_000);

  it('serves the storefront with JSON-LD AutoDealer and its first cards, lists it in the sitemap, and 404s an unknown slug', async () => {
    const html = await (await fetch(`${baseUrl}/dealers/${SLUG}`)).text();
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]));
    const dealer = ld.find((x) => x['@type'] === 'AutoDealer');
    expect(dealer).toMatchObject({ name: 'Pennine Truck Sales Ltd', url: expect.stringContaining(`/dealers/${SLUG}`) });
    expect(dealer.makesOffer.length).toBeGreaterThan(0);
    expect(html).toContain('Pennine Truck Sales Ltd</h1>');
    // The stock's first cards come with the HTML, from the storefront's first-screens object (read
    // by the page function under its own role: docs/architecture.md, "Server-rendered first screens").
    const root = /<div id="root">(.*?)<\/div>\s*<script type="application\/json"/s.exec(html)?.[1] ?? '';
    expect(root).toMatch(/<article[^>]*>.*href="\/truck\/[^"]+"/s);
    // A filtered storefront's stock is the browser's search: its HTML has the header and no cards.
    const filtered = await (await fetch(`${baseUrl}/dealers/${SLUG}?q=volvo`)).text();
    expect(filtered).toContain('Pennine Truck Sales Ltd</h1>');
    expect(filtered).not.toMatch(/<article[^>]*>.*href="\/truck\//s);

    const index = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    const pagesPart = /<loc>[^<]*(\/sitemaps\/pages\.xml\.gz)<\/loc>/.exec(index)?.[1];
    expect(pagesPart).toBeTruthy();
    const part = gunzipSync(Buffer.from(await (await fetch(`${baseUrl}${pagesPart}`)).arrayBuffer())).toString('utf8');
    expect(part).toContain(`/dealers/${SLUG}</loc>`);

    expect((await fetch(`${baseUrl}/dealers/no-such-dealer-here`)).status).toBe(404);
  }, 60_000);
});
