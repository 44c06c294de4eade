import { DEMO_USERS } from '../dev/seed/data.js';
import { freshTotpCode, markTotpStepUsed } from '../dev/testing/totp.js';
import { readFileSync } from 'node:fs';
import { type Browser, type Page, chromium } from 'playwright-core';
import { REPO_ROOT } from '../dev/config.js';

/** Real Chromium, with the flags this workplace's closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(browser: Browser, baseUrl: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  watchPage(page);
  return page;
}

/**
 * What the pages of the running test saw go wrong: script errors, console errors, requests that
 * failed and answers of 500 or more, and where the page went. A failing test prints them
 * (e2e/diagnostics.ts), so a failure on a CI machine says more than which wait timed out.
 */
export const pageProblems: string[] = [];
const PROBLEMS_KEPT = 40;
let problemsSince = Date.now();

/** Starts a test's list afresh (e2e/diagnostics.ts, before each test). */
export function clearPageProblems(): void {
  pageProblems.length = 0;
  problemsSince = Date.now();
}

function note(line: string): void {
  pageProblems.push(`+${((Date.now() - problemsSince) / 1000).toFixed(1)} s ${line}`);
  if (pageProblems.length > PROBLEMS_KEPT) pageProblems.shift();
}

function watchPage(page: Page): void {
  page.on('pageerror', (err) => note(`page error: ${err.message.slice(0, 300)}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') note(`console error: ${msg.text().slice(0, 300)}`);
  });
  page.on('requestfailed', (req) => note(`request failed: ${req.method()} ${req.url()} (${req.failure()?.errorText ?? 'no reason'})`));
  page.on('response', (res) => {
    if (res.status() >= 500) note(`answer ${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`at ${frame.url()}`);
  });
}

/**
 * The URLs of the built chunks of these web/src modules (paths from web/, as Vite's manifest names
 * them), for `page.route`: chunk files are named by their hash alone, so the manifest says which is which.
 */
export function chunkUrls(modules: string[]): RegExp {
  const manifest = JSON.parse(readFileSync(`${REPO_ROOT}/web/dist/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
  const files = modules.map((m) => {
    const file = manifest[m]?.file;
    if (!file) throw new Error(`no chunk for ${m} in web/dist/.vite/manifest.json`);
    return file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`/(${files.join('|')})$`);
}

/** The file of the built chunk Vite names `name` (a shared chunk's name is its first module's: 'zod-jitless'). */
export function chunkFileNamed(name: string): string {
  const manifest = JSON.parse(readFileSync(`${REPO_ROOT}/web/dist/.vite/manifest.json`, 'utf8')) as Record<
    string,
    { file: string; name?: string }
  >;
  const entry = Object.values(manifest).find((e) => e.name === name);
  if (!entry) throw new Error(`no chunk named ${name} in web/dist/.vite/manifest.json`);
  return entry.file;
}

/**
 * The /admin sign-in of a seeded staff member: e-mail and password, then the authenticator code
 * (Cognito's SOFTWARE_TOKEN_MFA challenge) from the seeded TOTP secret, as in AWS. Shared by the
 * e2e files, so a change to how staff sign in is made here once.
 */
export async function signInToAdmin(page: Page, email: string, password: string): Promise<void> {
  const secret = DEMO_USERS.find((u) => u.email === email)?.totpSecret;
  if (!secret) throw new Error(`${email} is not a seeded staff member with a TOTP secret`);
  // Each code signs in once (Cognito's rule); another test file (its own process) may have used
  // this step's code already: then sign in again with the next one, as a person would.
  for (let attempt = 1; ; attempt++) {
    await page.goto('/admin');
    await page.getByLabel('Admin Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('totp-challenge').waitFor();
    const { code, step } = await freshTotpCode(secret);
    await page.getByLabel('Authenticator code').fill(code);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Either waits 15 s at most; the one that loses must not reject unhandled.
    const outcome = await Promise.race([
      page
        .getByText('Logged in successfully')
        .waitFor()
        .then(
          () => 'signed in' as const,
          () => 'no answer' as const,
        ),
      page
        .getByText('Your software token has already been used once.')
        .waitFor()
        .then(
          () => 'code used' as const,
          () => 'no answer' as const,
        ),
    ]);
    if (outcome === 'signed in') return;
    if (outcome === 'no answer') throw new Error(`${email}: neither signed in nor refused within 15 s of the authenticator code`);
    markTotpStepUsed(secret, step);
    if (attempt === 3) throw new Error(`${email}: three authenticator codes in a row were refused as used`);
  }
}
