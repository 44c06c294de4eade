import AxeBuilder from '@axe-core/playwright';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCAL_CREDENTIALS, REGION } from '../dev/config.js';
import { TABLE_NAME_DEFAULT } from '../functions/src/adapters/dynamodb/table.js';
import { launchBrowser, newPage } from './browser.js';

/**
 * Issue 4: the content pages (partners, FAQ, legal, contact, valuation, equipment store, 404), in
 * real Chromium against the product started like `npm start`, with axe-core on every page.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

// The product's DynamoDB Local listens on the base port + 1 (e2e/global-setup.ts); it runs with
// -sharedDb, so any credentials see the product's table.
const ddb = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: `http://localhost:${Number(new URL(baseUrl).port) + 1}`,
    region: REGION,
    credentials: LOCAL_CREDENTIALS,
  }),
);

beforeAll(async () => {
  browser = await launchBrowser();
  // The first listings request builds the search index; do it here, not inside a test's timeout.
  await fetch(`${baseUrl}/api/listings`);
});
afterAll(async () => {
  await browser?.close();
  ddb.destroy();
});

/** Waits up to 15 s for a value (vitest's expect.poll gives up after 1 s). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const SUPPORT_INBOX = 'support@truckyard.example';
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;

interface CaughtMail {
  to: string[];
  from: string;
  replyTo: string | null;
  subject: string;
  text: string;
}

async function mailTo(address: string): Promise<CaughtMail[]> {
  const res = await fetch(`${baseUrl}/_dev/mail/api/messages?to=${encodeURIComponent(address)}`);
  return ((await res.json()) as { messages: CaughtMail[] }).messages;
}

/** Items stored under a GSI2 partition (CONTACTS, VALUATIONS: functions/src/adapters/dynamodb/keys.ts). */
async function storedUnder(gsi2pk: 'CONTACTS' | 'VALUATIONS'): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: TABLE_NAME_DEFAULT,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': gsi2pk },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** axe-core on the page as it stands: no serious or critical violations. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(bad, `axe on ${page.url()}`).toEqual([]);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first();

/** Opens a route and waits for its main heading (the pages are lazy-loaded). */
async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  // Generous for the first visit, which loads the app's bundle on a busy machine.
  await h1(page).waitFor({ timeout: 45_000 });
  await poll(async () => (await h1(page).textContent())?.trim()).toBe(heading);
}

/**
 * Each route of issue 4 with its heading and key texts; each passes axe as it first shows. The
 * contact and valuation forms get a second axe check below, with their field errors showing.
 */
const PAGES: Array<{ path: string; heading: string; texts: string[] }> = [
  {
    path: '/finance',
    heading: 'Vehicle Finance Options',
    texts: ['Ways to finance a truck', 'Finance partners', 'Northway Finance', 'Finance is subject to status.'],
  },
  {
    path: '/insurance',
    heading: 'Commercial Vehicle Insurance',
    texts: ['Types of cover', 'Insurance partners', 'Milestone Commercial Insurance', 'TruckYard is not an insurance provider'],
  },
  {
    path: '/warranty',
    heading: 'Truck Warranties',
    texts: ['Coverage options', 'Warranty providers', 'Drivetrain Assured', 'TruckYard is not a warranty provider'],
  },
  {
    path: '/privacy-policy',
    heading: 'Privacy Policy',
    texts: ['Last updated: January 2025', 'Contents', '1. Who we are'],
  },
  {
    path: '/terms-and-conditions',
    heading: 'Terms and Conditions',
    texts: ['Last updated: January 2025', 'Contents', '1. About us and these terms'],
  },
  {
    path: '/contact',
    heading: 'Contact Us',
    texts: ['Send us a message', '0161 496 0123', SUPPORT_INBOX, 'Unit 4, Trafford Park Road, Manchester M17 1HB'],
  },
  {
    path: '/vehicle-valuation',
    heading: 'Get Your Truck Valued',
    texts: ['Vehicle Details', 'Vehicle Images', 'Contact Information', 'Free, with no obligation to sell'],
  },
  {
    path: '/equipment',
    heading: 'Equipment Store',
    texts: ['Cart (0)', 'Showing 10 of 10 items', 'Hi-Vis Vest'],
  },
  {
    path: '/no-such-page-here',
    heading: 'Page not found',
    texts: ['Error 404', 'Back to Home', 'Browse all trucks', 'Or browse by category'],
  },
];

