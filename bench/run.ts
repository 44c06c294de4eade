/**
 * `npm run bench`: the search read path at 10k and 100k listings (issue 2 §7).
 *
 * Seeds synthetic listings into a throw-away table in its own in-memory DynamoDB Local, then:
 * - in-process: SearchService vs a plain full scan on the same ≥200 buyer queries (filters +
 *   sort + page + facets), p50/p99 and the ratio. Each query is timed in 3 rounds and its median
 *   kept, so one scheduler hiccup on a busy machine does not become the p99;
 * - at 10k the index is loaded from the table exactly as at a cold start (loadAllActive). At
 *   100k the extra 90k are written to the table only with BENCH_FULL_SEED=1: DynamoDB Local
 *   writes a few hundred items a second here, which alone would take minutes. Otherwise the
 *   100k index (in-process and in the API server) is primed from a snapshot of the same
 *   deterministic data (SearchService.loadSnapshot) and then follows the table's change feed;
 * - over HTTP: the local API server (in a child process) under autocannon at 10 connections
 *   (p50/p99) and 50 connections (req/s, errors);
 * - bytes of one result page vs all listings as JSON;
 * - time from putListing to the listing showing up in a search over HTTP.
 * Prints PASS/MISS for each target at 100k.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { handlerEnv, REPO_ROOT } from '../dev/config.js';
import { makeDynamoClient } from '../dev/stand-ins/dynamodb-local.js';
import { createListingsRepo, type ListingsRepo } from '../functions/src/adapters/dynamodb/listings-repo.js';
import { ANONYMOUS } from '../functions/src/domain/caller.js';
import { maskForCaller } from '../functions/src/domain/listings/mask.js';
import { SearchService } from '../functions/src/domain/search/search-service.js';
import { type ListingSearchQuery, listingSearchQuerySchema } from '../shared/schemas/listing.js';
import type { SnapshotSpec } from './api-child.js';
import { fullScanSearch } from './baseline.js';
import { createBenchTable, startBenchDynamo } from './dynamo-local.js';
import { syntheticListings, syntheticQueries } from './synthetic.js';

const TARGETS = { inProcessP99Ms: 15, httpP99Ms: 40, changeVisibleMs: 2000 };
const QUERY_COUNT = 240;
const HTTP_SECONDS = 8;

const fmt = (n: number, digits = 2) => n.toFixed(digits);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
/** Per-query latency: the median of `rounds` timings of each query; sorted ascending. */
function timeAll(fn: (i: number) => unknown, n: number, rounds = 3): number[] {
  const samples: number[][] = Array.from({ length: n }, () => []);
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      fn(i);
      samples[i].push(performance.now() - t0);
    }
  }
  return samples.map((s) => s.sort((a, b) => a - b)[Math.floor(rounds / 2)]).sort((a, b) => a - b);
}
/** Per-query CPU time (user + system) of this process, median of `rounds`: what the query costs when not descheduled. */
function cpuTimeAll(fn: (i: number) => unknown, n: number, rounds = 3): number[] {
  const samples: number[][] = Array.from({ length: n }, () => []);
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < n; i++) {
      const c0 = process.cpuUsage();
      fn(i);
      const c = process.cpuUsage(c0);
      samples[i].push((c.user + c.system) / 1000);
    }
  }
  return samples.map((s) => s.sort((a, b) => a - b)[Math.floor(rounds / 2)]).sort((a, b) => a - b);
}
const FULL_SEED = process.env.BENCH_FULL_SEED === '1';
const PARTS = [
  { n: 10_000, seed: 1, prefix: 'a' },
  { n: 90_000, seed: 2, prefix: 'b' },
];
const log = (msg: string) => console.log(msg);

async function seed(repo: ListingsRepo, n: number, seedNo: number, prefix: string) {
  const t0 = performance.now();
  const { listings, scraped } = syntheticListings(n, seedNo, prefix);
  await Promise.all([repo.putListingsBatch(listings), repo.putScrapedBatch(scraped)]);
  return performance.now() - t0;
}

/** The benchmark's listings as a snapshot, generated in memory. */
function snapshotOf(parts: typeof PARTS) {
  const listings = [];
  const scraped = [];
  for (const p of parts) {
    const d = syntheticListings(p.n, p.seed, p.prefix);
    listings.push(...d.listings);
    scraped.push(...d.scraped);
  }
  return { listings, scraped };
}

