import { describe, expect, it } from 'vitest';
import { cardGridPage, fixtureTruck } from '../../../../dev/scrape-fixtures/sites.js';
import type { FetchOutcome, PageCacheEntry, PageFetcher, ScrapeStore } from './ports.js';
import { type ScrapeDeps, runSourceStep, sourceHosts } from './run-source.js';
import type { ScraperSource } from './types.js';

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
    events: { runCompleted: async () => undefined },
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

  it("a source's hosts are those of its start URLs, port included", () => {
    expect([...sourceHosts({ startUrls: ['http://127.0.0.1:3405/a', 'http://127.0.0.1:3405/b', 'https://Stock.Dealer.test/x'] })]).toEqual([
      '127.0.0.1:3405',
      'stock.dealer.test',
    ]);
  });
});
