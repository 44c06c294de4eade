import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser.js';

/**
 * Issue 26 §2 and §4, in real Chromium: a buyer adds 3 trucks to compare from home, opens the
 * tray's link, and the same link opens in a fresh browser (no tray, no account), rendered by the
 * server and hydrated in place; the trucks the buyer just viewed appear on home; axe finds nothing
 * serious on /compare.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  // The first listings request builds the search index; do it here, not inside a test's timeout.
  await fetch(`${baseUrl}/api/listings/latest`);
});

afterAll(async () => {
  await browser?.close();
});

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(bad, `axe on ${page.url()}`).toEqual([]);
}

/** Whether React has hydrated the element (it keeps the element's props on it): a click before that is lost. */
const isHydrated = (locator: Locator) => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps')));

const columnTitles = (page: Page) => page.getByTestId('compare-table').locator('thead th a').allTextContents();

describe('compare and recently viewed', () => {
  it('adds 3 trucks to compare, shares the link into a fresh browser, and shows the trucks just viewed on home', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/');
    const latest = page.locator('section[aria-labelledby="latest-heading"] article');
    await latest.nth(2).waitFor();
    await expect.poll(() => isHydrated(latest.nth(0).getByTestId('compare-toggle')), { timeout: 30_000 }).toBe(true);
    const titles: string[] = [];
    for (let i = 0; i < 3; i++) {
      const card = latest.nth(i);
      titles.push((await card.locator('h3').textContent())?.trim() ?? '');
      await card.getByTestId('compare-toggle').click();
      await expect.poll(() => card.getByTestId('compare-toggle').getAttribute('aria-pressed')).toBe('true');
    }

    // The tray persists across a reload (local storage), then opens /compare.
    await page.reload();
    const tray = page.getByRole('region', { name: 'Compare tray' });
    await tray.getByTestId('compare-open').click();
    await page.waitForURL(/\/compare\?ids=/);
    await page.getByTestId('compare-table').waitFor();
    expect(await columnTitles(page)).toEqual(titles);
    await expectAccessible(page);
    const shared = page.url();

    // The shared link in a fresh browser context: no tray, no account, the same trucks.
    // It is server-rendered (issue 26 §5): the table is in the HTML, and hydration keeps those nodes.
    const fresh = await newPage(browser, baseUrl, { width: 375, height: 800 });
    await fresh.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        for (const el of document.querySelectorAll('[data-testid="compare-table"]')) Object.assign(el, { fromServer: true });
      });
    });
    await fresh.goto(shared);
    const table = fresh.getByTestId('compare-table');
    await table.waitFor();
    expect(await columnTitles(fresh)).toEqual(titles);
    await expect.poll(() => isHydrated(table.getByRole('button', { name: /^Remove/ }).first()), { timeout: 30_000 }).toBe(true);
    expect(await table.evaluate((el) => (el as unknown as { fromServer?: boolean }).fromServer === true)).toBe(true);
    await fresh.context().close();

    // View two of them from the compare table's links, then home lists them under "Recently
    // viewed", newest first. (Not from home's latest again: other files' listings and the first
    // screens file's refresh can reorder that list between the two visits.)
    for (const i of [0, 1]) {
      await page.goto(shared);
      const link = page.getByTestId('compare-table').locator('thead th a').nth(i);
      await expect.poll(() => isHydrated(link), { timeout: 30_000 }).toBe(true);
      await link.click();
      await page.getByRole('heading', { level: 1, name: titles[i] }).waitFor();
    }
    await page.goto('/');
    const recent = page.getByTestId('recently-viewed');
    await recent.waitFor();
    expect((await recent.locator('li p.font-semibold').allTextContents()).slice(0, 2)).toEqual([titles[1], titles[0]]);
    await page.context().close();
  }, 120_000);
});
