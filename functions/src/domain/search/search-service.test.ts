import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ListingSearchQuery } from '../../../../shared/schemas/listing.js';
import type { ListingRecord, ScrapedRecord } from '../listings/types.js';
import { type FeedChanges, type SearchFeed, SearchService, SearchSnapshotUnavailable, type SnapshotProblem } from './search-service.js';
import { decodeSnapshot } from './snapshot.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const MAX_SNAPSHOT_AGE_MS = 6 * 24 * 3600 * 1000;

const record = (id: string, over: Partial<ListingRecord> = {}): ListingRecord =>
  ({
    id,
    userId: 'u1',
    title: `Truck ${id}`,
    make: 'volvo',
    model: 'FH',
    year: 2019,
    category: 'articulated',
    fuelType: 'diesel',
    transmission: 'automatic',
    mileage: 100_000,
    engineSize: null,
    price: 30_000,
    vatStatus: null,
    axleConfig: null,
    gvwTonnes: null,
    euroStandard: null,
    cabType: null,
    description: null,
    features: null,
    contactName: 'Sam',
    companyName: null,
    phone: '0113 496 0000',
    email: null,
    location: 'Leeds',
    postcode: null,
    images: [],
    status: 'active',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  }) as ListingRecord;

const scraped = (id: string, over: Partial<ScrapedRecord> = {}): ScrapedRecord => ({
  id,
  externalId: id,
  sourceWebsite: 'site.example',
  sourceUrl: null,
  make: 'DAF',
  model: 'XF',
  year: 2018,
  mileage: null,
  price: null,
  location: null,
  dealerName: null,
  dealerContact: null,
  category: null,
  fuelType: null,
  transmission: null,
  description: null,
  scrapedAt: '2026-01-03T00:00:00.000Z',
  isActive: true,
  updatedAt: '2026-01-03T00:00:00.000Z',
  ...over,
});

const query = { fuel: [], transmission: [], sort: 'relevance', page: 1, pageSize: 24 } as unknown as ListingSearchQuery;

class FakeFeed implements SearchFeed {
  initial: { listings: ListingRecord[]; scraped: ScrapedRecord[] } = { listings: [], scraped: [] };
  next: FeedChanges = { listings: [], scraped: [], removedIds: [] };
  cursors: string[] = [];
  loads = 0;
  async loadAllActive() {
    this.loads++;
    return this.initial;
  }
  async changesSince(cursor: string) {
    this.cursors.push(cursor);
    return this.next;
  }
}

function setup() {
  let now = Date.parse('2026-02-01T00:00:00.000Z');
  const feed = new FakeFeed();
  const service = new SearchService(feed, { imagesBaseUrl: '/images', refreshMs: 1000, maxStaleMs: 1000, overlapMs: 5000, now: () => now });
  return { feed, service, advance: (ms: number) => (now += ms) };
}

