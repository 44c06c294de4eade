/**
 * One run of bench/search-index.ts, bundled like the search function (a minified esbuild bundle)
 * and started as a fresh process. Prints one JSON line.
 * - BENCH_MODE=inprocess: builds the index of BENCH_N synthetic listings, then times every query
 *   of the mix and of the keyword set on SearchIndex.search directly (no result cache): the first
 *   time each is asked, then hot (the median of 3 further rounds). Writes the snapshot to
 *   BENCH_SNAPSHOT_OUT when set (as of BENCH_AS_OF, so two builds can be compared byte for byte).
 * - BENCH_MODE=cold: from process start to the first answer, the index loaded from the snapshot
 *   file BENCH_SNAPSHOT (the search function's path, with the file in place of S3).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type ListingSearchQuery, listingSearchQuerySchema } from '../shared/schemas/listing.js';
import { SearchService } from '../functions/src/domain/search/search-service.js';
import { median, percentile } from './stats.js';
import { keywordQueries, syntheticListings, syntheticQueries } from './synthetic.js';

const parse = (qs: string): ListingSearchQuery => listingSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
const noFeed = {
  loadAllActive: async () => {
    throw new Error('the bench loads from records or the snapshot only');
  },
  changesSince: async () => ({ listings: [], scraped: [], removedIds: [] }),
};

async function inProcess() {
  const n = Number(process.env.BENCH_N ?? 100_000);
  const asOf = Number(process.env.BENCH_AS_OF ?? Date.now());
  const count = Number(process.env.BENCH_QUERIES ?? 1200);
  // The same deterministic data as bench/run.ts (two seeds).
  const a = syntheticListings(Math.min(n, 10_000), 1, 'a');
  const b = n > 10_000 ? syntheticListings(n - 10_000, 2, 'b') : { listings: [], scraped: [] };
  const records = { listings: [...a.listings, ...b.listings], scraped: [...a.scraped, ...b.scraped] };
  const service = new SearchService(noFeed, { imagesBaseUrl: '/images', refreshMs: 1e12, now: () => asOf });
  const t0 = performance.now();
  service.loadRecords(records, asOf);
  const buildMs = performance.now() - t0;
  const index = await service.fresh();
  const mix = syntheticQueries(count, 7).map(parse);
  const keywords = keywordQueries(count, 9).map(parse);
  const time = (queries: ListingSearchQuery[], rounds: number) => {
    const wall: number[][] = queries.map(() => []);
    const cpu: number[][] = queries.map(() => []);
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < queries.length; i++) {
        const c = process.cpuUsage();
        const t = performance.now();
        index.search(queries[i], 'anonymous');
        wall[i].push(performance.now() - t);
        const used = process.cpuUsage(c);
        cpu[i].push((used.user + used.system) / 1000);
      }
    }
    return { wall: wall.map(median), cpu: cpu.map(median) };
  };
  const mixFirst = time(mix, 1);
  const keywordsFirst = time(keywords, 1);
  const mixHot = time(mix, 3);
  const keywordsHot = time(keywords, 3);
  const out: Record<string, number> = {
    listings: index.size,
    buildMs,
    queries: count,
    mixFirstP99: percentile(mixFirst.wall, 99),
    mixFirstCpuP99: percentile(mixFirst.cpu, 99),
    keywordsFirstP99: percentile(keywordsFirst.wall, 99),
    keywordsFirstCpuP99: percentile(keywordsFirst.cpu, 99),
    mixHotP50: percentile(mixHot.wall, 50),
    mixHotP99: percentile(mixHot.wall, 99),
    mixHotCpuP99: percentile(mixHot.cpu, 99),
    keywordsHotP50: percentile(keywordsHot.wall, 50),
    keywordsHotP99: percentile(keywordsHot.wall, 99),
    keywordsHotCpuP99: percentile(keywordsHot.cpu, 99),
  };
  if (process.env.BENCH_SNAPSHOT_OUT) {
    const bytes = service.snapshot();
    writeFileSync(process.env.BENCH_SNAPSHOT_OUT, bytes);
    out.snapshotBytes = bytes.length;
  }
  return out;
}

async function cold() {
  const bytes = readFileSync(process.env.BENCH_SNAPSHOT ?? '');
  const service = new SearchService(noFeed, {
    imagesBaseUrl: '/images',
    refreshMs: 1e12,
    snapshots: { read: async () => bytes, write: async () => {} },
    requireSnapshot: {},
  });
  const t0 = performance.now();
  const first = await service.search(parse(''), 'anonymous');
  const firstAnswerMs = performance.now();
  // The process's CPU time so far (module loading included): what a share of a core stretches.
  const cpu = process.cpuUsage();
  return {
    firstAnswerMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    loadAndFirstQueryMs: firstAnswerMs - t0,
    total: first.total,
    snapshotBytes: bytes.length,
  };
}

const result = process.env.BENCH_MODE === 'cold' ? await cold() : await inProcess();
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
