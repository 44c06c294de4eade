import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../dev/seed/data.js';
import { launchBrowser, newPage } from './browser.js';

/**
 * Issue 3, accounts and selling: create an account → read the code from the local inbox → verify →
 * sign in → sell a truck with 2 images → it appears in Latest Trucks → edit the price → deactivate
 * (gone from browse) → activate → delete; a second user can neither open the first user's
 * /edit-truck page nor change the listing through the API.
 *
 * The steps share one seller and one listing, so they run in order and each relies on the last.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits up to 15 s for a value (vitest's default is 1 s). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const stamp = Date.now().toString(36);
const seller = {
  name: 'Sam Seller',
  phone: '07700 900456',
  email: `seller-${stamp}@example.test`,
  /** How the seller types it at sign-up: capitals must not matter (issue 9 §4). */
  typedEmail: `Seller-${stamp}@Example.TEST`,
  password: `Haulage-${stamp}-Pw1`,
};
/** A 100-character word: it must wrap, not widen a phone's page (issue 9 §3). */
const longWord = `Part${'x'.repeat(92)}Word`;
/** A model no other listing has, so search finds exactly this truck. */
const token = `Zq${stamp}`;
const model = `FH ${token}`;
const year = '2019';
const title = `${year} Volvo ${model}`;
const price = 45_000;
const newPrice = 41_500;
/** The second user: a seeded dealer. */
const otherEmail = 'trucks@midlandhgv.example';

let page: Page;
let listingId = '';

interface Listing {
  id: string;
  title: string;
  price: number | null;
  status: string;
  images: unknown[];
}

async function mailTo(address: string): Promise<Array<{ subject: string; text: string }>> {
  const res = await fetch(`${baseUrl}/_dev/mail/api/messages?to=${encodeURIComponent(address)}`);
  return ((await res.json()) as { messages: Array<{ subject: string; text: string }> }).messages;
}

/** How many active listings the public search finds for the unique model. */
async function searchTotal(): Promise<number> {
  const res = await fetch(`${baseUrl}/api/listings?q=${encodeURIComponent(token)}`);
  return ((await res.json()) as { total: number }).total;
}

/** The listing as an anonymous visitor gets it: the body, or the status code when there is none. */
async function publicListing(): Promise<Listing | number> {
  const res = await fetch(`${baseUrl}/api/listings/${encodeURIComponent(listingId)}`);
  return res.ok ? ((await res.json()) as Listing) : res.status;
}