describe('SearchService', () => {
  it('loads active listings and scraped listings once per cold start', async () => {
    const { feed, service } = setup();
    feed.initial = { listings: [record('a')], scraped: [scraped('s1')] };
    const [r1] = await Promise.all([service.search(query, 'anonymous'), service.search(query, 'user')]);
    expect(r1.items.map((l) => l.id)).toEqual(['scraped-s1', 'a']);
    expect(feed.loads).toBe(1);
  });

  it('does not ask for changes again within the refresh interval', async () => {
    const { feed, service, advance } = setup();
    await service.search(query, 'anonymous');
    advance(500);
    await service.search(query, 'anonymous');
    expect(feed.cursors).toHaveLength(0);
    advance(600);
    await service.search(query, 'anonymous');
    expect(feed.cursors).toEqual(['2026-01-31T23:59:55.000Z']);
  });

  it('applies new, changed, deactivated and deleted listings from the change feed', async () => {
    const { feed, service, advance } = setup();
    feed.initial = { listings: [record('a'), record('b'), record('c')], scraped: [scraped('s1')] };
    await service.search(query, 'anonymous');
    feed.next = {
      listings: [
        record('d', { createdAt: '2026-01-05T00:00:00.000Z', updatedAt: '2026-02-01T00:00:01.000Z' }),
        record('a', { title: 'Renamed', updatedAt: '2026-02-01T00:00:01.000Z', version: 1 }),
        record('b', { status: 'inactive', updatedAt: '2026-02-01T00:00:01.000Z', version: 1 }),
      ],
      scraped: [scraped('s1', { isActive: false, updatedAt: '2026-02-01T00:00:01.000Z', version: 1 })],
      removedIds: ['c'],
    };
    advance(1500);
    const result = await service.search(query, 'anonymous');
    expect(result.items.map((l) => [l.id, l.title])).toEqual([
      ['d', 'Truck d'],
      ['a', 'Renamed'],
    ]);
  });

  it('answers a query asked again from its result cache until the index changes', async () => {
    const { feed, service, advance } = setup();
    feed.initial = { listings: [record('a')], scraped: [] };
    // Asked once, a query's result is not kept; asked again, it is.
    const once = await service.search(query, 'anonymous');
    const first = await service.search(query, 'anonymous');
    expect(first).not.toBe(once);
    expect(first).toEqual(once);
    expect(await service.search(query, 'anonymous')).toBe(first);
    // The viewer is part of the key: signed-in searches also match contact names.
    await service.search(query, 'user');
    const user = await service.search(query, 'user');
    expect(user).not.toBe(first);
    expect(await service.search(query, 'user')).toBe(user);
    advance(1500);
    expect(await service.search(query, 'anonymous')).toBe(first);
    feed.next = {
      listings: [record('b', { createdAt: '2026-01-02T00:00:00.000Z', updatedAt: '2026-02-01T00:00:02.000Z' })],
      scraped: [],
      removedIds: [],
    };
    advance(1500);
    // After a change, a query that was kept is kept again from its next answer.
    const after = await service.search(query, 'anonymous');
    expect(after).not.toBe(first);
    expect(after.items.map((l) => l.id)).toEqual(['b', 'a']);
    expect(await service.search(query, 'anonymous')).toBe(after);
  });

  it('keeps repeated queries cached while many queries asked once pass through', async () => {
    const { feed, service } = setup();
    feed.initial = { listings: [record('a')], scraped: [] };
    await service.search(query, 'anonymous');
    const kept = await service.search(query, 'anonymous');
    // More one-off queries than the cache holds: none is kept, so none pushes the repeated one out.
    for (let i = 0; i < 600; i++) await service.search({ ...query, mileageMax: 2_000_000 + i }, 'anonymous');
    expect(await service.search(query, 'anonymous')).toBe(kept);
  });

  it('ignores a stale copy of a listing re-read through the overlap', async () => {
    const { feed, service, advance } = setup();
    feed.initial = { listings: [record('a', { title: 'New', version: 3 })], scraped: [] };
    await service.search(query, 'anonymous');
    feed.next = { listings: [record('a', { title: 'Old', version: 2 })], scraped: [], removedIds: [] };
    advance(2000);
    expect((await service.search(query, 'anonymous')).items[0].title).toBe('New');
  });

  it('applies a rewrite by its table version even when the writer clock said an older or equal updatedAt', async () => {
    const { feed, service, advance } = setup();
    feed.initial = {
      listings: [record('a', { title: 'First', updatedAt: '2026-01-20T00:00:00.000Z', version: 1 })],
      scraped: [scraped('s1', { model: 'XF', updatedAt: '2026-01-20T00:00:00.000Z', version: 1 })],
    };
    await service.search(query, 'anonymous');
    feed.next = {
      listings: [record('a', { title: 'Second', updatedAt: '2026-01-10T00:00:00.000Z', version: 2 })],
      scraped: [scraped('s1', { model: 'CF', updatedAt: '2026-01-20T00:00:00.000Z', version: 2 })],
      removedIds: [],
    };
    advance(2000);
    const titles = (await service.search(query, 'anonymous')).items.map((l) => l.title);
    expect(titles).toEqual(['2018 DAF CF', 'Second']);
  });

  it('retries the load after a failed cold start', async () => {
    const { feed, service } = setup();
    let fail = true;
    feed.loadAllActive = async () => {
      if (fail) throw new Error('table unavailable');
      return { listings: [record('a')], scraped: [] };
    };
    await expect(service.search(query, 'anonymous')).rejects.toThrow('table unavailable');
    fail = false;
    expect((await service.search(query, 'anonymous')).total).toBe(1);
  });
});