async function inProcess(repo: ListingsRepo, queries: ListingSearchQuery[], label: string, fromSnapshot: typeof PARTS | null) {
  const service = new SearchService(repo, { imagesBaseUrl: '/images', refreshMs: 60_000 });
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  if (fromSnapshot) service.loadRecords(snapshotOf(fromSnapshot), Date.now());
  const index = await service.fresh();
  const loadMs = performance.now() - t0;
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  const all = index.latest(Number.MAX_SAFE_INTEGER);

  // The full scan runs once per query (it is the slow one) and must give the index's answers.
  let mismatches = 0;
  const scanTimes: number[] = [];
  for (const q of queries.slice(0, 10)) fullScanSearch(all, q, 'anonymous');
  for (const q of queries) {
    const t0 = performance.now();
    const b = fullScanSearch(all, q, 'anonymous');
    scanTimes.push(performance.now() - t0);
    const a = index.search(q, 'anonymous');
    const same =
      a.total === b.total &&
      JSON.stringify(a.items.map((l) => l.id)) === JSON.stringify(b.items.map((l) => l.id)) &&
      JSON.stringify(a.facets) === JSON.stringify(b.facets);
    if (!same) mismatches++;
  }
  scanTimes.sort((x, y) => x - y);
  for (const q of queries.slice(0, 20)) index.search(q, 'anonymous');
  const indexTimes = timeAll((i) => index.search(queries[i], 'anonymous'), queries.length);
  const indexCpu = cpuTimeAll((i) => index.search(queries[i], 'anonymous'), queries.length);
  const r = {
    label,
    size: index.size,
    loadMs,
    heapMb,
    mismatches,
    indexP50: percentile(indexTimes, 50),
    indexP99: percentile(indexTimes, 99),
    indexCpuP50: percentile(indexCpu, 50),
    indexCpuP99: percentile(indexCpu, 99),
    scanP50: percentile(scanTimes, 50),
    scanP99: percentile(scanTimes, 99),
  };
  log(
    `[${label}] ${r.size} listings ${fromSnapshot ? 'primed from a snapshot' : 'loaded from DynamoDB Local'} in ${fmt(loadMs / 1000, 1)} s (heap +${fmt(heapMb, 0)} MB); ` +
      `index and full scan agree on ${queries.length - mismatches}/${queries.length} queries`,
  );
  log(
    `[${label}] in-process  index p50 ${fmt(r.indexP50)} ms  p99 ${fmt(r.indexP99)} ms   (CPU time p50 ${fmt(r.indexCpuP50)} ms  p99 ${fmt(r.indexCpuP99)} ms)`,
  );
  log(`[${label}] in-process  scan  p50 ${fmt(r.scanP50)} ms  p99 ${fmt(r.scanP99)} ms   (p99 ratio ${fmt(r.scanP99 / r.indexP99, 1)}x)`);
  return { ...r, index, all };
}

