/**
 * `npm run bench`, search part (issues 2 §7, 8 §2–3, 9 §1). About 10–15 minutes on a quiet
 * 2-core machine (most of it generating and indexing 100k synthetic listings and the HTTP runs).
 *
 * - in-process at 10k (loaded from DynamoDB Local) and 100k (built in memory from the same
 *   deterministic data): p50/p99 over the buyer mix (filters, sorts, pages, places and words) and
 *   over keyword-only queries drawn from real descriptions; the index against a plain full scan
 *   (and checked equal to it on the mix's queries without words);
 * - the word part against MiniSearch on the same documents and keyword queries;
 * - precision@10 of the relevance set (54 buyer queries on the demo data);
 * - cold start: the 20k and 100k snapshots written to local S3 (a process of its own,
 *   bench/s3-child.ts), then a fresh Node process
 *   (esbuild bundle, --max-old-space-size of the search function's memory) from process start to
 *   its first answer, its steady heap, and how many times it read the whole table (must be 0);
 * - HTTP: the local API server in a fresh child process, cold-started from the 100k snapshot in
 *   S3, then warmed with the measured load (10 connections of unique queries, never sent again);
 *   unique queries that miss the result cache (10 connections p50/p99, three runs, the target
 *   judged on the median run; 50 connections req/s
 *   and errors; then 1 connection, each request alone as one Lambda environment serves them), then
 *   the cached figure (240 queries repeated) with its hit rate; beside them, the
 *   same load against a bare server (bench/busy-server.ts) busy for the measured CPU per request
 *   and for 1.5 ms: the queueing floor of one process on this machine; and the CPU time the
 *   hypervisor took meanwhile (steal), on a virtual machine;
 * - a change written to the table → visible in search over HTTP.
 *
 * BENCH_ONLY=http runs only what the HTTP figures need: the 100k index built in memory, its
 * snapshot written to local S3, then the HTTP runs and change → visible (a few minutes).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { build } from 'esbuild';
import MiniSearch from 'minisearch';
import type { LoadRequest, LoadSummary } from './http-load-child.js';
import { BUCKETS, handlerEnv, LOCAL_CREDENTIALS, REGION, REPO_ROOT } from '../dev/config.js';
import { findFreePort } from '../dev/lib/net.js';
import { makeDynamoClient } from '../dev/stand-ins/dynamodb-local.js';
import { createListingsRepo, type ListingsRepo } from '../functions/src/adapters/dynamodb/listings-repo.js';
import { s3SnapshotStore } from '../functions/src/adapters/s3/search-snapshots.js';
import {
  precisionAt10,
  relevanceCases,
  relevanceCorpus,
  staticSearchService,
} from '../functions/src/domain/search/relevance-set.test-support.js';
import { mapScrapedToListing, toListingDto } from '../functions/src/domain/listings/to-listing.js';
import { searchFields } from '../functions/src/domain/search/search-doc.js';
import { SearchService } from '../functions/src/domain/search/search-service.js';
import { FIELD, queryTokens } from '../functions/src/domain/search/text.js';
import { routes } from '../functions/src/routes.js';
import { type ListingSearchQuery, listingSearchQuerySchema } from '../shared/schemas/listing.js';
import { fullScanSearch } from './baseline.js';
import { createBenchTable, startBenchDynamo } from './dynamo-local.js';
import { keywordQueries, syntheticListings, syntheticQueries } from './synthetic.js';

const TARGETS = { inProcessP99Ms: 5, httpP99Ms: 40, changeVisibleMs: 2000, firstAnswerMs: 3000, heapMb: 400 };
const QUERY_COUNT = 240;
const HTTP_SECONDS = 8;
const SEARCH_MEMORY_MB = routes.find((r) => r.id === 'SearchListings')?.memoryMb ?? 1024;
/** BENCH_ONLY=http: skip the in-process, relevance, word-part and cold-start parts. */
const ONLY_HTTP = process.env.BENCH_ONLY === 'http';

