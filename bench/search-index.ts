/**
 * Search index before/after: the in-process query times and the cold start from a snapshot, for
 * this tree and another checkout of the repository (BENCH_BEFORE_ROOT, e.g. `git archive` of the
 * base commit unpacked with node_modules linked), in the same session, runs alternating.
 *   BENCH_BEFORE_ROOT=/tmp/before BENCH_N=100000 BENCH_ROUNDS=3 npx tsx bench/search-index.ts
 * (BENCH_COLD_RUNS cold starts per tree, default 3; BENCH_ROUNDS=0 BENCH_SNAPSHOT=<file> for cold
 * starts only, from a snapshot an earlier run wrote.)
 * This tree's bench/search-index-child.ts (copied into the other tree) is bundled
 * with the search function's esbuild settings and run as a fresh process per measurement. Both
 * trees' snapshots of the same data are compared byte for byte (the format must not change), and
 * each tree's cold start loads the same snapshot file.
 */
import { median } from './stats.js';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const HERE = path.resolve(import.meta.dirname, '..');
const BEFORE = process.env.BENCH_BEFORE_ROOT;
const N = process.env.BENCH_N ?? '100000';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 3);
const MEMORY_MB = 1024;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'search-index-bench-'));

async function bundle(root: string, label: string): Promise<string> {
  const entry = path.join(root, 'bench', 'search-index-child.ts');
  // The same measuring code in both trees: this tree's child and its percentiles, copied into the other.
  if (root !== HERE)
    for (const file of ['search-index-child.ts', 'stats.ts']) copyFileSync(path.join(HERE, 'bench', file), path.join(root, 'bench', file));
  const outfile = path.join(tmp, `${label}.mjs`);
  // The search function's bundle settings (infra/lib/constructs/esbuild-code.ts).
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    mainFields: ['module', 'main'],
    minify: true,
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    outfile,
    logLevel: 'error',
    absWorkingDir: root,
  });
  return outfile;
}

/** Cold starts run with the search function's heap; in-process runs build the index from records first, which needs more. */
function run(file: string, env: Record<string, string>): Promise<Record<string, number>> {
  const heapMb = env.BENCH_MODE === 'cold' ? MEMORY_MB : 4 * MEMORY_MB;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, file], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line));
      else reject(new Error(`${file} exited with ${code}: ${out}`));
    });
  });
}

const fmt = (n: number, d = 2) => n.toFixed(d);

async function main() {
  const trees = [...(BEFORE ? [{ label: 'before', root: path.resolve(BEFORE) }] : []), { label: 'after', root: HERE }];
  const bundles = await Promise.all(trees.map((t) => bundle(t.root, t.label)));
  const asOf = String(Date.now());
  // BENCH_SNAPSHOT: cold-start from this file (e.g. a 100k snapshot kept from an earlier run) with BENCH_ROUNDS=0.
  const snapshot = process.env.BENCH_SNAPSHOT ?? path.join(tmp, 'snapshot-0.bin.gz');
  const results: Record<string, { inProcess: Array<Record<string, number>>; cold: number[]; coldCpu: number[] }> = {};
  for (const t of trees) results[t.label] = { inProcess: [], cold: [], coldCpu: [] };
  console.log(`${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}; ${N} listings; ${ROUNDS} rounds`);
  for (let r = 0; r < ROUNDS; r++) {
    // Alternate which tree goes first.
    const order = r % 2 === 0 ? trees.map((_, i) => i) : trees.map((_, i) => trees.length - 1 - i);
    for (const i of order) {
      const out = path.join(tmp, `snapshot-${trees[i].label}.bin.gz`);
      const res = await run(bundles[i], { BENCH_MODE: 'inprocess', BENCH_N: N, BENCH_AS_OF: asOf, BENCH_SNAPSHOT_OUT: r === 0 ? out : '' });
      results[trees[i].label].inProcess.push(res);
      if (r === 0 && !existsSync(snapshot)) copyFileSync(out, snapshot);
      console.log(
        `[${trees[i].label}] round ${r + 1}: built ${fmt(res.buildMs / 1000, 1)} s; mix first-time p99 ${fmt(res.mixFirstP99)} ms (CPU ${fmt(res.mixFirstCpuP99)}), hot p50 ${fmt(res.mixHotP50)} p99 ${fmt(res.mixHotP99)} ms (CPU ${fmt(res.mixHotCpuP99)}); keywords first-time p99 ${fmt(res.keywordsFirstP99)} ms (CPU ${fmt(res.keywordsFirstCpuP99)}), hot p50 ${fmt(res.keywordsHotP50)} p99 ${fmt(res.keywordsHotP99)} ms (CPU ${fmt(res.keywordsHotCpuP99)}) (${res.queries} queries each)`,
      );
    }
  }
  if (trees.length === 2 && ROUNDS > 0) {
    const same = readFileSync(path.join(tmp, 'snapshot-before.bin.gz')).equals(readFileSync(path.join(tmp, 'snapshot-after.bin.gz')));
    console.log(`snapshots of the same data: ${same ? 'identical bytes' : 'DIFFERENT bytes'}`);
  }
  for (let r = 0; r < COLD_RUNS; r++) {
    const order = r % 2 === 0 ? trees.map((_, i) => i) : trees.map((_, i) => trees.length - 1 - i);
    for (const i of order) {
      const res = await run(bundles[i], { BENCH_MODE: 'cold', BENCH_SNAPSHOT: snapshot });
      results[trees[i].label].cold.push(res.firstAnswerMs);
      results[trees[i].label].coldCpu.push(res.cpuMs);
      console.log(
        `[${trees[i].label}] cold start ${r + 1}: first answer ${fmt(res.firstAnswerMs, 0)} ms from process start, CPU ${fmt(res.cpuMs, 0)} ms (load + first query ${fmt(res.loadAndFirstQueryMs, 0)} ms; ${res.total} listings; snapshot ${fmt(res.snapshotBytes / 2 ** 20, 1)} MB)`,
      );
    }
  }
  console.log('Medians over the runs:');
  for (const t of trees) {
    const ip = results[t.label].inProcess;
    const m = (k: string) => (ip.length > 0 ? fmt(median(ip.map((x) => x[k]))) : '–');
    console.log(
      `  ${t.label}: mix p99 first-time ${m('mixFirstP99')} (CPU ${m('mixFirstCpuP99')}) / hot ${m('mixHotP99')} (CPU ${m('mixHotCpuP99')}) ms; keywords p99 first-time ${m('keywordsFirstP99')} (CPU ${m('keywordsFirstCpuP99')}) / hot ${m('keywordsHotP99')} (CPU ${m('keywordsHotCpuP99')}) ms; cold start ${fmt(median(results[t.label].cold), 0)} ms (CPU ${fmt(median(results[t.label].coldCpu), 0)} ms)`,
    );
  }
}

await main();