describe('content pages', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser, baseUrl);
  });
  afterAll(async () => {
    await page?.close();
  });

  it.each(PAGES)('$path shows $heading and its key texts (and passes axe)', async ({ path, heading, texts }) => {
    await open(page, path, heading);
    expect(await page.title()).toBe(`${heading} | TruckYard`);
    const main = page.locator('main');
    for (const text of texts) {
      await main.getByText(text, { exact: false }).first().waitFor();
    }
    await expectAccessible(page);
  });

  it('/faq shows five categories and expands a question', async () => {
    await open(page, '/faq', 'Frequently Asked Questions');
    const categories = ['Buying & Selling', 'Finance & Insurance', 'Technical & Legal', 'Maintenance & Operations', 'Marketplace Features'];
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(expect.arrayContaining(categories));
    const nav = page.getByRole('navigation', { name: 'FAQ categories' });
    expect((await nav.getByRole('link').allTextContents()).map((t) => t.trim())).toEqual(categories);

    const question = page.getByRole('button', { name: 'Does it cost anything to list my truck?' });
    const answer = page.getByText('Listing a truck on TruckYard is free');
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    expect(await answer.isVisible()).toBe(false);
    await question.click();
    await poll(() => question.getAttribute('aria-expanded')).toBe('true');
    await answer.waitFor({ state: 'visible' });
    // Several answers can be open at once.
    const second = page.getByRole('button', { name: 'How many hours can an HGV driver drive?' });
    await second.click();
    await poll(() => second.getAttribute('aria-expanded')).toBe('true');
    expect(await answer.isVisible()).toBe(true);
    await expectAccessible(page);
    await question.click();
    await answer.waitFor({ state: 'hidden' });
  });

  it('home and a listing detail page have no serious axe violations', async () => {
    await page.goto('/');
    await expect.poll(() => page.locator('section[aria-labelledby="latest-heading"] article').count(), { timeout: 40_000 }).toBe(6);
    await expectAccessible(page);

    const { items } = (await (await fetch(`${baseUrl}/api/listings`)).json()) as { items: Array<{ id: string; title: string }> };
    const listing = items.find((l) => !l.id.startsWith('scraped-')) ?? items[0];
    await open(page, `/truck/${encodeURIComponent(listing.id)}`, listing.title);
    await page.getByText('Contact information is only visible to registered users').waitFor();
    await expectAccessible(page);
  });
});