const photo = (r: number, g: number, b: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

/** Fills and submits the /auth Sign In form (the e-mail may already be filled in). */
async function signIn(p: Page, email: string, password: string) {
  const form = p.locator('form').filter({ has: p.getByLabel('Password', { exact: true }) });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The seller's row on the dashboard. */
const row = (p: Page) => p.getByRole('list', { name: 'Your listings' }).getByRole('listitem').filter({ hasText: title });

describe('accounts and selling', () => {
  it('creates an account, verifies it with the code from the inbox, and signs in', async () => {
    page = await newPage(browser, baseUrl);
    // Selling needs an account: /sell-truck sends a visitor to /auth, and back afterwards.
    await page.goto('/sell-truck');
    await page.waitForURL(/\/auth\?returnTo=/);

    await page.getByRole('button', { name: 'Create Account', pressed: false }).click();
    await page.getByLabel('Full Name', { exact: true }).fill(seller.name);
    await page.getByLabel('Phone Number', { exact: true }).fill(seller.phone);
    await page.getByLabel('Email', { exact: true }).fill(seller.typedEmail);
    await page.getByLabel('Password', { exact: true }).fill(seller.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(seller.password);
    await page.locator('form').getByRole('button', { name: 'Create Account' }).click();

    const codeBox = page.getByLabel('Verification Code', { exact: true });
    await codeBox.waitFor();
    let code = '';
    await poll(async () => {
      for (const m of await mailTo(seller.email)) {
        const found = m.text.match(/Your code: (\d{6})/);
        if (found) code = found[1];
      }
      return code;
    }).toMatch(/^\d{6}$/);
    await codeBox.fill(code);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.getByText('Your email is verified. You can now sign in.').first().waitFor();
    await poll(() => codeBox.count()).toBe(0);

    await signIn(page, seller.email, seller.password);
    await page.waitForURL((url) => url.pathname === '/sell-truck');
    await page.getByRole('heading', { level: 1, name: 'Sell Your Truck' }).waitFor();
  });

  it('does not tell a stranger which e-mail addresses have accounts', async () => {
    const probe = await newPage(browser, baseUrl);
    const toastText = async (email: string, password: string) => {
      await probe.goto('/auth');
      await signIn(probe, email, password);
      const toast = probe.getByText(/^(Incorrect email or password\.|Invalid password|User not authorized|Failed to log in.*)$/).first();
      await toast.waitFor();
      const text = await toast.textContent();
      await probe.reload();
      return text;
    };
    // A wrong password and an unknown address: one answer.
    expect(await toastText(otherEmail, 'Wrong-Password-1')).toBe('Incorrect email or password.');
    expect(await toastText(`nobody-${stamp}@example.test`, 'Wrong-Password-1')).toBe('Incorrect email or password.');

    // Password reset: the same words for both.
    const resetSubtitle = async (email: string) => {
      await probe.goto('/reset-password');
      await probe.getByLabel('Email', { exact: true }).fill(email);
      await probe.getByRole('button', { name: 'Send Reset Code' }).click();
      await probe.getByLabel('Reset Code', { exact: true }).waitFor();
      return (await probe.locator('h1 + p').first().textContent())?.replace(email, '<email>');
    };
    expect(await resetSubtitle(otherEmail)).toBe(await resetSubtitle(`nobody-${stamp}@example.test`));

    // Sign-up with an address that has an account looks like any sign-up; its owner gets an e-mail.
    await probe.goto('/auth');
    await probe.getByRole('button', { name: 'Create Account', pressed: false }).click();
    await probe.getByLabel('Full Name', { exact: true }).fill('Someone Else');
    await probe.getByLabel('Phone Number', { exact: true }).fill('07700 900111');
    await probe.getByLabel('Email', { exact: true }).fill(otherEmail.toUpperCase());
    await probe.getByLabel('Password', { exact: true }).fill('Another-Pw-2026');
    await probe.getByLabel('Confirm Password', { exact: true }).fill('Another-Pw-2026');
    await probe.locator('form').getByRole('button', { name: 'Create Account' }).click();
    await probe.getByLabel('Verification Code', { exact: true }).waitFor();
    await probe.getByText('Please check your email to verify your account before signing in.').first().waitFor();
    await poll(async () => (await mailTo(otherEmail)).map((m) => m.subject)).toContain('You already have a TruckYard account');
    await probe.context().close();
  });

  it("shows a toast fired before the toast's code has loaded", async () => {
    const probe = await newPage(browser, baseUrl);
    // The toast's code (its own chunk, fetched once the page is idle) is held back until released.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await probe.route(/\/assets\/toast-card-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await probe.goto('/auth');
    const answered = probe.waitForResponse((res) => (res.request().headers()['x-amz-target'] ?? '').endsWith('.InitiateAuth'));
    await signIn(probe, otherEmail, 'Wrong-Password-1');
    await answered;
    const alert = probe.getByRole('alert').filter({ hasText: 'Incorrect email or password.' });
    expect(await alert.count()).toBe(0);
    release();
    await alert.waitFor();
    await probe.context().close();
  });

  it('sells a truck with 2 images, and it appears in Latest Trucks', async () => {
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo(30, 90, 160) },
      { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await photo(200, 120, 40) },
    ]);
    await poll(() => page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem').count()).toBe(2);
    await page.getByLabel('Make', { exact: true }).selectOption('volvo');
    await page.getByLabel('Model', { exact: true }).fill(model);
    await page.getByLabel('Year', { exact: true }).selectOption(year);
    // No category is assumed: the seller chooses one (issue 9 §3).
    const category = page.getByLabel('Category', { exact: true });
    expect(await category.inputValue()).toBe('');
    await page.getByLabel('Mileage', { exact: true }).fill('412000');
    await page.getByLabel('Engine Size (litres)', { exact: true }).fill('350000');
    await page.getByLabel('Price (£, excluding VAT)', { exact: true }).fill('0');
    await page.getByLabel('Contact Name', { exact: true }).fill(seller.name);
    await page.getByLabel('Phone Number', { exact: true }).fill(seller.phone);
    await page.getByLabel('Location', { exact: true }).fill('Leeds');
    // A description over the limit is kept whole and counted, not cut.
    const description = page.getByLabel('Description', { exact: true });
    await description.fill('x'.repeat(5001));
    expect((await description.inputValue()).length).toBe(5001);
    await page.getByText('5,001 / 5,000 characters — 1 over the limit').waitFor();

    await page.getByRole('button', { name: 'List My Truck' }).click();
    await page.getByText('Category is required', { exact: true }).waitFor();
    await page.getByText("Enter a price above £0, or choose 'Price on application'", { exact: true }).waitFor();
    await page.getByText('Engine size must be between 1 and 20 litres', { exact: true }).waitFor();
    await page.getByText('Description must be 5000 characters or fewer', { exact: true }).waitFor();

    await category.selectOption('articulated');
    await page.getByLabel('Engine Size (litres)', { exact: true }).fill('12.8');
    await page.getByLabel('Price (£, excluding VAT)', { exact: true }).fill(String(price));
    await description.fill(`One owner from new. Serviced by the dealer, spares code ${longWord} on the invoice.`);
    await page.getByLabel('Add a feature', { exact: true }).fill(longWord);
    await page.getByLabel('Add a feature', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'List My Truck' }).click();
    await page.getByText('Truck Listed Successfully!').first().waitFor({ timeout: 30_000 });
    await page.getByText('Your truck has been listed with 2 image(s)').first().waitFor();
    // The form sends the seller home after 2 s.
    await page.waitForURL((url) => url.pathname === '/');

    const card = page.locator('section[aria-labelledby="latest-heading"] article').filter({ hasText: model });
    await poll(() => card.count()).toBe(1);
    const href = (await card.getByRole('link', { name: title, exact: true }).first().getAttribute('href')) ?? '';
    listingId = decodeURIComponent(href.replace(/^\/truck\//, ''));
    expect(listingId).not.toBe('');

    const listing = await publicListing();
    expect(listing).toMatchObject({ id: listingId, title, price, status: 'active' });
    expect((listing as Listing).images).toHaveLength(2);
    await poll(searchTotal).toBe(1);
  });

  it('shows the signed-in actions in the header, and saves a truck from its card to the Saved page', async () => {
    const header = page.getByRole('navigation', { name: 'Main' });
    await header.getByRole('button', { name: 'Sign out' }).waitFor();
    const card = page.locator('section[aria-labelledby="latest-heading"] article').filter({ hasText: model });
    const toggle = card.getByRole('button', { name: `Save ${title}`, exact: true });
    await toggle.click();
    const saved = card.getByRole('button', { name: `Saved ${title}`, exact: true });
    await poll(() => saved.getAttribute('aria-pressed')).toBe('true');
    await header.getByRole('link', { name: 'Saved' }).click();
    await page.waitForURL((url) => url.pathname === '/saved');
    await page.getByRole('list', { name: 'Your saved trucks' }).getByRole('link', { name: title, exact: true }).first().waitFor();
  });

  it('keeps a 375 px page from widening with a 100-character word, and shows the phone in UK format', async () => {
    const phone = await newPage(browser, baseUrl, { width: 375, height: 812 });
    await phone.goto(`/auth?returnTo=${encodeURIComponent(`/truck/${listingId}`)}`);
    await signIn(phone, seller.email, seller.password);
    await phone.waitForURL((url) => url.pathname === `/truck/${listingId}`);
    await phone.getByRole('heading', { level: 1, name: title }).waitFor();
    await phone.getByText(longWord).first().waitFor();
    const width = () => phone.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(375);
    // Stored in E.164, shown the UK way, dialled in E.164.
    const tel = phone.getByRole('link', { name: '07700 900456', exact: true });
    expect(await tel.getAttribute('href')).toBe('tel:+447700900456');
    for (const [path, ready] of [
      ['/', phone.getByText(model).first()],
      ['/dealer-dashboard', phone.getByText(model).first()],
      [`/edit-truck/${listingId}`, phone.getByText(longWord).first()],
    ] as const) {
      await phone.goto(path);
      await ready.waitFor();
      expect(await width(), path).toBeLessThanOrEqual(375);
    }
    // The menu has the signed-in visitor's links too.
    await phone.getByRole('button', { name: 'Open menu' }).click();
    const menu = phone.getByRole('navigation', { name: 'Mobile' });
    await menu.getByRole('link', { name: 'Saved Trucks' }).waitFor();
    await menu.getByRole('button', { name: 'Sign out' }).waitFor();
    await phone.context().close();
  });

  it('edits the price from the dashboard', async () => {
    await page.goto('/dealer-dashboard');
    await row(page)
      .getByRole('link', { name: `Edit ${title}` })
      .click();
    await page.waitForURL((url) => url.pathname === `/edit-truck/${listingId}`);
    const priceBox = page.getByLabel('Price (£, excluding VAT)', { exact: true });
    await poll(() => priceBox.inputValue()).toBe(String(price));
    await priceBox.fill(String(newPrice));
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await page.waitForURL((url) => url.pathname === '/dealer-dashboard');
    await page.getByText('Truck listing updated successfully').first().waitFor();
    await poll(async () => (await row(page).textContent()) ?? '').toContain('£41,500');
    expect(await publicListing()).toMatchObject({ price: newPrice, images: [expect.anything(), expect.anything()] });
  });

  it('deactivates the listing (gone from browse) and activates it again', async () => {
    await row(page)
      .getByRole('button', { name: `Deactivate ${title}` })
      .click();
    await row(page)
      .getByRole('button', { name: `Activate ${title}` })
      .waitFor();
    await poll(async () => (await row(page).textContent()) ?? '').toContain('Inactive');
    await poll(searchTotal).toBe(0);
    expect(await publicListing()).toBe(404);
    // The browse page says so too.
    const browse = await newPage(browser, baseUrl);
    await browse.goto(`/?q=${token}`);
    await browse
      .getByText(/No trucks found/i)
      .first()
      .waitFor();
    await browse.context().close();

    await row(page)
      .getByRole('button', { name: `Activate ${title}` })
      .click();
    await row(page)
      .getByRole('button', { name: `Deactivate ${title}` })
      .waitFor();
    await poll(searchTotal).toBe(1);
    expect(await publicListing()).toMatchObject({ status: 'active', price: newPrice });
  });

  it("does not let a second user open the seller's edit page or change the listing through the API", async () => {
    // In the browser: the edit page refuses.
    const other = await newPage(browser, baseUrl);
    await other.goto(`/auth?returnTo=${encodeURIComponent(`/edit-truck/${listingId}`)}`);
    await signIn(other, otherEmail, DEMO_PASSWORD);
    await other.waitForURL((url) => url.pathname === `/edit-truck/${listingId}`);
    await other.getByRole('heading', { name: "You don't have permission to edit this truck" }).waitFor();
    expect(await other.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
    expect(await other.getByLabel('Price (£, excluding VAT)').count()).toBe(0);
    await other.context().close();

    // Through the API, with the second user's own access token.
    const cfg = (await (await fetch(`${baseUrl}/api/config`)).json()) as {
      region: string;
      clientId: string;
      userPoolEndpoint?: string;
    };
    const cognito = new CognitoIdentityProviderClient({
      region: cfg.region,
      endpoint: cfg.userPoolEndpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    let accessToken = '';
    try {
      const auth = await cognito.send(
        new InitiateAuthCommand({
          ClientId: cfg.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: otherEmail, PASSWORD: DEMO_PASSWORD },
        }),
      );
      accessToken = auth.AuthenticationResult?.AccessToken ?? '';
    } finally {
      cognito.destroy();
    }
    expect(accessToken).not.toBe('');

    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${baseUrl}/api/my-listings/${encodeURIComponent(listingId)}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${accessToken}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const edit = {
      title: 'Stolen truck',
      make: 'volvo',
      model,
      year: 2019,
      category: 'articulated',
      price: 1,
      contactName: 'Someone Else',
      phone: '07700 900999',
    };
    expect((await call('GET', '')).status).toBe(403);
    expect((await call('PUT', '', edit)).status).toBe(403);
    expect((await call('PATCH', '/status', { status: 'inactive' })).status).toBe(403);
    expect((await call('DELETE', '')).status).toBe(403);

    expect(await publicListing()).toMatchObject({ id: listingId, title, price: newPrice, status: 'active' });
    expect(await searchTotal()).toBe(1);
  });

  it('deletes the listing from the dashboard', async () => {
    await page.reload();
    await row(page)
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete this listing?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete Listing' }).click();

    await page.getByText('Truck listing deleted successfully').first().waitFor();
    await poll(() => row(page).count()).toBe(0);
    await page.getByText('No listings yet').waitFor();
    expect(await publicListing()).toBe(404);
    await poll(searchTotal).toBe(0);
  });
});