async function startApiChild(env: Record<string, string>, snapshot: SnapshotSpec | null): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bench', 'api-child.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...env,
      BENCH_HANDLER_ENV: JSON.stringify(env),
      BENCH_SNAPSHOT: snapshot ? JSON.stringify(snapshot) : '',
      NODE_OPTIONS: `--max-old-space-size=4096 ${process.env.BENCH_CHILD_NODE_OPTIONS ?? ''}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) return { url: (JSON.parse(line) as { url: string }).url, child };
  }
  throw new Error('API server child exited before it was ready');
}

async function cannon(url: string, paths: string[], connections: number) {
  const result = await autocannon({
    url,
    connections,
    duration: HTTP_SECONDS,
    requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
    ok: result['2xx'],
  };
}

async function main() {
  const started = performance.now();
  const load = () => os.loadavg()[0].toFixed(1);
  log(`Machine: ${os.cpus().length} CPUs, load average ${load()} (other work on the machine inflates wall-clock figures).`);
  log('Starting DynamoDB Local (in memory)…');
  const dynamo = await startBenchDynamo();
  const tableName = `bench-${Date.now().toString(36)}`;
  await createBenchTable(dynamo.endpoint, tableName);
  const doc = DynamoDBDocumentClient.from(makeDynamoClient(dynamo.endpoint), { marshallOptions: { removeUndefinedValues: true } });
  const repo = createListingsRepo({ ddb: doc, tableName });
  const queryStrings = syntheticQueries(QUERY_COUNT, 7);
  const queries = queryStrings.map((qs) => listingSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs))));
  let child: ChildProcess | undefined;

  try {
    log('Seeding 10,000 listings into DynamoDB Local…');
    const seed10k = await seed(repo, PARTS[0].n, PARTS[0].seed, PARTS[0].prefix);
    log(`  seeded in ${fmt(seed10k / 1000, 1)} s (${fmt(PARTS[0].n / (seed10k / 1000), 0)} items/s)`);
    await inProcess(repo, queries, '10k', null);

    if (FULL_SEED) {
      log('Seeding 90,000 more (100,000)…');
      log(`  seeded in ${fmt((await seed(repo, PARTS[1].n, PARTS[1].seed, PARTS[1].prefix)) / 1000, 1)} s`);
    }
    const snapshotAt = Date.now();
    const big = await inProcess(repo, queries, '100k', FULL_SEED ? null : PARTS);

    const pageBytes = Buffer.byteLength(
      JSON.stringify({
        ...big.index.search(queries[0], 'anonymous'),
        items: big.index.search(queries[0], 'anonymous').items.map((l) => maskForCaller(l, ANONYMOUS)),
      }),
    );
    const allBytes = Buffer.byteLength(JSON.stringify(big.all.map((l) => maskForCaller(l, ANONYMOUS))));
    log(
      `[100k] bytes: one result page ${fmt(pageBytes / 1024, 1)} KB vs all listings ${fmt(allBytes / 2 ** 20, 1)} MB (${fmt(allBytes / pageBytes, 0)}x)`,
    );

    // ---- HTTP ----
    const env = handlerEnv(
      { port: 0, dynamodbPort: Number(new URL(dynamo.endpoint).port), s3Port: 1, cognitoPort: 1, smtpPort: 1, dataDir: '/tmp', tableName },
      { userPoolId: 'local_bench', clientId: 'bench' },
    );
    env.SEARCH_REFRESH_MS = '1000';
    log('Starting the local API server (child process) and loading its index…');
    const api = await startApiChild(env, FULL_SEED ? null : { parts: PARTS, asOfMs: snapshotAt });
    child = api.child;
    // The first search loads the index; under the local Lambda timeout it may fail until the load completes.
    const t0 = performance.now();
    let warmTotal: number | null = null;
    while (warmTotal === null && performance.now() - t0 < 300_000) {
      const res = await fetch(`${api.url}/api/listings?pageSize=1`).catch(() => null);
      if (res?.ok) warmTotal = ((await res.json()) as { total: number }).total;
      else await new Promise((r) => setTimeout(r, 500));
    }
    if (warmTotal === null) throw new Error('The API server never answered a search');
    log(`  cold start: first successful search after ${fmt((performance.now() - t0) / 1000, 1)} s (${warmTotal} listings)`);
    const paths = queryStrings.map((qs) => `/api/listings?${qs}`);
    log(
      `  autocannon cycles through the ${paths.length} queries, so after the first round the server answers from its result cache (cleared on every index change); the in-process figures above are the uncached index`,
    );
    await cannon(api.url, paths.slice(0, 40), 4).catch(() => undefined);
    const c10 = await cannon(api.url, paths, 10);
    log(`[100k] HTTP 10 connections: p50 ${c10.p50} ms  p99 ${c10.p99} ms  ${fmt(c10.rps, 0)} req/s  errors ${c10.errors}`);
    const c50 = await cannon(api.url, paths, 50);
    log(`[100k] HTTP 50 connections: ${fmt(c50.rps, 0)} req/s  p50 ${c50.p50} ms  p99 ${c50.p99} ms  errors ${c50.errors} of ${c50.total}`);

    // ---- freshness ----
    const visibleMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const marker = `benchfresh${i}x${Date.now().toString(36)}`;
      const { listings } = syntheticListings(1, 100 + i, `fresh${i}-`);
      const now = new Date().toISOString();
      const tPut = performance.now();
      await repo.putListing({ ...listings[0], title: `${listings[0].title} ${marker}`, createdAt: now, updatedAt: now, status: 'active' });
      for (;;) {
        const res = await fetch(`${api.url}/api/listings?q=${marker}`);
        const body = (await res.json()) as { total: number };
        if (body.total > 0) break;
        if (performance.now() - tPut > 10_000) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      visibleMs.push(performance.now() - tPut);
      await new Promise((r) => setTimeout(r, 300 + i * 350));
    }
    const worstVisible = Math.max(...visibleMs);
    log(`[100k] change → visible in search over HTTP: ${visibleMs.map((v) => `${fmt(v, 0)} ms`).join(', ')}`);

    log('');
    log('Targets at 100k listings:');
    log(
      `  in-process p99 ≤ ${TARGETS.inProcessP99Ms} ms:   ${fmt(big.indexP99)} ms   ${verdict(big.indexP99 <= TARGETS.inProcessP99Ms)}   (CPU time p99 ${fmt(big.indexCpuP99)} ms)`,
    );
    log(`  HTTP p99 ≤ ${TARGETS.httpP99Ms} ms @10 conns:  ${c10.p99} ms   ${verdict(c10.ok > 0 && c10.p99 <= TARGETS.httpP99Ms)}`);
    log(`  0 errors @50 conns:          ${c50.errors}   ${verdict(c50.ok > 0 && c50.errors === 0)}`);
    log(`  change visible ≤ 2 s:        ${fmt(worstVisible, 0)} ms   ${verdict(worstVisible <= TARGETS.changeVisibleMs)}`);
    log(`  index = full scan results:   ${big.mismatches === 0 ? 'yes' : `${big.mismatches} differ`}   ${verdict(big.mismatches === 0)}`);
    log(`(total ${fmt((performance.now() - started) / 1000, 0)} s; load average now ${load()} on ${os.cpus().length} CPUs)`);
  } finally {
    if (child) {
      child.kill('SIGTERM');
      await once(child, 'exit').catch(() => undefined);
    }
    doc.destroy();
    await dynamo.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