describe('SearchService snapshots', () => {
  it('serves a snapshot without reading the table, then follows the change feed from just before it', async () => {
    const { feed } = setup();
    const source = setup().service;
    source.loadRecords(
      { listings: [record('a', { description: 'Tail lift, sheet roller', version: 4 })], scraped: [scraped('s1')] },
      Date.parse('2026-01-31T00:00:00.000Z'),
    );
    const bytes = source.snapshot();
    const stored: Uint8Array[] = [];
    const fresh = new SearchService(feed, {
      imagesBaseUrl: '/images',
      refreshMs: 1000,
      maxStaleMs: 1000,
      overlapMs: 5000,
      now: () => Date.parse('2026-01-31T00:00:01.500Z'),
      snapshots: { read: async () => bytes, write: async (b) => void stored.push(b) },
    });
    feed.next = {
      listings: [record('b', { createdAt: '2026-01-02T00:00:00.000Z' }), record('a', { title: 'Stale', version: 4 })],
      scraped: [],
      removedIds: [],
    };
    const r = await fresh.search({ ...query, q: 'tail lift' }, 'anonymous');
    expect(feed.loads).toBe(0);
    expect(r.items.map((l) => [l.id, l.title])).toEqual([['a', 'Truck a']]);
    expect((await fresh.search(query, 'anonymous')).items.map((l) => l.id)).toEqual(['scraped-s1', 'b', 'a']);
    expect(feed.cursors).toEqual(['2026-01-30T23:59:55.000Z']);
  });

  it('loads from the table when the snapshot cannot be read (another format, or damaged), and says so', async () => {
    const { feed } = setup();
    feed.initial = { listings: [record('a')], scraped: [] };
    const source = setup().service;
    source.loadRecords({ listings: [record('b')], scraped: [] }, Date.parse('2026-01-31T00:00:00.000Z'));
    const good = source.snapshot();
    // A snapshot of another format: the same bytes with the header's format number changed.
    const raw = gunzipSync(good);
    const headerLength = raw.readUInt32LE(0);
    const header = JSON.parse(raw.toString('utf8', 4, 4 + headerLength)) as { format: number };
    const otherFormat = Buffer.from(raw);
    otherFormat.write(JSON.stringify({ ...header, format: header.format - 1 }).padEnd(headerLength), 4, 'utf8');
    for (const bytes of [gzipSync(otherFormat), Uint8Array.from([1, 2, 3, 4])]) {
      const reported: unknown[] = [];
      feed.loads = 0;
      const service = new SearchService(feed, {
        imagesBaseUrl: '/images',
        refreshMs: 60_000,
        now: () => Date.parse('2026-01-31T00:00:01.000Z'),
        snapshots: { read: async () => bytes, write: async () => undefined },
        onSyncError: (err) => reported.push(err),
      });
      const r = await service.search(query, 'anonymous');
      expect(r.items.map((l) => l.id)).toEqual(['a']);
      expect(feed.loads).toBe(1);
      expect(reported).toHaveLength(1);
    }
    expect(String((await captureFormatError(gzipSync(otherFormat))) ?? '')).toMatch(/search snapshot format \d+, expected \d+/);
  });

  it('follows the change feed from just before a primed load', async () => {
    const { feed, service } = setup();
    service.loadRecords({ listings: [record('a')], scraped: [] }, Date.parse('2026-01-31T00:00:00.000Z'));
    feed.next = { listings: [record('b', { createdAt: '2026-01-02T00:00:00.000Z' })], scraped: [], removedIds: [] };
    const r = await service.search(query, 'anonymous');
    expect(feed.loads).toBe(0);
    expect(feed.cursors).toEqual(['2026-01-30T23:59:55.000Z']);
    expect(r.items.map((l) => l.id)).toEqual(['b', 'a']);
  });
});

