import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseMake } from '../../../shared/listing-options.js';
import { fixtureTruck } from '../../../dev/scrape-fixtures/pages.js';
import { type ScrapeFixtures, startScrapeFixtures } from '../../../dev/scrape-fixtures/sites.js';
import { applyLocalCloudEnv, createTestTable } from '../../../dev/testing/harness.js';
import { ddb } from '../adapters/dynamodb/client.js';
import { createListingsRepo } from '../adapters/dynamodb/listings-repo.js';
import { type ScraperRepo, createScraperRepo } from '../adapters/dynamodb/scraper-repo.js';
import { parseAllowHosts } from '../adapters/http/allow-hosts.js';
import { PoliteFetcher } from '../adapters/http/polite-fetcher.js';
import { storeListingImage } from '../adapters/images/variants.js';
import type { ListingRecord } from '../domain/listings/types.js';
import { handleScrapeMessage, newRunId } from '../domain/scraper/handle-message.js';
import { type ScrapeDeps, type ScrapeMessage, firstMessages } from '../domain/scraper/run-source.js';
import type { ScraperRunCompleted } from '../events/contracts.js';
import type { ListingUpdated } from '../events/contracts.js';
import { scrapedListingId } from '../domain/scraper/upsert.js';

let fixtures: ScrapeFixtures;
let tableName: string;
let drop: () => Promise<void>;
let repo: ScraperRepo;
let listingWrites = 0;
const events: ScraperRunCompleted[] = [];
const priceEvents: ListingUpdated[] = [];

/** One whole run, as the job and the queue worker do it, with the queue drained in waves. */
async function runScrape(): Promise<string> {
  const now = new Date();
  const runId = newRunId(now);
  const sources = fixtures.sources;
  await repo.startRun({ runId, startedAt: now.toISOString(), sources: sources.map((s) => ({ id: s.id, name: s.name })) });
  // A new fetcher per run, as a new worker would have: robots.txt is read again.
  const fetcher = new PoliteFetcher({
    userAgent: 'TruckYardBot/1.0 (+http://localhost/contact)',
    // Generous for a loaded CI machine; the slow fixture page takes far longer.
    timeoutMs: 1500,
    // Our own loopback fixtures: faster than the production ceiling, so the test takes seconds.
    maxRequestsPerSecond: 50,
    backoff: { maxAttempts: 2, baseDelayMs: 50, maxDelayMs: 200, maxRetryAfterMs: 2000 },
    // The SSRF guard refuses loopback: the fixture sites are named explicitly.
    allowHosts: parseAllowHosts(
      Object.values(fixtures.sites)
        .map((u) => new URL(u).host)
        .join(','),
    ),
  });
  const deps: ScrapeDeps = {
    store: repo,
    fetcher,
    images: { store: (key, bytes) => storeListingImage(key, bytes) },
    ownListings: { activeOwnListings: () => repo.activeOwnListings() },
    events: { runCompleted: async (d) => void events.push(d), listingsUpdated: async (d) => void priceEvents.push(...d) },
    now: () => new Date(),
    timeLeftMs: () => 600_000,
  };
  let wave: ScrapeMessage[] = firstMessages(runId, sources);
  while (wave.length) {
    const next = await Promise.all(wave.map((m) => handleScrapeMessage(deps, sources, m)));
    wave = next.filter((m): m is ScrapeMessage => m !== null);
  }
  return runId;
}

const reportOf = async (runId: string) => {
  const run = (await repo.recentRuns(20)).find((r) => r.id === runId);
  if (!run) throw new Error(`run ${runId} not stored`);
  return { run, source: (id: string) => run.sources.find((s) => s.sourceId === id) ?? expect.fail(`no report for ${id}`) };
};

const idOf = (source: string, ref: string) => scrapedListingId(source, ref);

beforeAll(async () => {
  applyLocalCloudEnv();
  ({ tableName, drop } = await createTestTable('scrape'));
  repo = createScraperRepo({ ddb, tableName, onListingWrite: () => listingWrites++ });
  fixtures = await startScrapeFixtures(0, { slowMs: 5000 });
  // A seller's own listing of the same truck as lorrystock's LS-1002: the scraped copy hides behind it.
  const t = fixtureTruck('LS', 2);
  const own: ListingRecord = {
    id: 'OWN-LS-1002',
    userId: 'seller-1',
    title: `${t.year} ${t.make} ${t.model}`,
    make: normaliseMake(t.make),
    model: t.model,
    year: t.year,
    category: 'curtainsider',
    fuelType: 'diesel',
    transmission: 'manual',
    mileage: t.miles + 800,
    engineSize: null,
    price: t.price - 250,
    vatStatus: null,
    axleConfig: null,
    gvwTonnes: null,
    euroStandard: null,
    cabType: null,
    description: null,
    features: null,
    contactName: 'Sam',
    companyName: null,
    phone: '01632 960000',
    email: null,
    location: t.town,
    postcode: null,
    images: [],
    status: 'active',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  };
  await createListingsRepo({ ddb, tableName }).putListing(own);
}, 60_000);

