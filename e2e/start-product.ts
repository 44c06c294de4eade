import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../dev/config.js';

/**
 * Starts the product exactly as `npm start` does (dev/start.ts; the browser tests and the Lighthouse
 * bench), on the port block from
 * `basePort` (PORT, +1 DynamoDB, +2 S3, +3 Cognito, +4 SMTP, +5..+7 the scraper's fixture
 * sites, +10 the API origin) and a fresh data folder, so it never clashes with a running dev
 * instance; waits until it serves. `stop()` ends it and every child process and removes the data.
 */
export interface StartedProduct {
  baseUrl: string;
  env: Record<string, string>;
  dataDir: string;
  /** Everything the product printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** A product being started: `ready` resolves once it serves (rejects, having stopped it, if it does not). */
export interface LaunchedProduct extends StartedProduct {
  ready: Promise<void>;
}

export async function startProduct(opts: LaunchOptions): Promise<StartedProduct> {
  const product = launchProduct(opts);
  await product.ready;
  return product;
}

interface LaunchOptions {
  basePort: number;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Also append everything the product prints to this file (E2E_PRODUCT_LOG does the same for every product). */
  logFile?: string;
}

/** Starts the product without waiting for it (startProduct waits). */
export function launchProduct(opts: LaunchOptions): LaunchedProduct {
  const { basePort } = opts;
  const dataDir = mkdtempSync(join(tmpdir(), 'truckyard-e2e-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(basePort),
    DYNAMODB_PORT: String(basePort + 1),
    S3_PORT: String(basePort + 2),
    COGNITO_PORT: String(basePort + 3),
    SMTP_PORT: String(basePort + 4),
    SCRAPE_FIXTURES_PORT: String(basePort + 5),
    ORIGIN_PORT: String(basePort + 10),
    DATA_DIR: dataDir,
    FORCE_COLOR: '0',
    ...opts.env,
  };
  const baseUrl = `http://localhost:${basePort}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'dev/start.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  // E2E_PRODUCT_LOG=<file>: the product's output is also written there (to look for AccessDenied lines after a run).
  const logFiles = [process.env.E2E_PRODUCT_LOG, opts.logFile].filter((f): f is string => Boolean(f));
  const collect = (d: Buffer) => {
    output += d;
    for (const file of logFiles) appendFileSync(file, d);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        /* already gone */
      }
      await new Promise((r) => setTimeout(r, 3000));
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const waitUntilReady = async () => {
    // E2E_START_TIMEOUT_MS: a longer wait on a loaded machine (synth and the prewarm slow down with it).
    const deadline = Date.now() + (opts.timeoutMs ?? Number(process.env.E2E_START_TIMEOUT_MS ?? 420_000));
    while (Date.now() < deadline) {
      if (child.exitCode !== null) break;
      // Ready when npm start says so (health answers earlier: the API is up before the seed), and
      // with PREWARM=all once every function's environment has started.
      if (output.includes(env.PREWARM === 'all' ? 'Functions warm:' : READY_LINE)) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    await stop();
    throw new Error(`The product did not start. Output:\n${output.slice(-4000)}`);
  };
  return { baseUrl, env, dataDir, output: () => output, stop, ready: waitUntilReady() };
}

/** What `npm start` prints once the product serves (dev/start.ts). */
export const READY_LINE = 'TruckYard is running locally';
