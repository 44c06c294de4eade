import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser.js';

/** Issue 4: the valuation request with photos, and link previews served in the HTML. */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

async function fillValuationForm(page: Page, email: string) {
  await page.getByLabel(/^Make/).selectOption('volvo');
  await page.getByLabel(/^Model/).fill('FH 500');
  await page.getByLabel(/^Vehicle Type/).selectOption('articulated');
  await page.getByLabel(/^Year of Manufacture/).fill('2020');
  await page.getByLabel(/^Mileage/).fill('350000');
  await page.getByLabel(/^MOT Status/).selectOption('valid');
  await page.getByLabel(/^Wheel Configuration/).selectOption('6x2');
  await page.getByLabel(/^Full Name/).fill('Eve Evaluator');
  await page.getByLabel(/^Email Address/).fill(email);
  await page.getByLabel(/^Phone Number/).fill('07700 900321');
}

async function mailTo(address: string): Promise<Array<{ subject: string; text: string }>> {
  const res = await fetch(`${baseUrl}/_dev/mail/api/messages?to=${encodeURIComponent(address)}`);
  return ((await res.json()) as { messages: Array<{ subject: string; text: string }> }).messages;
}

describe('valuation request', () => {
  it('uploads the chosen photos, sends the request, and both e-mails arrive', async () => {
    const email = `eve-${Date.now()}@example.test`;
    const page = await newPage(browser, baseUrl);
    await page.goto('/vehicle-valuation');
    await fillValuationForm(page, email);
    const jpeg = await photo();
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      { name: 'rear.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    ]);

    await page.getByRole('button', { name: 'Submit Valuation Request' }).click();

    await expect.poll(() => page.getByText('Valuation request sent').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByLabel(/^Model/).inputValue()).toBe('');
    await expect.poll(async () => (await mailTo(email)).length, { timeout: 15_000 }).toBe(1);
    const staff = (await mailTo('support@truckyard.example')).find((m) => m.text.includes(email));
    expect(staff?.text).toContain('Photos: 2 photos');
  });

  it('names a photo the server refuses (a text file renamed .jpg) in an error toast', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/vehicle-valuation');
    await fillValuationForm(page, `mallory-${Date.now()}@example.test`);
    await page
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a photo\n'.repeat(50)) }]);

    await page.getByRole('button', { name: 'Submit Valuation Request' }).click();

    await expect.poll(() => page.getByText('holiday.jpg is not a valid image file.').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByLabel(/^Model/).inputValue()).toBe('FH 500');
  });
});

describe('link previews', () => {
  it("serves a listing's Open Graph tags in the HTML, and the app still renders the page", async () => {
    // A seller's listing (not one collected from another site): the newest may all be scraped when
    // the scraper's browser test ran first, so look further than the first page.
    let listing: { id: string; title: string } | undefined;
    for (let page = 1; page <= 10 && !listing; page++) {
      const { items } = (await (await fetch(`${baseUrl}/api/listings?page=${page}`)).json()) as {
        items: Array<{ id: string; title: string }>;
      };
      listing = items.find((l) => !l.id.startsWith('scraped-'));
    }
    if (!listing) throw new Error('The seed has no user listings');
    const html = await (await fetch(`${baseUrl}/truck/${listing.id}`)).text();
    expect(html).toContain('property="og:title"');
    expect(html).toContain('"priceCurrency":"GBP"');

    const page = await newPage(browser, baseUrl);
    await page.goto(`/truck/${listing.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 15_000 }).toBe(listing.title);
  });

  it('answers an unknown truck with 404 and the app shows Truck Not Found', async () => {
    const res = await fetch(`${baseUrl}/truck/NO-SUCH-TRUCK`);
    expect(res.status).toBe(404);

    const page = await newPage(browser, baseUrl);
    await page.goto('/truck/NO-SUCH-TRUCK');
    await expect.poll(() => page.getByText('Truck Not Found').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });
});