describe('contact form', () => {
  it('sends a valid message: stored, e-mailed to support with reply-to the sender, and acknowledged', async () => {
    const email = uniqueEmail('carol');
    const subject = `Finance on a DAF XF ${Date.now()}`;
    const page = await newPage(browser, baseUrl);
    await open(page, '/contact', 'Contact Us');
    await page.getByLabel(/^First name/).fill('Carol');
    await page.getByLabel(/^Last name/).fill('Contact');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Phone/).fill('07700 900456');
    await page.getByLabel(/^Subject/).fill(subject);
    await page.getByLabel(/^Message/).fill('Do you offer finance on the 2019 DAF XF listed this week?');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await page.getByText('Message sent', { exact: true }).waitFor();
    expect(await page.getByLabel(/^Email/).inputValue()).toBe('');

    // The acknowledgement to the sender.
    await poll(async () => (await mailTo(email)).length).toBe(1);
    const [ack] = await mailTo(email);
    expect(ack.subject).toBe("We've received your message");
    expect(ack.text).toContain('within 24 hours');
    // The message to support, answerable straight back to the sender.
    await poll(async () => (await mailTo(SUPPORT_INBOX)).filter((m) => m.replyTo?.includes(email)).length).toBe(1);
    const staff = (await mailTo(SUPPORT_INBOX)).find((m) => m.replyTo?.includes(email))!;
    expect(staff.to).toEqual([SUPPORT_INBOX]);
    expect(staff.replyTo).toContain('Carol Contact');
    expect(staff.subject).toBe(`Contact form: ${subject} (Carol Contact)`);
    expect(staff.text).toContain('Do you offer finance on the 2019 DAF XF listed this week?');

    // Stored in the product's table for staff (pattern 25).
    const stored = (await storedUnder('CONTACTS')).filter((item) => item.email === email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      type: 'ContactMessage',
      firstName: 'Carol',
      lastName: 'Contact',
      // Stored in E.164 like every phone number (shared/phone.ts).
      phone: '+447700900456',
      subject,
      status: 'new',
    });
    await page.close();
  });

  it('shows field errors for an invalid message and stores and sends nothing', async () => {
    const before = (await storedUnder('CONTACTS')).length;
    const email = uniqueEmail('invalid');
    const page = await newPage(browser, baseUrl);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/')) posts.push(r.url());
    });
    await open(page, '/contact', 'Contact Us');

    // Nothing filled in: every required field says so.
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const error of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
    ]) {
      await page.getByText(error, { exact: true }).waitFor();
    }
    expect(await page.getByLabel(/^First name/).getAttribute('aria-invalid')).toBe('true');

    // Filled in, but wrongly.
    await page.getByLabel(/^First name/).fill('Ivan');
    await page.getByLabel(/^Last name/).fill('Invalid');
    await page.getByLabel(/^Email/).fill('not-an-email');
    await page.getByLabel(/^Phone/).fill('12');
    await page.getByLabel(/^Subject/).fill('Hello');
    await page.getByLabel(/^Message/).fill('Too short');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please enter a valid email address', { exact: true }).waitFor();
    await page.getByText('Please enter a valid phone number', { exact: true }).waitFor();
    await page.getByText('Message must be at least 10 characters', { exact: true }).waitFor();
    await poll(() => page.getByText('First name is required').count()).toBe(0);
    const emailInput = page.getByLabel(/^Email/);
    expect(await emailInput.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await emailInput.getAttribute('aria-describedby')}`).textContent()).toBe(
      'Please enter a valid email address',
    );
    await expectAccessible(page);

    await page.waitForTimeout(500);
    expect(posts).toEqual([]);
    expect((await storedUnder('CONTACTS')).length).toBe(before);
    expect(await mailTo(email)).toEqual([]);
    await page.close();
  });
});

describe('valuation form', () => {
  it('shows field errors for an invalid request, focuses the first, and stores nothing', async () => {
    const before = (await storedUnder('VALUATIONS')).length;
    const page = await newPage(browser, baseUrl);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/')) posts.push(r.url());
    });
    await open(page, '/vehicle-valuation', 'Get Your Truck Valued');
    await page.getByLabel(/^Make/).selectOption('volvo');
    await page.getByLabel(/^Model/).fill('FH 500');
    await page.getByLabel(/^Year of Manufacture/).fill('1800');
    await page.getByLabel(/^Full Name/).fill('Vera Valuer');
    await page.getByLabel(/^Email Address/).fill('vera@nowhere');
    await page.getByLabel(/^Phone Number/).fill('123');

    await page.getByRole('button', { name: 'Submit Valuation Request' }).click();

    for (const error of [
      'Vehicle type is required',
      'Mileage is required',
      'MOT status is required',
      'Wheel configuration is required',
      'Please enter a valid email address',
      'Please enter a valid phone number',
    ]) {
      await page.getByText(error, { exact: true }).waitFor();
    }
    // The one year rule (shared/year.ts), with the sell form's message.
    await page.getByText(/^Year must be between 1950 and \d{4}$/).waitFor();
    expect(await page.getByText('Make is required').count()).toBe(0);
    expect(await page.getByText('Model is required').count()).toBe(0);
    // The first invalid field takes the focus.
    const type = page.getByLabel(/^Vehicle Type/);
    expect(await type.getAttribute('aria-invalid')).toBe('true');
    await poll(() => type.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page);

    await page.waitForTimeout(500);
    expect(posts).toEqual([]);
    expect(await page.getByText('Valuation request sent').count()).toBe(0);
    expect((await storedUnder('VALUATIONS')).length).toBe(before);
    await page.close();
  });
});

describe('equipment store', () => {
  it('filters by category, disables out-of-stock items, counts the cart and keeps it after a reload', async () => {
    const page = await newPage(browser, baseUrl);
    await open(page, '/equipment', 'Equipment Store');
    const cartButton = page.getByRole('button', { name: /^Cart \(\d+\)$/ });
    await poll(async () => (await cartButton.textContent())?.trim()).toBe('Cart (0)');

    // Category buttons.
    const categories = page.getByRole('group', { name: 'Category' }).getByRole('button');
    expect((await categories.allTextContents()).map((t) => t.trim())).toEqual([
      'All',
      'PPE',
      'Load Securing',
      'Safety Equipment',
      'Office Supplies',
    ]);
    await page.getByRole('button', { name: 'Load Securing', exact: true }).click();
    await poll(() => page.url()).toContain('category=Load+Securing');
    await page.getByText('Showing 2 of 10 items').waitFor();
    expect(await page.getByRole('button', { name: 'Load Securing', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'All', exact: true }).getAttribute('aria-pressed')).toBe('false');
    const cards = page.locator('main ul li');
    expect((await page.getByRole('heading', { level: 2 }).allTextContents()).sort()).toEqual(
      expect.arrayContaining(['Adjustable Load Bars (pair)', 'Ratchet Straps with Edge Protectors (4 pack)']),
    );

    // Out of stock: a disabled button and no Add to Cart.
    const loadBars = cards.filter({ has: page.getByRole('heading', { name: 'Adjustable Load Bars (pair)' }) });
    await loadBars.getByText('Out of stock', { exact: true }).waitFor();
    expect(await loadBars.getByRole('button', { name: 'Out of Stock' }).isDisabled()).toBe(true);
    expect(await loadBars.getByRole('button', { name: /Add to Cart/ }).count()).toBe(0);

    // Add to the cart: the counter follows.
    await page.getByRole('button', { name: /^Add to Cart\W+Ratchet Straps/ }).click();
    await poll(async () => (await cartButton.textContent())?.trim()).toBe('Cart (1)');
    await page.getByRole('button', { name: /^Add to Cart\W+Ratchet Straps/ }).click();
    await poll(async () => (await cartButton.textContent())?.trim()).toBe('Cart (2)');
    await page.getByRole('button', { name: 'PPE', exact: true }).click();
    await page.getByText('Showing 3 of 10 items').waitFor();
    await page.getByRole('button', { name: /^Add to Cart\W+Hi-Vis Vest/ }).click();
    await poll(async () => (await cartButton.textContent())?.trim()).toBe('Cart (3)');

    // A reload keeps the cart (and the category, which lives in the URL).
    await page.reload();
    await poll(async () => (await h1(page).textContent())?.trim()).toBe('Equipment Store');
    await poll(async () => (await cartButton.textContent())?.trim()).toBe('Cart (3)');
    await page.getByText('Showing 3 of 10 items').waitFor();
    await page.getByText('1 in your cart', { exact: true }).waitFor();

    // The cart itself: lines and total (2 × £34.99 + £4.99).
    await cartButton.click();
    const dialog = page.getByRole('dialog', { name: 'Your cart (3)' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /Remove\W+Ratchet Straps with Edge Protectors/ }).waitFor();
    await dialog.getByRole('button', { name: /Remove\W+Hi-Vis Vest/ }).waitFor();
    await dialog.getByText('£74.97').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Close cart' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Card checkout needs an account (issue 10 §7): a visitor is sent to sign in and back here.
    await cartButton.click();
    await dialog.getByRole('button', { name: 'Sign in to checkout' }).click();
    await poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/auth?returnTo=%2Fequipment');

    // A fresh visitor (new context, empty storage) starts with an empty cart.
    const other = await newPage(browser, baseUrl);
    await open(other, '/equipment', 'Equipment Store');
    await poll(async () => (await other.getByRole('button', { name: /^Cart \(\d+\)$/ }).textContent())?.trim()).toBe('Cart (0)');
    await other.close();
    await page.close();
  });
});
