import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { launchProduct, READY_LINE, startProduct, type StartedProduct } from './start-product.js';

/**
 * Issue 22's parity product (e2e/parity.e2e.test.ts): the product synthesized with five grants
 * removed (the test-only `dropGrant` context), one each from the page function, search, the upload
 * check, the Stripe webhook and the sitemap job; its WAF blocks (the other browser tests count).
 *
 * In the whole suite (`npm run test:e2e` sets E2E_PARITY_EARLY=1) the global setup launches it as
 * soon as the main product serves, so its two-minute start runs beside the other files' tests
 * instead of before the parity file's; run alone, the parity file starts it itself.
 */
export const PARITY_BASE_PORT = Number(process.env.PARITY_BASE_PORT ?? 3600);
const DROPS = [
  'RenderHomePage:s3:GetObject',
  'SearchListings:s3:GetObject',
  'CompleteListingImageUploads:s3:GetObject',
  'StripeWebhook:ssm:GetParameter',
  'JobsBuildSitemapFunction:s3:PutObject',
];
const PARITY_ENV = { DROP_GRANT: DROPS.join(','), WAF_MODE: 'block', HOT_RELOAD: 'off' };

/** What the global setup hands the parity file about the product it launched. */
export interface EarlyParityProduct {
  baseUrl: string;
  dataDir: string;
  /** Everything the product prints, and FAILED_LINE with the reason if it does not start. */
  logFile: string;
}

const FAILED_LINE = 'PARITY PRODUCT DID NOT START:';

/** Global setup: launches the parity product without waiting; the returned stop ends it. */
export function launchParityEarly(): { early: EarlyParityProduct; stop: () => Promise<void> } {
  const logDir = mkdtempSync(join(tmpdir(), 'truckyard-parity-log-'));
  const logFile = join(logDir, 'product.log');
  const product = launchProduct({ basePort: PARITY_BASE_PORT, env: PARITY_ENV, logFile });
  product.ready.catch((err: Error) => appendFileSync(logFile, `\n${FAILED_LINE} ${err.message.split('\n')[0]}\n`));
  return {
    early: { baseUrl: product.baseUrl, dataDir: product.dataDir, logFile },
    stop: async () => {
      await product.stop();
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}

const readLog = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/**
 * The parity product for the test file: the one the global setup launched (waiting until it
 * serves), or, when none was, one started here and stopped by the returned product's stop().
 */
export async function parityProduct(timeoutMs = 420_000): Promise<Pick<StartedProduct, 'baseUrl' | 'dataDir' | 'output' | 'stop'>> {
  const early = inject('parityProduct');
  if (!early) return startProduct({ basePort: PARITY_BASE_PORT, env: PARITY_ENV });
  const output = () => readLog(early.logFile);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = output();
    if (log.includes(READY_LINE)) break;
    if (log.includes(FAILED_LINE) || Date.now() > deadline)
      throw new Error(`The parity product did not start. Output:\n${log.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  // The global teardown stops it.
  return { baseUrl: early.baseUrl, dataDir: early.dataDir, output, stop: async () => undefined };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set when the global setup launched the parity product (E2E_PARITY_EARLY=1). */
    parityProduct: EarlyParityProduct | null;
  }
}
