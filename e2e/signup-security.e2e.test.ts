import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNT_TEXTS } from '../shared/schemas/account.js';
import { CHALLENGE_TEXTS } from '../shared/schemas/challenge.js';
import { launchBrowser, newPage } from './browser.js';
/** The texts, stated here rather than imported, so a change to them fails this test. */
const PASSWORD_TEXTS = {
  tooShort: 'Password must be at least 12 characters long.',
  tooLong: 'Password must be 256 characters or fewer',
  tooWeak: 'This password is too easy to guess. Avoid common passwords, names and patterns: try a few unrelated words.',
} as const;

/**
 * Issue 23, sign-up abuse: the Create Account form solves the self-hosted ALTCHA challenge in the
 * browser and the account is made; without a challenge (GET /api/challenge unreachable) the
 * sign-up is refused and no account or e-mail comes of it; a guessable password gets the shared
 * message; an unverified account cannot sign in until the e-mailed code is entered.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const stamp = Date.now().toString(36);
const password = `Gearbox-${stamp}-Orbit`;

async function mailTo(address: string): Promise<Array<{ subject: string; text: string }>> {
  const res = await fetch(`${baseUrl}/_dev/mail/api/messages?to=${encodeURIComponent(address)}`);
  return ((await res.json()) as { messages: Array<{ subject: string; text: string }> }).messages;
}

async function fillSignUp(page: Page, email: string, pw = password) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Create Account', pressed: false }).click();
  await page.getByLabel('Full Name', { exact: true }).fill('Casey Checked');
  await page.getByLabel('Phone Number', { exact: true }).fill('07700 900789');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(pw);
  await page.getByLabel('Confirm Password', { exact: true }).fill(pw);
}
const submit = (page: Page) => page.locator('form').getByRole('button', { name: 'Create Account' }).click();

describe('sign-up behind the ALTCHA challenge', () => {
  it('solves the challenge in the browser, creates the account, and lets it sign in only after the e-mailed code', async () => {
    const page = await newPage(browser, baseUrl, { width: 375, height: 812 });
    const email = `casey-${stamp}@example.test`;
    const challenges: number[] = [];
    page.on('response', (r) => r.url().endsWith('/api/challenge') && challenges.push(r.status()));
    await fillSignUp(page, email);
    // The widget fetched a challenge from our own API and solved it.
    await poll(() => challenges).toContain(200);
    await poll(() =>
      page
        .locator('altcha-widget [data-state]')
        .first()
        .getAttribute('data-state')
        .catch(() => null),
    ).toBe('verified');
    await page.screenshot({ path: '/tmp/signup-375.png', fullPage: true });
    await submit(page);
    await page.getByText(ACCOUNT_TEXTS.checkInbox).first().waitFor();

    // Not verified yet: the password is right, but sign-in asks for the code.
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    const codeBox = page.getByLabel('Verification Code', { exact: true });
    await codeBox.waitFor();
    await expect(page.evaluate(() => location.pathname)).resolves.toBe('/auth');

    let code = '';
    await poll(async () => {
      for (const m of await mailTo(email)) code = m.text.match(/Your code: (\d{6})/)?.[1] ?? code;
      return code;
    }).toMatch(/^\d{6}$/);
    await codeBox.fill(code);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.getByText(ACCOUNT_TEXTS.verified).first().waitFor();

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('You are now signed in.').first().waitFor();
    await page.context().close();
  });

  it('refuses the sign-up when the challenge cannot be had, and no account or e-mail comes of it', async () => {
    const page = await newPage(browser, baseUrl);
    await page.route('**/api/challenge', (route) => route.abort());
    const email = `nochallenge-${stamp}@example.test`;
    await fillSignUp(page, email);
    await page.screenshot({ path: '/tmp/signup-1440-nochallenge.png', fullPage: true });
    await submit(page);
    await page.getByText(CHALLENGE_TEXTS.required).first().waitFor();
    // Nor does the API take a sign-up without one, or with a made-up one.
    const post = (altcha?: string) =>
      page.evaluate(
        async (body) =>
          (
            await fetch('/api/accounts/sign-up', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            })
          ).status,
        { email, password, name: 'No Challenge', ...(altcha ? { altcha } : {}) },
      );
    expect(await post()).toBe(400);
    expect(await post(btoa(JSON.stringify({ challenge: { parameters: {}, signature: 'x' }, solution: { counter: 1 } })))).toBe(403);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await mailTo(email)).toEqual([]);
    await page.context().close();
  });

  it('gives a guessable password the same message the API gives', async () => {
    const page = await newPage(browser, baseUrl);
    await fillSignUp(page, `weak-${stamp}@example.test`, 'password1234');
    await page.screenshot({ path: '/tmp/signup-1440.png', fullPage: true });
    await submit(page);
    await page.getByText(PASSWORD_TEXTS.tooWeak).first().waitFor();
    await page.context().close();
  });
});