afterAll(async () => {
  await fixtures?.close();
  await drop?.();
});

describe('the scrape job against the fixture sites', () => {
  let firstRun: string;

  it('completes a run with a faulty source: the others are stored whole and the report names each failure', async () => {
    // Act
    firstRun = await runScrape();

    // Assess
    const { run, source } = await reportOf(firstRun);
    expect(run.status).toBe('completed');
    expect(source('truckhub')).toMatchObject({ status: 'succeeded', pagesFetched: 3, listingsParsed: 12, new: 12 });
    expect(source('truckhub').skippedByRobots).toBeGreaterThanOrEqual(2); // /private/trade-stock and a /private/ photo
    expect(source('lorrystock')).toMatchObject({ status: 'succeeded', pagesFetched: 3, listingsParsed: 9, new: 9 });
    const broken = source('brokenhgv');
    expect(broken.status).toBe('partial');
    expect(broken.new).toBe(4); // page 1's two cards, and two readable cards of the malformed page
    expect(broken.errors.join('\n')).toMatch(/used\?page=2: timed out after 1500 ms/);
    expect(broken.errors.join('\n')).toMatch(/used\?page=4: HTTP 500/);
    expect(broken.errors.join('\n')).toMatch(/used\?page=3: card 2 has no listing id/);

    const stored = await repo.getScrapedMany([
      ...Array.from({ length: 12 }, (_, i) => idOf('truckhub.test', `TH-${1001 + i}`)),
      ...Array.from({ length: 9 }, (_, i) => idOf('lorrystock.test', `LS-${1001 + i}`)),
    ]);
    expect(stored.size).toBe(21);
    const th1 = stored.get(idOf('truckhub.test', 'TH-1001'));
    expect(th1).toMatchObject({
      make: 'Scania',
      model: 'R450 Highline',
      category: 'curtainsider',
      fuelType: 'diesel',
      transmission: 'automatic',
      isActive: true,
    });
    // Photos are our copies (variants under scraped/), never the source's URL; robots-forbidden ones stay empty (placeholder).
    expect(th1?.images?.[0]?.key).toMatch(/^scraped\//);
    expect(stored.get(idOf('truckhub.test', 'TH-1002'))?.images).toEqual([]);
    // The copy of a seller's own truck is hidden behind it.
    expect(stored.get(idOf('lorrystock.test', 'LS-1002'))?.duplicateOf).toBe('OWN-LS-1002');

    // One event for the run, carrying its new listings (never one per listing).
    const mine = events.filter((e) => e.runId === firstRun);
    expect(mine).toHaveLength(1);
    expect(mine[0].newListingIds).toHaveLength(25);
    expect(mine[0].newListingCount).toBe(25);
  }, 60_000);

  it('changes nothing when run again with nothing changed', async () => {
    // Prepare
    const before = listingWrites;

    // Act
    const runId = await runScrape();

    // Assess
    expect(listingWrites - before).toBe(0);
    const { source } = await reportOf(runId);
    for (const id of ['truckhub', 'lorrystock', 'brokenhgv']) {
      expect(source(id)).toMatchObject({ new: 0, updated: 0, reactivated: 0, deactivated: 0 });
    }
    expect(source('lorrystock').pagesNotModified).toBeGreaterThan(0);
  }, 60_000);

  it('makes a listing absent from 3 successful runs inactive, out of browse, and active again when it returns', async () => {
    // Prepare: TH-1004 was on the first run only; run 2 already missed it.
    const id = idOf('truckhub.test', 'TH-1004');
    const listings = createListingsRepo({ ddb, tableName });

    // Act
    const third = await runScrape();
    const stillActive = (await listings.getScraped(id))?.isActive;
    const fourth = await runScrape();

    // Assess
    expect(stillActive).toBe(true);
    expect((await reportOf(third)).source('truckhub').deactivated).toBe(0);
    expect((await reportOf(fourth)).source('truckhub').deactivated).toBe(1);
    expect((await listings.getScraped(id))?.isActive).toBe(false);
    const browse = await listings.loadAllActive();
    expect(browse.scraped.map((r) => r.id)).not.toContain(id);
    // The faulty source never deactivates anything: its runs are not successful.
    expect((await reportOf(fourth)).source('brokenhgv').deactivated).toBe(0);

    // Act: it is back on the site.
    fixtures.control.truckHubGone.clear();
    const fifth = await runScrape();

    // Assess
    expect((await reportOf(fifth)).source('truckhub').reactivated).toBe(1);
    expect((await listings.getScraped(id))?.isActive).toBe(true);
  }, 120_000);
});
