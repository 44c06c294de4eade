export {};
/**
 * A search environment's cold start, as Lambda would run it (bundled with esbuild, plain node,
 * --max-old-space-size of the function's memory): from process start to the first answer,
 * with the index loaded from the S3 snapshot. Prints one JSON line.
 */
const { searchService, listingsRepo } = await import('../functions/src/deps.js');
const { listingSearchQuerySchema } = await import('../shared/schemas/listing.js');

// Count cold loads from the table: with a snapshot there must be none.
const repo = listingsRepo();
let tableLoads = 0;
const loadAllActive = repo.loadAllActive;
repo.loadAllActive = async () => {
  tableLoads++;
  return loadAllActive();
};
const first = await searchService().search(listingSearchQuerySchema.parse({}), 'anonymous');
const firstAnswerMs = performance.now();
const queries = JSON.parse(process.env.BENCH_QUERIES ?? '[]') as string[];
for (const qs of queries)
  await searchService().search(listingSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs))), 'anonymous');
(globalThis as { gc?: () => void }).gc?.();
const mem = process.memoryUsage();
process.stdout.write(
  `${JSON.stringify({ firstAnswerMs, total: first.total, tableLoads, heapMb: mem.heapUsed / 2 ** 20, externalMb: mem.arrayBuffers / 2 ** 20, rssMb: mem.rss / 2 ** 20 })}\n`,
);
process.exit(0);
