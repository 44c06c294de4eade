import { describe, expect, it } from 'vitest';
import { cardGridPage, fixtureTruck } from '../../../../dev/scrape-fixtures/pages.js';
import type { FetchOutcome, PageCacheEntry, PageFetcher, ScrapeStore } from './ports.js';
import { type ScrapeDeps, runSourceStep } from './run-source.js';
import type { ScraperSource } from './types.js';
import { type ListingUpdated, checkEvent } from '../../events/contracts.js';
import { priceDropOf } from '../../events/alerts-price-drop.js';
import type { ScrapedRecord } from '../listings/types.js';

/** A source site whose pages the fake network serves, page 2 pointing its "next" link wherever the test says. */
function network(pages: Record<string, string>) {
  const requested: string[] = [];
  const fetcher: PageFetcher = {
    async get(url): Promise<FetchOutcome> {
      requested.push(url);
      const body = pages[url];
      if (body === undefined) return { kind: 'error', url, status: 404, reason: 'HTTP 404' };
      return { kind: 'ok', url, status: 200, body: Buffer.from(body), contentType: 'text/html', etag: null, lastModified: null };
    },
    allowed: async () => ({ allowed: true }),
  };
  return { fetcher, requested };
}

function fakeStore(cache: Map<string, PageCacheEntry> = new Map()) {
  const chunks: Array<{ errors: string[] }> = [];
  const store = {
    claimStep: async () => true,
    getPageCache: async (_s: string, url: string) => cache.get(url) ?? null,
    putPageCache: async (_s: string, entry: PageCacheEntry) => void cache.set(entry.url, entry),
    getScrapedMany: async () => new Map(),
    putScraped: async () => undefined,
    recordChunk: async (_r: string, _s: string, chunk: { errors: string[] }) => void chunks.push(chunk),
    sourceProgress: async () => null,
    seenByRecentSuccessfulRuns: async () => [],
    activeOfSource: async () => [],
    finishSource: async () => ({ runComplete: false, newListingIds: [], run: { startedAt: '', finishedAt: '' } }),
  } as unknown as ScrapeStore;
  return { store, chunks };
}

const source: ScraperSource = {
  id: 'dealer',
  name: 'dealer.test',
  startUrls: ['https://stock.dealer.test/trucks?page=1'],
  parser: 'card-grid',
  ratePerSecond: 1,
  enabled: true,
};

function depsWith(fetcher: PageFetcher, store: ScrapeStore): ScrapeDeps {
  return {
    store,
    fetcher,
    images: { store: async () => expect.fail('no photos here') },
    ownListings: { activeOwnListings: async () => [] },
    events: { runCompleted: async () => undefined, listingsUpdated: async () => undefined },
    now: () => new Date('2026-03-02T10:00:00Z'),
    timeLeftMs: () => 900_000,
  };
}

const truck = (n: number) => fixtureTruck('DL', n, null);

describe('next-page links', () => {
  it("are followed on the source's own host and not to another host, which the run report names", async () => {
    const { fetcher, requested } = network({
      'https://stock.dealer.test/trucks?page=1': cardGridPage([truck(1)], '/trucks?page=2'),
      'https://stock.dealer.test/trucks?page=2': cardGridPage([truck(2)], 'https://other.example/trucks?page=3'),
      'https://other.example/trucks?page=3': cardGridPage([truck(3)], null),
    });
    const { store, chunks } = fakeStore();
    const next = await runSourceStep(depsWith(fetcher, store), source, {
      runId: 'run-1',
      sourceId: source.id,
      step: 0,
      frontier: [...source.startUrls],
      visited: [],
    });
    expect(next).toBeNull();
    expect(requested).toEqual(['https://stock.dealer.test/trucks?page=1', 'https://stock.dealer.test/trucks?page=2']);
    expect(chunks[0].errors).toContain('https://other.example/trucks?page=3: next-page link to another host, not followed');
  });

  it('are filtered the same way when they come from the page cache (a 304)', async () => {
    const cache = new Map<string, PageCacheEntry>([
      [
        source.startUrls[0],
        { url: source.startUrls[0], etag: '"a"', lastModified: null, externalIds: ['DL-1001'], nextPageUrls: ['https://other.example/p2'] },
      ],
    ]);
    const requested: string[] = [];
    const fetcher: PageFetcher = {
      async get(url) {
        requested.push(url);
        return { kind: 'not-modified', url };
      },
      allowed: async () => ({ allowed: true }),
    };
    const { store } = fakeStore(cache);
    await runSourceStep(depsWith(fetcher, store), source, {
      runId: 'run-2',
      sourceId: source.id,
      step: 0,
      frontier: [...source.startUrls],
      visited: [],
    });
    expect(requested).toEqual([source.startUrls[0]]);
  });

  it("a source's hosts are those of its start URLs, port included, host name in any case", async () => {
    const run = async (startUrl: string, pages: Record<string, string>) => {
      const { fetcher, requested } = network(pages);
      const { store, chunks } = fakeStore();
      const local = { ...source, startUrls: [startUrl] };
      await runSourceStep(depsWith(fetcher, store), local, {
        runId: 'run-h',
        sourceId: local.id,
        step: 0,
        frontier: [startUrl],
        visited: [],
      });
      return { requested, errors: chunks.flatMap((c) => c.errors) };
    };
    // Another port of the same address is another site.
    const ports = await run('http://127.0.0.1:3405/a', { 'http://127.0.0.1:3405/a': cardGridPage([truck(1)], 'http://127.0.0.1:3406/b') });
    expect(ports.requested).toEqual(['http://127.0.0.1:3405/a']);
    expect(ports.errors).toContain('http://127.0.0.1:3406/b: next-page link to another host, not followed');
    // A host name's case does not make it another host.
    const names = await run('https://Stock.Dealer.test/x', {
      'https://Stock.Dealer.test/x': cardGridPage([truck(1)], 'https://stock.dealer.test/y'),
      'https://stock.dealer.test/y': cardGridPage([truck(2)], null),
    });
    expect(names.requested).toEqual(['https://Stock.Dealer.test/x', 'https://stock.dealer.test/y']);
  });
});

