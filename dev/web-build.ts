/** Builds the web app for `npm start` unless web/dist is newer than every source file. */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { REPO_ROOT } from './config.js';

const WEB = path.join(REPO_ROOT, 'web');
const SOURCES = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/build', 'shared', 'package-lock.json'].map((p) =>
  path.join(REPO_ROOT, p),
);

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

function webBuildIsFresh(distDir = path.join(WEB, 'dist')): boolean {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return SOURCES.every((p) => newestMtime(p) <= built);
}

export type WebBuildResult =
  | { status: 'fresh' | 'built' | 'absent' | 'skipped'; ms: number }
  | { status: 'failed'; ms: number; output: string };

/**
 * Runs `vite build --config web/vite.config.ts` in a child process (in parallel with the stand-ins).
 * WEB_BUILD=skip serves whatever web/dist holds (API-only work, or while the web does not build).
 *
 * One build at a time per checkout: products started together (`npm start` beside the browser
 * tests' product, or two checks at once) take a lock (web/.build.lock, proper-lockfile: stale once its holder
 * stops refreshing it for 30 s), and a product that waited finds the web fresh and builds nothing.
 */
export async function buildWeb(): Promise<WebBuildResult> {
  const started = Date.now();
  if (process.env.WEB_BUILD === 'skip') return { status: 'skipped', ms: 0 };
  if (!existsSync(path.join(WEB, 'vite.config.ts'))) return { status: 'absent', ms: 0 };
  if (webBuildIsFresh()) return { status: 'fresh', ms: Date.now() - started };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(WEB, {
      lockfilePath: path.join(WEB, '.build.lock'),
      stale: 30_000,
      // A build takes about a minute, two on a loaded machine: wait up to ten.
      retries: { retries: 1200, factor: 1, minTimeout: 500, maxTimeout: 500 },
    });
  } catch (err) {
    return { status: 'failed', ms: Date.now() - started, output: `Waiting for another web build: ${(err as Error).message}` };
  }
  try {
    if (webBuildIsFresh()) return { status: 'fresh', ms: Date.now() - started };
    return await runViteBuild(started);
  } finally {
    await release().catch(() => undefined);
  }
}

function runViteBuild(started: number): Promise<WebBuildResult> {
  return new Promise((resolve) => {
    const vite = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    const child = spawn(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let output = '';
    const collect = (c: Buffer) => {
      output = (output + c.toString()).slice(-20_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const kill = () => child.kill('SIGKILL');
    process.once('exit', kill);
    child.on('close', (code) => {
      process.off('exit', kill);
      const ms = Date.now() - started;
      resolve(code === 0 ? { status: 'built', ms } : { status: 'failed', ms, output: output.trim() || `vite exited with code ${code}` });
    });
    child.on('error', (err) => resolve({ status: 'failed', ms: Date.now() - started, output: err.message }));
  });
}