const fmt = (n: number, digits = 2) => n.toFixed(digits);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const log = (msg: string) => console.log(msg);
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
/** Per-query wall-clock and CPU time, each the median of 3 rounds (one scheduler hiccup on a busy machine is not the p99). */
function timeAll(fn: (i: number) => unknown, n: number, rounds = 3) {
  const wall: number[][] = Array.from({ length: n }, () => []);
  const cpu: number[][] = Array.from({ length: n }, () => []);
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < n; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      fn(i);
      wall[i].push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu[i].push((c.user + c.system) / 1000);
    }
  }
  const med = (xs: number[][]) => xs.map((s) => s.sort((a, b) => a - b)[Math.floor(rounds / 2)]).sort((a, b) => a - b);
  const w = med(wall);
  const c = med(cpu);
  return { p50: percentile(w, 50), p99: percentile(w, 99), cpuP50: percentile(c, 50), cpuP99: percentile(c, 99) };
}
const parse = (qs: string): ListingSearchQuery => listingSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));

const PARTS = [
  { n: 10_000, seed: 1, prefix: 'a' },
  { n: 90_000, seed: 2, prefix: 'b' },
];
function recordsOf(n: number) {
  const listings = [];
  const scraped = [];
  let left = n;
  for (const p of PARTS) {
    const d = syntheticListings(Math.min(p.n, left), p.seed, p.prefix);
    listings.push(...d.listings);
    scraped.push(...d.scraped);
    left -= p.n;
    if (left <= 0) break;
  }
  return { listings, scraped };
}

async function inProcess(service: SearchService, label: string, mix: ListingSearchQuery[], keywords: ListingSearchQuery[]) {
  const index = await service.fresh();
  const all = index.all();
  let compared = 0;
  let mismatches = 0;
  const scanTimes: number[] = [];
  for (const q of mix) {
    const t0 = performance.now();
    const b = fullScanSearch(all, q, 'anonymous');
    scanTimes.push(performance.now() - t0);
    const a = index.search(q, 'anonymous');
    if (q.q || a.page !== q.page) continue;
    compared++;
    const same = a.total === b.total && a.items.map((l) => l.id).join() === b.items.map((l) => l.id).join();
    if (!same || JSON.stringify(a.facets) !== JSON.stringify(b.facets)) mismatches++;
  }
  scanTimes.sort((x, y) => x - y);
  for (const q of [...mix, ...keywords].slice(0, 40)) index.search(q, 'anonymous');
  const m = timeAll((i) => index.search(mix[i], 'anonymous'), mix.length);
  const k = timeAll((i) => index.search(keywords[i], 'anonymous'), keywords.length);
  log(`[${label}] ${index.size} listings; index = full scan on ${compared - mismatches}/${compared} queries without words`);
  log(
    `[${label}] in-process mix      p50 ${fmt(m.p50)} ms  p99 ${fmt(m.p99)} ms   (CPU time p50 ${fmt(m.cpuP50)}  p99 ${fmt(m.cpuP99)} ms)   full scan p99 ${fmt(percentile(scanTimes, 99))} ms`,
  );
  log(
    `[${label}] in-process keywords p50 ${fmt(k.p50)} ms  p99 ${fmt(k.p99)} ms   (CPU time p50 ${fmt(k.cpuP50)}  p99 ${fmt(k.cpuP99)} ms)`,
  );
  return { mix: m, keywords: k, mismatches, all };
}