describe('scraped photos and prices across runs', () => {
  const PAGE = 'https://stock.dealer.test/trucks?page=1';
  const PHOTO = 'https://stock.dealer.test/photos/DL-1.jpg';
  // The bytes of a JPEG (its magic number is what the type check reads); the image store is a fake.
  const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);

  /** The fake store keeps what it is given, as the table would; the page answers 304 whenever its etag is sent back. */
  function world() {
    const records = new Map<string, ScrapedRecord>();
    const cache = new Map<string, PageCacheEntry>();
    const priceEvents: ListingUpdated[] = [];
    let photoUp = false;
    let price = 30_000;
    const photoRequests: string[] = [];
    const fetcher: PageFetcher = {
      async get(url, validators): Promise<FetchOutcome> {
        if (url === PHOTO) {
          photoRequests.push(url);
          if (!photoUp) return { kind: 'error', url, status: 503, reason: 'HTTP 503' };
          return { kind: 'ok', url, status: 200, body: JPEG, contentType: 'image/jpeg', etag: null, lastModified: null };
        }
        const truck = { ...fixtureTruck('DL', 1), price };
        const etag = `"p${price}"`;
        if (validators?.etag === etag) return { kind: 'not-modified', url };
        return {
          kind: 'ok',
          url,
          status: 200,
          body: Buffer.from(cardGridPage([truck], null)),
          contentType: 'text/html',
          etag,
          lastModified: null,
        };
      },
      allowed: async () => ({ allowed: true }),
    };
    const store = {
      ...fakeStore(cache).store,
      getScrapedMany: async (ids: string[]) =>
        new Map(ids.flatMap((id) => (records.has(id) ? [[id, records.get(id) as ScrapedRecord]] : []))),
      putScraped: async (r: ScrapedRecord) => void records.set(r.id, r),
    } as unknown as ScrapeStore;
    const deps: ScrapeDeps = {
      ...depsWith(fetcher, store),
      images: { store: async (key) => ({ key, width: 320, height: 240 }) },
      events: { runCompleted: async () => undefined, listingsUpdated: async (d) => void priceEvents.push(...d) },
    };
    let run = 0;
    const scrape = () =>
      runSourceStep(deps, source, { runId: `run-${++run}`, sourceId: source.id, step: 0, frontier: [PAGE], visited: [] });
    return {
      scrape,
      records,
      priceEvents,
      photoRequests,
      photoComesBack: () => {
        photoUp = true;
      },
      cutPrice: (to: number) => {
        price = to;
      },
    };
  }

  it('copies on the next run a photo whose copy failed, though the listing did not change', async () => {
    const w = world();
    await w.scrape();
    expect([...w.records.values()][0].images).toEqual([]);

    w.photoComesBack();
    await w.scrape();

    expect([...w.records.values()][0].images).toHaveLength(1);
    expect(w.photoRequests).toHaveLength(2);
    // Once copied, the page may answer 304 again and nothing is fetched twice.
    await w.scrape();
    expect(w.photoRequests).toHaveLength(2);
  });

  it('publishes a scraped price cut as listing.updated with both prices (its contract holds)', async () => {
    const w = world();
    w.photoComesBack();
    await w.scrape();
    w.cutPrice(27_500);
    await w.scrape();

    const id = [...w.records.keys()][0];
    expect(w.priceEvents).toEqual([
      { listingId: `scraped-${id}`, source: 'scraper', oldPrice: 30_000, newPrice: 27_500, updatedAt: expect.any(String) },
    ]);
    expect(() => checkEvent('listing.updated', w.priceEvents[0])).not.toThrow();
    expect(priceDropOf(w.priceEvents[0])).toEqual({ listingId: `scraped-${id}`, oldPrice: 30_000, newPrice: 27_500 });
  });
});
