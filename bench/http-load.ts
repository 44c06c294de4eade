/** Runs a load from a fresh child process (bench/http-load-child.ts) and returns its result. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { REPO_ROOT } from '../dev/config.js';
import type { LoadRequest, LoadResult } from './http-load-child.js';

export type { LoadRequest, LoadResult } from './http-load-child.js';

/**
 * The load generator runs in a process of its own: a benchmark process holding a 100k index (or a
 * product) would stall an in-process generator with its garbage collector, and the pauses would
 * count as the servers' latency.
 */
export async function load(request: LoadRequest): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bench/http-load-child.ts')], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stdin?.end(JSON.stringify(request));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`The load generator exited with ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as LoadResult;
}