describe('SearchService that requires a snapshot (the search function)', () => {
  const asOf = Date.parse('2026-01-31T00:00:00.000Z');
  const snapshotOf = (asOfMs: number) => {
    const source = setup().service;
    source.loadRecords({ listings: [record('a')], scraped: [] }, asOfMs);
    return source.snapshot();
  };
  /** A service over `read`, at `nowMs`, whose feed would answer (slowly, in AWS) if it were asked. */
  const requiring = (read: () => Promise<Uint8Array | null>, nowMs: number, clock = { now: nowMs }) => {
    const { feed } = setup();
    feed.initial = { listings: [record('from-table')], scraped: [] };
    const reported: SearchSnapshotUnavailable[] = [];
    let reads = 0;
    const service = new SearchService(feed, {
      imagesBaseUrl: '/images',
      refreshMs: 60_000,
      now: () => clock.now,
      snapshots: {
        read: () => {
          reads++;
          return read();
        },
        write: async () => undefined,
      },
      requireSnapshot: { onUnavailable: (p) => reported.push(p), retryAfterMs: 30_000 },
    });
    return { service, feed, reported, reads: () => reads, clock };
  };
  const problemOf = async (service: SearchService): Promise<SnapshotProblem | 'none'> => {
    try {
      await service.search(query, 'anonymous');
      return 'none';
    } catch (err) {
      expect(err).toBeInstanceOf(SearchSnapshotUnavailable);
      expect((err as SearchSnapshotUnavailable).statusCode).toBe(503);
      return (err as SearchSnapshotUnavailable).problem;
    }
  };

  it('answers from a snapshot within the age limit, without reading the table', async () => {
    const bytes = snapshotOf(asOf);
    const { service, feed, reported } = requiring(async () => bytes, asOf + MAX_SNAPSHOT_AGE_MS);
    expect(await problemOf(service)).toBe('none');
    expect(feed.loads).toBe(0);
    expect(reported).toEqual([]);
  });

  it('fails fast with a 503 when there is no snapshot, and reports it once per load attempt', async () => {
    const { service, feed, reported } = requiring(async () => null, asOf);
    expect(await problemOf(service)).toBe('missing');
    expect(feed.loads).toBe(0);
    expect(reported.map((p) => p.problem)).toEqual(['missing']);
  });

  it('fails fast when the snapshot cannot be read or decoded', async () => {
    const damaged = requiring(async () => Uint8Array.from([1, 2, 3, 4]), asOf);
    expect(await problemOf(damaged.service)).toBe('unreadable');
    const s3Down = requiring(async () => {
      throw Object.assign(new Error('Access Denied'), { name: 'AccessDenied' });
    }, asOf);
    expect(await problemOf(s3Down.service)).toBe('unreadable');
    expect(s3Down.reported[0].detail).toBe('Access Denied');
    expect(damaged.feed.loads + s3Down.feed.loads).toBe(0);
  });

  it('fails fast when the snapshot is older than its limit (deleted listings could come back)', async () => {
    const bytes = snapshotOf(asOf);
    const { service, feed, reported } = requiring(async () => bytes, asOf + MAX_SNAPSHOT_AGE_MS + 1);
    expect(await problemOf(service)).toBe('stale');
    expect(feed.loads).toBe(0);
    expect(reported[0].detail).toContain('2026-01-31T00:00:00.000Z');
  });

  it('does not ask S3 again within the retry window, then loads the snapshot once one is written', async () => {
    let bytes: Uint8Array | null = null;
    const { service, reads, reported, clock } = requiring(async () => bytes, asOf);
    expect(await problemOf(service)).toBe('missing');
    expect(await problemOf(service)).toBe('missing');
    expect(reads()).toBe(1);
    expect(reported).toHaveLength(1);
    bytes = snapshotOf(asOf);
    clock.now = asOf + 30_000;
    expect(await problemOf(service)).toBe('none');
    expect(reads()).toBe(2);
  });
});

describe('SearchService freshness', () => {
  it('serves the current index while a sync runs, but waits once the index is older than maxStaleMs', async () => {
    let now = 0;
    const feed = new FakeFeed();
    let release: () => void = () => undefined;
    feed.changesSince = async (cursor: string) => {
      feed.cursors.push(cursor);
      await new Promise<void>((r) => {
        release = r;
      });
      return {
        listings: [record('b', { createdAt: '2026-01-02T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z' })],
        scraped: [],
        removedIds: [],
      };
    };
    feed.initial = { listings: [record('a')], scraped: [] };
    const service = new SearchService(feed, { imagesBaseUrl: '/images', refreshMs: 1000, maxStaleMs: 2000, now: () => now });
    await service.search(query, 'anonymous');
    now = 1500;
    // Starts the sync, answers at once from the current index.
    expect((await service.search(query, 'anonymous')).total).toBe(1);
    expect(feed.cursors).toHaveLength(1);
    now = 2500;
    const waiting = service.search(query, 'anonymous');
    release();
    expect((await waiting).total).toBe(2);
    expect(feed.cursors).toHaveLength(1);
  });
});

describe('SearchService and the fair-price model', () => {
  it('rates results by the current model and re-rates when a rebuilt model replaces it', async () => {
    // Prepare: "model 1" calls every priced truck a great price; "model 2" a high one.
    const feed = new FakeFeed();
    feed.initial = { listings: [record('a'), record('b', { price: 0 })], scraped: [] };
    let rater = { version: 'm1', rate: (l: { price: number }) => (l.price > 0 ? { rank: 0, ratio: 0.8 } : null) };
    const service = new SearchService(feed, { imagesBaseUrl: '/images', refreshMs: 60_000, priceRater: async () => rater });
    const great = { ...query, rating: 'great' } as ListingSearchQuery;
    // Act
    const before = await service.search(great, 'anonymous');
    const all = await service.search(query, 'anonymous');
    rater = { version: 'm2', rate: (l) => (l.price > 0 ? { rank: 3, ratio: 1.3 } : null) };
    const after = await service.search(great, 'anonymous');
    const allAfter = await service.search(query, 'anonymous');
    // Assess
    expect(before.items.map((l) => l.id)).toEqual(['a']);
    expect(all.items.map((l) => [l.id, l.priceBand])).toEqual([
      ['a', 'great'],
      ['b', null],
    ]);
    expect(after.total).toBe(0);
    expect(allAfter.items.map((l) => l.priceBand)).toEqual(['high', null]);
  });
});

async function captureFormatError(bytes: Uint8Array): Promise<unknown> {
  try {
    decodeSnapshot(bytes);
    return null;
  } catch (err) {
    return err;
  }
}
