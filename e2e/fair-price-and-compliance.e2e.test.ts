import { approveFirstImport } from './staff-api.js';
import { spawn } from 'node:child_process';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../dev/seed/data.js';
import { launchBrowser, newPage } from './browser.js';

/**
 * Issue 13 end to end: a dealer imports a CSV of 20 trucks with photos (served by a local "dealer
 * website"), the price-model job runs, the cards in browse show price and clean-air badges, and a
 * buyer who filters "Great price" and "no charge in London" sees only trucks that are both.
 */
const baseUrl = inject('baseUrl');
const productEnv = inject('localCloudEnvE2e');
const DEALER = 'trucks@midlandhgv.example';
let browser: Browser;
let photoSite: Server;
let photoBase: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#4a6b8a' } })
    .jpeg()
    .toBuffer();
  photoSite = createServer((req, res) => {
    if (req.url?.endsWith('.jpg')) res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => photoSite.listen(0, '127.0.0.1', r));
  photoBase = `http://127.0.0.1:${(photoSite.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => photoSite?.close(r));
});

/**
 * 18 Iveco Stralis around £46,000 (Euro 6), and two great prices: a Euro 6 at £30,000 ("Hi-Way",
 * enters London free) and a Euro 5 at £16,000 ("Hi-Road", £100 a day in London). The model prices
 * a Euro 5 lower, by how much depends on every listing the suite added before this test (the order
 * of the files changes it): at £30,000 the Hi-Road was sometimes only a good price, and at £24,000
 * once only fair, so it is well under any such discount.
 */
function stockCsv(): string {
  const rows = Array.from({ length: 18 }, (_, i) => {
    const price = 44_000 + (i % 6) * 800;
    return `E2E-FP-${i},Iveco,Stralis 480,${2019 + (i % 3)},articulated,${price},+VAT,${330_000 + (i % 4) * 15_000},Euro 6,44,${photoBase}/p${i}.jpg`;
  });
  rows.push(`E2E-FP-GREAT6,Iveco,Stralis 460 Hi-Way,2020,articulated,30000,+VAT,350000,Euro 6,44,${photoBase}/g6.jpg`);
  rows.push(`E2E-FP-GREAT5,Iveco,Stralis 460 Hi-Road,2020,articulated,16000,+VAT,350000,Euro 5,44,${photoBase}/g5.jpg`);
  return ['stock_ref,make,model,year,category,price,vat,mileage,euro,gvw,photo_urls', ...rows].join('\n');
}

function runJob(id: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'dev/run-job.ts', id], {
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
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${id} job exited ${code}:\n${output}`))));
  });
}

type Card = { id: string; title: string; priceBand?: string | null };
async function stralisCards(): Promise<Card[]> {
  const res = await fetch(`${baseUrl}/api/listings?q=stralis&pageSize=100`);
  return ((await res.json()) as { items: Card[] }).items;
}

describe('fair price and clean-air badges', () => {
  it('rates an imported stock file and lets a buyer find great prices that enter London free', async () => {
    // Prepare: the dealer imports the file from the dashboard.
    const page = await newPage(browser, baseUrl);
    await page.goto('/auth');
    const form = page.locator('form').filter({ has: page.getByLabel('Password', { exact: true }) });
    await form.getByLabel('Email', { exact: true }).fill(DEALER);
    await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
    await page.goto('/dealer-dashboard');
    await page
      .getByLabel('CSV file (up to 4 MB)')
      .setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(stockCsv()) });
    await page.getByRole('button', { name: 'Preview import' }).click();
    await page.getByRole('button', { name: 'Import 20 trucks' }).click();
    await page.getByText('Import finished: 20 created').waitFor({ timeout: 120_000 });
    await page.close();
    // The dealer's first import waits for staff review (issue 23); an admin approves it.
    expect(await approveFirstImport(baseUrl, 'admin@truckyard.example', DEALER)).toBe(20);

    // Act: the scheduled model job runs; readers pick the new model up within seconds.
    expect(await runJob('price-model')).toMatch(/price-model finished/);
    const deadline = Date.now() + 30_000;
    let cards = await stralisCards();
    const rated = (cs: Card[]) => ['Hi-Way', 'Hi-Road'].every((t) => cs.some((c) => c.title.includes(t) && c.priceBand === 'great'));
    while (!rated(cards) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1000));
      cards = await stralisCards();
    }

    // Assess: every imported truck is in browse with a price badge (20 similar trucks) and a clean-air badge.
    expect(cards.filter((c) => c.title.includes('Stralis'))).toHaveLength(20);
    const buyer = await newPage(browser, baseUrl);
    await buyer.goto('/?q=Stralis%20Hi');
    const browse = buyer.getByRole('region', { name: 'Browse All Trucks' });
    // The Hi-Road the API rates great (the model's fit, so which Hi-Road trucks are great, depends
    // on every listing the suite has added before this test): its card says so too.
    const great = cards.find((c) => c.title.includes('Hi-Road') && c.priceBand === 'great');
    const bands = cards.filter((c) => c.title.includes('Hi-')).map((c) => `${c.title}: ${c.priceBand}`);
    expect(great, `a Hi-Road the API rates great (${bands.join(', ')})`).toBeDefined();
    const hiRoad = browse.locator('article').filter({ has: buyer.locator(`a[href="/truck/${great?.id}"]`) });
    await hiRoad.waitFor();
    expect(await hiRoad.getByTestId('price-band').textContent()).toContain('Great price');
    expect(await hiRoad.getByTestId('clean-air').textContent()).toContain('£100/day in London');

    // The buyer's filters, through the filter panel.
    await buyer.goto('/#browse');
    const filters = buyer.getByRole('form', { name: 'Filters' });
    await filters.getByLabel('Price rating').selectOption('great');
    await filters.getByLabel('No clean-air charges in').selectOption('london');
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await buyer.waitForURL(/rating=great/);
    // The unfiltered results stay on screen until the filtered ones arrive: wait for those.
    const shown = browse.locator('article');
    await expect
      .poll(
        async () => {
          const texts = await shown.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
          return texts.some((t) => t.includes('Stralis 460 Hi-Way')) && texts.every((t) => !t.includes('Stralis 460 Hi-Road'));
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const count = await shown.count();
    for (let i = 0; i < count; i++) {
      expect(await shown.nth(i).getByTestId('price-band').textContent()).toContain('Great price');
      expect(await shown.nth(i).getByTestId('clean-air').textContent()).toContain('ULEZ/LEZ compliant');
    }
    expect(await browse.locator('article').filter({ hasText: 'Stralis 460 Hi-Road' }).count()).toBe(0);
    await buyer.close();
  }, 240_000);
});
