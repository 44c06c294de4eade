import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, demoUser } from '../dev/seed/data.js';
import { launchBrowser, newPage } from './browser.js';

/**
 * Issue 23 in the browser: a Platinum subscriber with WhatsApp opted in sees 'Verify your WhatsApp
 * number' on the dashboard, gets the 6-digit code from the local WhatsApp stand-in (/_dev/whatsapp),
 * types it, and the number shows as verified. Screenshots at 1440 and 375 px go to .local/.
 */
const baseUrl = inject('baseUrl');
const buyer = demoUser('buyer');
const PHONE = { local: '07700 900872', e164: '+447700900872' };
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, baseUrl);
});
afterAll(async () => {
  await browser?.close();
});

async function codeSent(): Promise<string> {
  const res = await fetch(`${baseUrl}/_dev/whatsapp/messages?to=${encodeURIComponent(PHONE.e164)}`);
  const { messages } = (await res.json()) as { messages: Array<{ template: string; parameters: string[] }> };
  return messages.filter((m) => m.template === 'truckyard_verification_code').at(-1)?.parameters[0] ?? '';
}

describe('WhatsApp number verification', () => {
  it('a Platinum subscriber verifies the WhatsApp number with the code from the stand-in', async () => {
    await page.goto('/auth');
    const form = page.locator('form').filter({ has: page.getByLabel('Password', { exact: true }) });
    await form.getByLabel('Email', { exact: true }).fill(buyer.email);
    await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'));

    await page.goto('/subscribe');
    await page.getByLabel('Full Name', { exact: true }).fill(buyer.name);
    await page.getByLabel('Phone Number', { exact: true }).fill(PHONE.local);
    await page.getByLabel('Make', { exact: true }).selectOption('volvo');
    await page.getByLabel('Send me alerts on WhatsApp too (Platinum plan)').check();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByRole('button', { name: 'Choose Platinum' }).click();
    await page.waitForURL(/\/_dev\/stripe\/checkout\//);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/payment-success/);

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Platinum Plan' }).waitFor();
    await page.screenshot({ path: '.local/whatsapp-dashboard-1440.png', fullPage: true });
    await page.getByRole('heading', { name: 'Verify your WhatsApp number' }).waitFor();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(codeSent, { timeout: 15_000 }).toMatch(/^\d{6}$/);
    const code = await codeSent();
    // The stand-in's page shows the code message.
    expect(await (await fetch(`${baseUrl}/_dev/whatsapp`)).text()).toContain(code);

    await page.getByLabel('6-digit code').fill('12');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('Enter the 6-digit code we sent you on WhatsApp').waitFor();
    await page.screenshot({ path: '.local/whatsapp-verify-1440.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: '.local/whatsapp-verify-375.png', fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText(`WhatsApp number ${PHONE.e164} is verified`).waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: '.local/whatsapp-verified-375.png', fullPage: true });
  });
});