/** The word part alone, hand-written index vs MiniSearch, on the same documents and keyword queries. */
async function wordPartComparison(records: ReturnType<typeof recordsOf>, keywords: ListingSearchQuery[], label: string) {
  const service = staticSearchService(records);
  const t0 = performance.now();
  service.loadRecords(records, Date.now());
  const ownBuild = performance.now() - t0;
  const index = await service.fresh();
  const text = (fields: ReturnType<typeof searchFields>, bit: number) => fields.find(([b]) => b === bit)?.[1] ?? '';
  const docs = [
    ...records.listings.map((r) => toListingDto(r, '/images')),
    ...records.scraped.map((r) => mapScrapedToListing(r, '/images')),
  ].map((l) => {
    const f = searchFields(l);
    return {
      id: l.id,
      title: text(f, FIELD.title),
      body: text(f, FIELD.body),
      features: text(f, FIELD.features),
      place: text(f, FIELD.place),
      description: text(f, FIELD.description),
    };
  });
  const t1 = performance.now();
  const mini = new MiniSearch({
    fields: ['title', 'body', 'features', 'place', 'description'],
    processTerm: (t) => queryTokens(t)[0] ?? null,
    searchOptions: { boost: { title: 10, body: 6, features: 3, place: 3 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
  });
  mini.addAll(docs);
  const miniBuild = performance.now() - t1;
  const own = timeAll((i) => index.search(keywords[i], 'anonymous'), keywords.length, 1);
  const ms = timeAll((i) => mini.search(keywords[i].q ?? ''), keywords.length, 1);
  log(
    `[${label}] word part: hand-written build ${fmt(ownBuild / 1000, 1)} s, keyword p99 ${fmt(own.p99)} ms (CPU ${fmt(own.cpuP99)}) | MiniSearch build ${fmt(miniBuild / 1000, 1)} s, keyword p99 ${fmt(ms.p99)} ms (CPU ${fmt(ms.cpuP99)}) (MiniSearch figures exclude filters, facets and paging)`,
  );
  return { own, ms, ownBuild, miniBuild };
}

async function bundleColdStartChild(): Promise<string> {
  const outfile = path.join(mkdtempSync(path.join(os.tmpdir(), 'search-cold-')), 'cold-start.mjs');
  await build({
    entryPoints: [path.join(REPO_ROOT, 'bench', 'cold-start-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'error',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  return outfile;
}

async function coldStart(bundle: string, env: Record<string, string>, snapshotKey: string, queries: string[]) {
  const child = spawn(process.execPath, [`--max-old-space-size=${SEARCH_MEMORY_MB}`, '--expose-gc', bundle], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, SEARCH_SNAPSHOT_KEY: snapshotKey, BENCH_QUERIES: JSON.stringify(queries) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{'))
      return JSON.parse(line) as {
        firstAnswerMs: number;
        total: number;
        tableLoads: number;
        heapMb: number;
        externalMb: number;
        rssMb: number;
      };
  }
  throw new Error('cold-start child exited without an answer');
}

async function startApiChild(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; startedAt: number }> {
  const startedAt = performance.now();
  // BENCH_CHILD_NODE_ARGS: flags Node refuses in NODE_OPTIONS (--cpu-prof, --trace-gc), for diagnosis.
  const nodeArgs = (process.env.BENCH_CHILD_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(REPO_ROOT, 'bench', 'api-child.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...env,
      BENCH_HANDLER_ENV: JSON.stringify(env),
      NODE_OPTIONS: `--max-old-space-size=${SEARCH_MEMORY_MB} ${process.env.BENCH_CHILD_NODE_OPTIONS ?? ''}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = new Promise<string>((resolve, reject) => {
    let url = '';
    // Every line is read to the end (a full pipe would stall the server); after the ready line
    // (its URL as JSON), whatever the server prints (--trace-gc) goes to this process's stderr.
    lines.on('line', (line) => {
      if (url) process.stderr.write(`[api] ${line}\n`);
      else if (line.startsWith('{')) {
        url = (JSON.parse(line) as { url: string }).url;
        resolve(url);
      }
    });
    lines.on('close', () => reject(new Error('API server child exited before it was ready')));
  });
  return { url: await ready, child, startedAt };
}

/** CPU time (ms) a process has used so far, from /proc (Linux); null elsewhere. */
function processCpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** The local S3 in a child process (bench/s3-child.ts), so this process's GC does not slow its reads. */
async function startS3Child(port: number, directory: string, buckets: string[]): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bench/s3-child.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, BENCH_S3_PORT: String(port), BENCH_S3_DIR: directory, BENCH_S3_BUCKETS: buckets.join(',') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const { endpoint } = JSON.parse(line) as { endpoint: string };
  return {
    endpoint,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The machine's CPU time so far from /proc/stat (Linux; null elsewhere), in clock ticks: all of
 * it, and what the hypervisor took for other guests (steal), when this machine is a virtual one.
 */
function machineCpuTicks(): { total: number; steal: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

/** The share of the machine's CPU time the hypervisor took between two readings, as text. */
function stealBetween(a: ReturnType<typeof machineCpuTicks>, b: ReturnType<typeof machineCpuTicks>): string {
  if (!a || !b || b.total === a.total) return '';
  return `; the hypervisor took ${fmt((100 * (b.steal - a.steal)) / (b.total - a.total), 0)} % of the machine's CPU time (steal)`;
}

/**
 * `connections` clients over `paths` for HTTP_SECONDS, from a fresh child process
 * (bench/http-load-child.ts): this process holds the 100k index, and its garbage collector's pauses
 * would stall an in-process load generator and count as the server's latency.
 */
async function cannon(url: string, paths: string[], connections: number): Promise<LoadSummary> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bench/http-load-child.ts')], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  const request: LoadRequest = { url, paths, connections, seconds: HTTP_SECONDS };
  child.stdin?.end(JSON.stringify(request));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`The load generator exited with ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as LoadSummary;
}

/**
 * p50/p99 at 10 connections against bench/busy-server.ts taking `busyMs` per request: the floor a
 * single Node process with that much work per request gets on this machine.
 */
async function referenceServer(busyMs: number): Promise<LoadSummary> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bench/busy-server.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, BUSY_MS: String(busyMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [port] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    const paths = Array.from({ length: 1000 }, (_, i) => `/reference?i=${i}`);
    return await cannon(`http://127.0.0.1:${port.trim()}`, paths, 10);
  } finally {
    child.kill('SIGTERM');
  }
}

async function main() {
  const started = performance.now();
  const load = () => os.loadavg()[0].toFixed(1);
  log(
    `Machine: ${os.cpus().length} CPUs, load average ${load()} (other work on the machine inflates wall-clock figures; CPU times are beside them).`,
  );
  const dynamo = await startBenchDynamo();
  const s3Port = await findFreePort();
  const s3Server = await startS3Child(s3Port, mkdtempSync(path.join(os.tmpdir(), 'bench-s3-')), [BUCKETS.privateUploads]);
  const s3 = new S3Client({ endpoint: s3Server.endpoint, forcePathStyle: true, region: REGION, credentials: LOCAL_CREDENTIALS });
  const tableName = `bench-${Date.now().toString(36)}`;
  await createBenchTable(dynamo.endpoint, tableName);
  const doc = DynamoDBDocumentClient.from(makeDynamoClient(dynamo.endpoint), { marshallOptions: { removeUndefinedValues: true } });
  const repo: ListingsRepo = createListingsRepo({ ddb: doc, tableName });
  const mixStrings = syntheticQueries(QUERY_COUNT, 7);
  const mix = mixStrings.map(parse);
  const keywords = keywordQueries(QUERY_COUNT, 9).map(parse);
  const env = handlerEnv(
    { port: 0, dynamodbPort: Number(new URL(dynamo.endpoint).port), s3Port, cognitoPort: 1, smtpPort: 1, dataDir: '/tmp', tableName },
    { userPoolId: 'local_bench', clientId: 'bench' },
  );
  env.SEARCH_REFRESH_MS = '1000';
  let child: ChildProcess | undefined;

  try {
    let precision = Number.NaN;
    let words: Awaited<ReturnType<typeof wordPartComparison>> | undefined;
    if (!ONLY_HTTP) {
      log('Seeding 10,000 listings into DynamoDB Local…');
      const ts = performance.now();
      const small = syntheticListings(PARTS[0].n, PARTS[0].seed, PARTS[0].prefix);
      await Promise.all([repo.putListingsBatch(small.listings), repo.putScrapedBatch(small.scraped)]);
      log(`  seeded in ${fmt((performance.now() - ts) / 1000, 1)} s`);
      const s10 = new SearchService(repo, { imagesBaseUrl: '/images', refreshMs: 60_000 });
      const t10 = performance.now();
      await s10.fresh();
      log(`[10k] loaded from DynamoDB Local in ${fmt((performance.now() - t10) / 1000, 1)} s`);
      await inProcess(s10, '10k', mix, keywords);

      // ---- relevance ----
      const cases = relevanceCases();
      const corpus = relevanceCorpus();
      const rel = staticSearchService(corpus);
      rel.loadRecords(corpus, Date.now());
      precision = 0;
      const weak: string[] = [];
      for (const c of cases) {
        const p = precisionAt10(
          (await rel.search(listingSearchQuerySchema.parse({ q: c.query }), 'anonymous')).items.map((l) => l.id),
          c.expected,
        );
        precision += p;
        if (p < 1) weak.push(`${c.query} ${fmt(p, 1)}`);
      }
      precision /= cases.length;
      log(
        `relevance: precision@10 ${fmt(precision, 3)} over ${cases.length} buyer queries on the demo data (below 1: ${weak.join('; ') || 'none'})`,
      );

      // ---- the word part: MiniSearch vs hand-written, at 20k ----
      words = await wordPartComparison(recordsOf(20_000), keywords, '20k');
    }

    // ---- 100k in-process ----
    log('Building the 100k index in memory (the same deterministic data)…');
    const records100k = recordsOf(100_000);
    const s100 = new SearchService(repo, { imagesBaseUrl: '/images', refreshMs: 60_000 });
    const tb = performance.now();
    s100.loadRecords(records100k, Date.now());
    log(`[100k] built from records in ${fmt((performance.now() - tb) / 1000, 1)} s (what a snapshot saves a search environment)`);
    const big = ONLY_HTTP ? undefined : await inProcess(s100, '100k', mix, keywords);
    const pageBytes = Buffer.byteLength(JSON.stringify(await s100.search(mix[0], 'anonymous')));
    log(`[100k] one result page ${fmt(pageBytes / 1024, 1)} KB (cards only)`);

    // ---- snapshots and cold start ----
    const bundle = ONLY_HTTP ? '' : await bundleColdStartChild();
    const cold: Record<string, Awaited<ReturnType<typeof coldStart>>> = {};
    for (const [label, service] of [
      ['20k', null],
      ['100k', s100],
    ] as const) {
      if (ONLY_HTTP && !service) continue;
      let svc = service;
      if (!svc) {
        svc = new SearchService(repo, { imagesBaseUrl: '/images', refreshMs: 60_000 });
        svc.loadRecords(recordsOf(20_000), Date.now());
      }
      const key = `search/bench-${label}/index.bin.gz`;
      const tw = performance.now();
      const bytes = svc.snapshot();
      await s3SnapshotStore(s3, BUCKETS.privateUploads, key).write(bytes);
      log(
        `[${label}] snapshot ${fmt(bytes.length / 2 ** 20, 1)} MB gzip, encoded and written in ${fmt((performance.now() - tw) / 1000, 1)} s`,
      );
      if (ONLY_HTTP) continue;
      cold[label] = await coldStart(bundle, env, key, mixStrings.slice(0, 50));
      const c = cold[label];
      log(
        `[${label}] cold start (fresh process, --max-old-space-size=${SEARCH_MEMORY_MB}): first answer ${fmt(c.firstAnswerMs, 0)} ms from process start; ${c.total} listings; table loads ${c.tableLoads}; steady heap ${fmt(c.heapMb, 0)} MB + ${fmt(c.externalMb, 0)} MB buffers (RSS ${fmt(c.rssMb, 0)} MB)`,
      );
    }

    // ---- HTTP ----
    // Unique queries: the mix, each made distinct by its mileage bound, so every request misses the
    // result cache: 2,000,000 + i miles when the query has none, else a few miles past its own (a
    // query string repeating a parameter would be a different, invalid query: API Gateway joins
    // repeats with commas, and "500000,2000001" is a 400). The synthetic data runs to ~2.96 million
    // miles (~8 % of listings above 2 million), so the added bound is a real filter the index must
    // apply, not one it can drop: these queries cost more than the mix's own. The measured runs take
    // them from the front; the warm-up from the back (the last 20,000), never the same.
    const unique = Array.from({ length: 80_000 }, (_, i) => {
      const p = new URLSearchParams(mixStrings[i % mixStrings.length]);
      const own = p.get('mileageMax');
      p.set('mileageMax', String(own ? Number(own) + Math.floor(i / mixStrings.length) : 2_000_000 + i));
      return `/api/listings?${p}`;
    });
    let sentSoFar = 0;
    log('Starting the local API server in a fresh child process (cold start from the 100k snapshot in S3)…');
    const api = await startApiChild({ ...env, SEARCH_SNAPSHOT_KEY: 'search/bench-100k/index.bin.gz' });
    child = api.child;
    const tFirst = performance.now();
    // The first search loads the index; on a loaded machine it may pass the function's timeout, so retry.
    let firstTotal: number | null = null;
    while (firstTotal === null && performance.now() - tFirst < 300_000) {
      const res = await fetch(`${api.url}/api/listings?pageSize=1`).catch(() => null);
      if (res?.ok) firstTotal = ((await res.json()) as { total: number }).total;
      else await new Promise((r) => setTimeout(r, 500));
    }
    log(`  first search answered ${fmt(performance.now() - tFirst, 0)} ms after the server listened (${firstTotal} listings)`);
    // Warm-up: the measured load (10 connections, unique queries) for as long as a measured run,
    // on queries the measured runs never send. Until the server is warm (the engine has optimised
    // the code for these queries, the kept texts of recently shown cards have filled), each costs
    // far more CPU (printed): that belongs to a new environment, not to a warm one's latency. The
    // earlier warm-up (4 connections over 40 repeated queries, which the result cache soon
    // answered) left it to the measured run.
    const cpuWarm0 = processCpuMs(api.child.pid);
    const warm = await cannon(api.url, unique.slice(60_000), 10);
    const cpuWarm1 = processCpuMs(api.child.pid);
    log(
      `  warm-up (not counted; the same load on other queries): p50 ${warm.p50} ms  p99 ${warm.p99} ms  ${fmt(warm.rps, 0)} req/s${
        cpuWarm0 === null || cpuWarm1 === null
          ? ''
          : `  (server CPU ${fmt((cpuWarm1 - cpuWarm0) / Math.max(1, warm.total), 2)} ms per request)`
      }`,
    );
    /**
     * `connections` clients over the next unique queries, with the server's CPU time per answer
     * (what each request costs it, whatever else the machine runs) and the hypervisor's steal.
     */
    const measured = async (connections: number) => {
      const cpu0 = processCpuMs(api.child.pid);
      const machine0 = machineCpuTicks();
      const load = await cannon(api.url, unique.slice(sentSoFar, 60_000), connections);
      const machine1 = machineCpuTicks();
      const cpu1 = processCpuMs(api.child.pid);
      sentSoFar += load.sent;
      const cpuMs = cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / Math.max(1, load.total);
      const cpuText = cpuMs === null ? '' : `  (server CPU ${fmt(cpuMs, 2)} ms per request${stealBetween(machine0, machine1)})`;
      return { ...load, cpuMs, cpuText };
    };
    // Three runs of 8 s, each on queries not sent before; the target is judged on the median run
    // by p99 (as Lighthouse's figures are the median of three). One run's p99 is its ~50 slowest
    // answers, so a few seconds of the hypervisor taking CPU from this machine (steal, printed)
    // can move it by half; every run is printed.
    // (BENCH_HTTP_RUNS: more runs in a row, to see a drift over a server's life; the median is theirs.)
    const runCount = Math.max(3, Number.parseInt(process.env.BENCH_HTTP_RUNS ?? '', 10) || 3);
    const runs10: Array<Awaited<ReturnType<typeof measured>>> = [];
    for (let run = 1; run <= runCount; run++) {
      const r = await measured(10);
      runs10.push(r);
      log(
        `[100k] HTTP uncached (every query new) 10 connections, run ${run} of ${runCount}: p50 ${r.p50} ms  p99 ${r.p99} ms  ${fmt(r.rps, 0)} req/s  errors ${r.errors} (${r.errorKinds})${r.cpuText}`,
      );
    }
    const u10 = [...runs10].sort((a, b) => a.p99 - b.p99)[Math.floor(runs10.length / 2)];
    log(
      `[100k] HTTP uncached (every query new) 10 connections, median run: p50 ${u10.p50} ms  p99 ${u10.p99} ms (runs: ${runs10.map((r) => r.p99).join(', ')} ms)`,
    );
    const u50 = await measured(50);
    log(
      `[100k] HTTP uncached (every query new) 50 connections: ${fmt(u50.rps, 0)} req/s  p50 ${u50.p50} ms  p99 ${u50.p99} ms  errors ${u50.errors} of ${u50.total} (${u50.errorKinds})${u50.cpuText}`,
    );
    // One connection: each request alone, as one Lambda environment serves them (API Gateway sends
    // concurrent requests to as many environments), so no queue. For scale, not for the target.
    const u1 = await measured(1);
    const vcpu = SEARCH_MEMORY_MB / 1769;
    log(
      `[100k] HTTP uncached 1 connection (each request alone, as one Lambda environment serves them; no queue): p50 ${u1.p50} ms  p99 ${u1.p99} ms  ${fmt(u1.rps, 0)} req/s${u1.cpuText} — at ${SEARCH_MEMORY_MB} MB a Lambda has ${fmt(vcpu, 2)} of a vCPU (one at 1,769 MB): CPU-bound time ×${fmt(1 / vcpu, 1)}, plus the HTTP API's own (under 10 ms at p99)`,
    );
    // The same load against a server doing nothing but the measured CPU per request, and 1.5 ms:
    // how much of the latency is one process queueing ten connections, not this server's code.
    const references: Array<{ busyMs: number; load: LoadSummary }> = [];
    for (const busyMs of u10.cpuMs === null ? [1.5] : [Number(u10.cpuMs.toFixed(1)), 1.5]) {
      references.push({ busyMs, load: await referenceServer(busyMs) });
    }
    log(
      `[reference] a bare Node server busy for a fixed time per request, 10 connections: ${references
        .map(({ busyMs, load }) => `${fmt(busyMs, 1)} ms → p50 ${load.p50} ms, p99 ${load.p99} ms`)
        .join('; ')} (the queueing floor of one process on this machine)`,
    );
    const cachedPaths = mixStrings.map((qs) => `/api/listings?${qs}`);
    const c10 = await cannon(api.url, cachedPaths, 10);
    const hitRate = Math.max(0, 1 - (2 * cachedPaths.length) / Math.max(1, c10.total));
    log(
      `[100k] HTTP cached (${cachedPaths.length} queries repeated) 10 connections: p50 ${c10.p50} ms  p99 ${c10.p99} ms  ${fmt(c10.rps, 0)} req/s  hit rate ≈ ${fmt(hitRate * 100, 0)} % (each query misses twice: a result is kept from its second asking)`,
    );

    // ---- freshness ----
    const visibleMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const marker = `benchfresh${i}x${Date.now().toString(36)}`;
      const { listings } = syntheticListings(1, 100 + i, `fresh${i}-`);
      const now = new Date().toISOString();
      const tPut = performance.now();
      await repo.putListing({ ...listings[0], title: `${listings[0].title} ${marker}`, createdAt: now, updatedAt: now, status: 'active' });
      for (;;) {
        const body = (await (await fetch(`${api.url}/api/listings?q=${marker}`)).json()) as { total: number };
        if (body.total > 0 || performance.now() - tPut > 10_000) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      visibleMs.push(performance.now() - tPut);
      await new Promise((r) => setTimeout(r, 300 + i * 350));
    }
    const worstVisible = Math.max(...visibleMs);
    log(`[100k] change → visible in search over HTTP: ${visibleMs.map((v) => `${fmt(v, 0)} ms`).join(', ')}`);

    const c100 = cold['100k'];
    log('');
    log('Targets at 100k listings:');
    if (big && words && c100) {
      log(
        `  in-process p99 ≤ ${TARGETS.inProcessP99Ms} ms (mix):      ${fmt(big.mix.p99)} ms   ${verdict(big.mix.p99 <= TARGETS.inProcessP99Ms)}   (CPU time p99 ${fmt(big.mix.cpuP99)} ms)`,
      );
      log(
        `  keyword-only p99:                 ${fmt(big.keywords.p99)} ms   ${verdict(big.keywords.p99 <= TARGETS.inProcessP99Ms)}   (CPU time p99 ${fmt(big.keywords.cpuP99)} ms)`,
      );
      log(`  precision@10:                     ${fmt(precision, 3)}`);
      log(
        `  word part: ${words.own.p99 <= words.ms.p99 ? 'hand-written kept' : 'MiniSearch faster'} (p99 ${fmt(words.own.p99)} vs ${fmt(words.ms.p99)} ms at 20k)`,
      );
      log(
        `  first answer ≤ 3 s (cold, S3):    ${fmt(c100.firstAnswerMs, 0)} ms   ${verdict(c100.firstAnswerMs <= TARGETS.firstAnswerMs)}   (20k: ${fmt(cold['20k'].firstAnswerMs, 0)} ms)`,
      );
      log(
        `  steady heap ≤ 400 MB:             ${fmt(c100.heapMb, 0)} MB (+${fmt(c100.externalMb, 0)} MB buffers)   ${verdict(c100.heapMb + c100.externalMb <= TARGETS.heapMb)}   (20k: ${fmt(cold['20k'].heapMb, 0)} MB)`,
      );
      log(`  table reads for the cold load:    ${c100.tableLoads}   ${verdict(c100.tableLoads === 0)}`);
    }
    log(
      `  HTTP uncached p99 ≤ 40 ms @10:    ${u10.p99} ms   ${verdict(u10.ok > 0 && u10.p99 <= TARGETS.httpP99Ms)}   (median of ${runs10.length} runs: ${runs10.map((r) => r.p99).join(', ')} ms; cached: ${c10.p99} ms; a bare server busy ${fmt(references[0].busyMs, 1)} ms per request: ${references[0].load.p99} ms)`,
    );
    log(`  0 errors @50 (uncached):          ${u50.errors}   ${verdict(u50.ok > 0 && u50.errors === 0)}`);
    log(`  change visible ≤ 2 s:             ${fmt(worstVisible, 0)} ms   ${verdict(worstVisible <= TARGETS.changeVisibleMs)}`);
    if (big) {
      log(
        `  index = full scan (no words):     ${big.mismatches === 0 ? 'yes' : `${big.mismatches} differ`}   ${verdict(big.mismatches === 0)}`,
      );
    }
    log(`(search bench took ${fmt((performance.now() - started) / 1000, 0)} s; load average now ${load()} on ${os.cpus().length} CPUs)`);
  } finally {
    if (child) {
      child.kill('SIGTERM');
      await once(child, 'exit').catch(() => undefined);
    }
    doc.destroy();
    s3.destroy();
    await s3Server.stop();
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
