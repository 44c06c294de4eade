import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FINANCE_TEXTS } from '../shared/finance.js';
import { launchBrowser, newPage } from './browser.js';

/**
 * Issue 26 §3 in Chromium, on the seeded (demo) finance settings: on a "+VAT" listing, changing the
 * deposit changes the monthly cost, the inputs are in the URL, the statements sit beside the
 * figures, and axe finds nothing serious.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('monthly cost', () => {
  it('changing the deposit changes the monthly cost, kept in the URL', async () => {
    const res = await fetch(`${baseUrl}/api/listings?pageSize=50`);
    const { items } = (await res.json()) as { items: Array<{ id: string; price: number; vatStatus: string | null; status: string }> };
    const listing = items.find((l) => l.price > 0 && l.vatStatus === 'plus_vat' && l.status === 'active');
    if (!listing) throw new Error('no priced +VAT listing in the seed');

    const page = await newPage(browser, baseUrl);
    await page.goto(`/truck/${listing.id}`);
    const calculator = page.getByTestId('finance-calculator');
    await calculator.waitFor();
    await expect(calculator.getByTestId('finance-notice').textContent()).resolves.toContain(FINANCE_TEXTS.illustration);
    await expect(calculator.getByTestId('finance-vat-note').textContent()).resolves.toContain('+ VAT');
    const monthly = calculator.getByTestId('finance-monthly');
    const before = await monthly.textContent();

    const deposit = calculator.getByLabel('Deposit', { exact: true });
    // Typed before hydration, a value would be lost, as for a person: wait for React's handlers.
    await expect
      .poll(() => deposit.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))), { timeout: 30_000 })
      .toBe(true);
    await deposit.fill('30');
    await expect.poll(() => monthly.textContent(), { timeout: 10_000 }).not.toBe(before);
    const after = await monthly.textContent();
    const pence = (s: string | null) => Number((s ?? '').replace(/[£,.]/g, ''));
    expect(pence(after)).toBeLessThan(pence(before));
    expect(new URL(page.url()).searchParams.get('deposit')).toBe('30');

    // The URL alone brings the same figure back (a shared link, a reload).
    await page.reload();
    // (The server renders it from the query, which CloudFront's page function keeps: shared/page-query.ts.)
    await expect.poll(() => page.getByTestId('finance-monthly').textContent(), { timeout: 15_000 }).toBe(after);

    const { violations } = await new AxeBuilder({ page }).include('[data-testid="finance-calculator"]').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.context().close();
  });
});
