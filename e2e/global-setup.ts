import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Starts the product exactly as `npm start` does (dev/start.ts), on its own ports and a fresh
 * data folder so it never clashes with a running dev instance, waits until it serves, and stops
 * it (and every child process) afterwards.
 */
const BASE_PORT = Number(process.env.E2E_BASE_PORT ?? 3400);

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'truckyard-e2e-'));
  const env = {
    ...process.env,
    PORT: String(BASE_PORT),
    DYNAMODB_PORT: String(BASE_PORT + 1),
    S3_PORT: String(BASE_PORT + 2),
    COGNITO_PORT: String(BASE_PORT + 3),
    SMTP_PORT: String(BASE_PORT + 4),
    DATA_DIR: dataDir,
    FORCE_COLOR: '0',
  };
  const baseUrl = `http://localhost:${BASE_PORT}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'dev/start.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });

  const deadline = Date.now() + 170_000;
  let ready = false;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${baseUrl}/_dev/health`);
      if (res.ok) {
        ready = true;
        break;
      }
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
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
  if (!ready) {
    await stop();
    throw new Error(`The product did not start for the e2e tests. Output:\n${output.slice(-4000)}`);
  }
  project.provide('baseUrl', baseUrl);
  // For tests that run `npm run job -- <id>` against this instance.
  project.provide('localCloudEnvE2e', {
    PORT: env.PORT,
    DYNAMODB_PORT: env.DYNAMODB_PORT,
    S3_PORT: env.S3_PORT,
    COGNITO_PORT: env.COGNITO_PORT,
    SMTP_PORT: env.SMTP_PORT,
    DATA_DIR: dataDir,
  });
  return stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    localCloudEnvE2e: Record<string, string>;
  }
}
