/**
 * `npm run bench` (scraper, issue 12): a local fixture source with 5,000 listings over 200 pages
 * (dev/scrape-fixtures, card-grid layout), scraped by the real code (polite fetcher, parser,
 * upserts into DynamoDB Local) — a first run, then a second with nothing changed.
 *
 * Prints, honest figure first:
 * - wall time at the polite rate (1 request/s per host): projected from the requests the run
 *   makes, plus the processing time measured; BENCH_SCRAPER_POLITE=1 really runs at 1/s (~3.5 min);
 * - the measured wall time of the same run unthrottled, labelled as such;
 * - CPU time per page in this process (fetch, parse, hash, decisions and the SDK's side of the writes);
 * - scraped-listing item writes on the second, unchanged run (target 0), with conditional GETs
 *   and again with them disabled (full parse, content hash only).
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { startBenchSite } from '../dev/scrape-fixtures/sites.js';
import { makeDynamoClient } from '../dev/stand-ins/dynamodb-local.js';
import { createScraperRepo } from '../functions/src/adapters/dynamodb/scraper-repo.js';
import { parseAllowHosts } from '../functions/src/adapters/http/allow-hosts.js';
import { PoliteFetcher } from '../functions/src/adapters/http/polite-fetcher.js';
import { handleScrapeMessage, newRunId } from '../functions/src/domain/scraper/handle-message.js';
import type { PageFetcher } from '../functions/src/domain/scraper/ports.js';
import { type ScrapeDeps, type ScrapeMessage, firstMessages } from '../functions/src/domain/scraper/run-source.js';
import type { ScraperSource } from '../functions/src/domain/scraper/types.js';
import { createBenchTable, startBenchDynamo } from './dynamo-local.js';

const LISTINGS = Number(process.env.BENCH_SCRAPER_LISTINGS ?? 5000);
const PER_PAGE = 25;
const polite = process.env.BENCH_SCRAPER_POLITE === '1';

const dynamo = await startBenchDynamo();
const site = await startBenchSite(LISTINGS, PER_PAGE);
try {
  const tableName = 'bench-scraper';
  await createBenchTable(dynamo.endpoint, tableName);
  const ddb = DynamoDBDocumentClient.from(makeDynamoClient(dynamo.endpoint), { marshallOptions: { removeUndefinedValues: true } });
  let writes = 0;
  const repo = createScraperRepo({ ddb, tableName, onListingWrite: () => writes++ });
  const source: ScraperSource = {
    id: 'bench',
    name: 'bench.test',
    startUrls: [`${site.url}/trucks?page=1`],
    parser: 'card-grid',
    ratePerSecond: 1,
    enabled: true,
  };

  async function run(opts: { conditional: boolean }) {
    const fetcher = new PoliteFetcher({
      userAgent: 'TruckYardBot/1.0 (+bench)',
      timeoutMs: 10_000,
      maxRequestsPerSecond: polite ? 1 : 100_000,
      // The bench site is on loopback, which the SSRF guard refuses unless named.
      allowHosts: parseAllowHosts(new URL(site.url).host),
    });
    const pages: PageFetcher = opts.conditional
      ? fetcher
      : { get: (url, _validators, rate) => fetcher.get(url, {}, rate), allowed: (url) => fetcher.allowed(url) };
    const deps: ScrapeDeps = {
      store: repo,
      fetcher: pages,
      images: { store: () => Promise.reject(new Error('no photos in the bench')) },
      ownListings: { activeOwnListings: async () => [] },
      events: { runCompleted: async () => undefined, listingsUpdated: async () => undefined },
      now: () => new Date(),
      timeLeftMs: () => 900_000,
    };
    const runId = newRunId(new Date());
    await repo.startRun({ runId, startedAt: new Date().toISOString(), sources: [{ id: source.id, name: source.name }] });
    const before = writes;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    let wave: ScrapeMessage[] = firstMessages(runId, [source]);
    while (wave.length)
      wave = (await Promise.all(wave.map((m) => handleScrapeMessage(deps, [source], m)))).filter((m): m is ScrapeMessage => m !== null);
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const report = (await repo.recentRuns(1))[0].sources[0];
    return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, requests: fetcher.requests, writes: writes - before, report };
  }

  const first = await run({ conditional: true });
  const second = await run({ conditional: true });
  const third = await run({ conditional: false });
  const pages = first.report.pagesFetched;
  // At 1 request/s the requests set the pace; processing overlaps the waits only partly, so add it.
  const projectedPoliteS = polite ? first.wallMs / 1000 : first.requests + first.wallMs / 1000;
  const line = (label: string, value: string, target = '') => console.log(`  ${label.padEnd(58)} ${value.padStart(14)}  ${target}`);
  console.log(
    `\nScraper: ${LISTINGS} listings over ${pages} pages (${first.report.listingsParsed} parsed, ${first.report.new} new, status ${first.report.status})`,
  );
  line(
    polite ? 'wall time at the polite rate (1 req/s, measured)' : 'wall time at the polite rate (1 req/s, projected)',
    `${projectedPoliteS.toFixed(0)} s`,
    `${first.requests} requests`,
  );
  if (!polite) line('wall time unthrottled (measured, NOT the polite rate)', `${(first.wallMs / 1000).toFixed(1)} s`);
  line('CPU time per page, first run (this process)', `${(first.cpuMs / pages).toFixed(1)} ms`);
  line('scraped-listing writes, first run', String(first.writes), `(${LISTINGS} expected)`);
  line(
    'scraped-listing writes, second run, nothing changed (ETag 304s)',
    String(second.writes),
    second.writes === 0 ? 'PASS (target 0)' : 'FAIL (target 0)',
  );
  line('  CPU time per page, second run', `${(second.cpuMs / pages).toFixed(1)} ms`, `${second.report.pagesNotModified} pages 304`);
  line(
    'scraped-listing writes, re-run without conditional GETs (hash only)',
    String(third.writes),
    third.writes === 0 ? 'PASS (target 0)' : 'FAIL (target 0)',
  );
  line('  CPU time per page, full parse and hash', `${(third.cpuMs / pages).toFixed(1)} ms`);
  ddb.destroy();
} finally {
  await site.close();
  await dynamo.stop();
}
