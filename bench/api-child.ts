/**
 * The local API server in its own process, so the load generator does not share its event loop.
 * With BENCH_SNAPSHOT it first primes the search index with the benchmark's synthetic listings
 * (regenerated here from the same seeds) as a snapshot, then follows the table's change feed.
 */
import { syntheticListings } from './synthetic.js';

const env = JSON.parse(process.env.BENCH_HANDLER_ENV ?? '{}') as Record<string, string>;
Object.assign(process.env, env);

export interface SnapshotSpec {
  parts: Array<{ n: number; seed: number; prefix: string }>;
  asOfMs: number;
}

if (process.env.BENCH_SNAPSHOT) {
  const spec = JSON.parse(process.env.BENCH_SNAPSHOT) as SnapshotSpec;
  const { searchService } = await import('../functions/src/deps.js');
  const listings = [];
  const scraped = [];
  for (const part of spec.parts) {
    const data = syntheticListings(part.n, part.seed, part.prefix);
    listings.push(...data.listings);
    scraped.push(...data.scraped);
  }
  searchService(env.TABLE_NAME).loadRecords({ listings, scraped }, spec.asOfMs);
}

const { startApiServer } = await import('../dev/api-server.js');
const server = await startApiServer({ port: 0, env });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.on('SIGTERM', () => {
  server.close().finally(() => process.exit(0));
});
