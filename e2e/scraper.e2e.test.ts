import { spawn } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser.js';

/** Issue 12: after `npm run job -- scrape`, the collected listings are in browse and name their source. */
const baseUrl = inject('baseUrl');
const productEnv = inject('localCloudEnvE2e');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Runs `npm run job -- scrape` (dev/run-job.ts) against the product the e2e setup started. */
function runScrapeJob(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'dev/run-job.ts', 'scrape'], {
      env: { ...process.env, ...productEnv, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`scrape job exited ${code}:\n${output}`))));
  });
}

describe('scraper', () => {
  it('shows newly scraped listings in browse as Scraped Listing, with their source on the detail page', async () => {
    // Act
    const output = await runScrapeJob();

    // Assess
    expect(output).toMatch(/scrape finished in \d+ ms/);
    // Search answers from its snapshot, which the job's listing.created events bring up to date
    // within a minute (debounced: events/search-snapshot-on-change.ts): the listing shows once that lands.
    const scrapedListing = async () => {
      const api = await (await fetch(`${baseUrl}/api/listings?pageSize=100`)).json();
      return (api.items as Array<{ id: string; title: string; sourceWebsite: string | null }>).find(
        (l) => l.sourceWebsite === 'truckhub.test',
      );
    };
    await expect.poll(scrapedListing, { timeout: 75_000, interval: 1_000 }).toBeDefined();
    const scraped = await scrapedListing();
    const page = await newPage(browser, baseUrl);
    await page.goto('/#browse');
    // Just collected, so among the newest: the first page of results shows it.
    const card = page
      .locator('article')
      .filter({ has: page.locator(`a[href="/truck/${scraped?.id}"]`) })
      .first();
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('Scraped Listing');
    await page.goto(`/truck/${scraped?.id}`);
    await page.getByText('truckhub.test').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('main').textContent()).toContain('Listed on');
    await page.close();
  }, 150_000);
});
