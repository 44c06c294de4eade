import { describe, expect, it } from 'vitest';
import type { ListingRecord } from '../listings/types.js';
import type { DealerFirstScreen, FirstScreens, FirstScreensStore } from './first-screens.js';
import { type FeedChanges, SearchService } from './search-service.js';
import { createSnapshotBuilder } from './snapshot-builder.js';

const record = (id: string, title: string, version = 1): ListingRecord =>
  ({
    id,
    userId: 'u1',
    title,
    make: 'daf',
    model: 'XF',
    year: 2019,
    category: 'articulated',
    fuelType: 'diesel',
    transmission: 'automatic',
    mileage: 1,
    engineSize: null,
    price: 1000,
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
    location: null,
    postcode: null,
    images: [],
    status: 'active',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version,
  }) as ListingRecord;

function setup() {
  let now = 1_000_000;
  const table: ListingRecord[] = [record('a', 'Alpha')];
  let changes: FeedChanges = { listings: [], scraped: [], removedIds: [] };
  const feed = {
    loadAllActive: async () => ({ listings: [...table], scraped: [] }),
    changesSince: async () => changes,
  };
  const written: Uint8Array[] = [];
  const store = { read: async () => written.at(-1) ?? null, write: async (b: Uint8Array) => void written.push(b) };
  const service = new SearchService(feed, { imagesBaseUrl: '/images', refreshMs: 0, maxStaleMs: 0, now: () => now });
  const sleeps: number[] = [];
  const builder = createSnapshotBuilder({
    service,
    store,
    minIntervalMs: 60_000,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  });
  const reader = async () => {
    const s = new SearchService(feed, { imagesBaseUrl: '/images', refreshMs: 1e9, now: () => now, snapshots: store });
    await s.fresh();
    return s.latest(10);
  };
  return {
    builder,
    written,
    sleeps,
    reader,
    advance: (ms: number) => (now += ms),
    setChanges: (c: FeedChanges) => (changes = c),
  };
}

describe('search snapshot builder', () => {
  it('writes a snapshot of the whole table that a new search environment serves without reading the table', async () => {
    const { builder, written, reader } = setup();
    await builder.full();
    expect(written).toHaveLength(1);
    expect((await reader()).map((l) => l.title)).toEqual(['Alpha']);
  });

  it('catches up with a change at most a minute after the last write, and writes once for changes that wait together', async () => {
    const { builder, written, sleeps, reader, advance, setChanges } = setup();
    await builder.full();
    advance(10_000);
    setChanges({ listings: [record('a', 'Alpha renamed', 2)], scraped: [], removedIds: [] });
    const [first, second] = await Promise.all([builder.changed(1_010_000), builder.changed(1_010_000)]);
    expect([first, second]).toEqual(['written', 'written']);
    expect(sleeps).toEqual([50_000]);
    expect(written).toHaveLength(2);
    expect((await reader()).map((l) => l.title)).toEqual(['Alpha renamed']);
    // A change the last snapshot already holds writes nothing.
    expect(await builder.changed(1_000_500)).toBe('covered');
    expect(written).toHaveLength(2);
  });
});

/** The first screens' files in memory, as JSON, as S3 keeps them; `dealerWrites` counts each storefront object's writes. */
function memoryFirstScreens() {
  let main: string | null = null;
  const dealers = new Map<string, string>();
  const dealerWrites: string[] = [];
  const store: FirstScreensStore = {
    read: async () => (main ? (JSON.parse(main) as FirstScreens) : null),
    write: async (screens) => {
      main = JSON.stringify(screens);
    },
    readDealer: async (slug) => {
      const text = dealers.get(slug);
      return text ? (JSON.parse(text) as DealerFirstScreen) : null;
    },
    writeDealer: async (screen) => {
      dealerWrites.push(screen.slug);
      dealers.set(screen.slug, JSON.stringify(screen));
    },
  };
  return { store, dealerWrites };
}

describe('search snapshot builder: storefronts in the first screens', () => {
  const PENNINE = { slug: 'pennine', userId: 'u-pennine' };
  const ACME = { slug: 'acme', userId: 'u-acme' };

  function storefrontSetup() {
    let now = 1_000_000;
    const table = [
      { ...record('p1', 'Pennine one'), userId: PENNINE.userId },
      { ...record('a1', 'Acme one'), userId: ACME.userId },
    ];
    let changes: FeedChanges = { listings: [], scraped: [], removedIds: [] };
    const feed = { loadAllActive: async () => ({ listings: [...table], scraped: [] }), changesSince: async () => changes };
    const written: Uint8Array[] = [];
    const store = { read: async () => written.at(-1) ?? null, write: async (b: Uint8Array) => void written.push(b) };
    const service = new SearchService(feed, { imagesBaseUrl: '/images', refreshMs: 0, maxStaleMs: 0, now: () => now });
    const files = memoryFirstScreens();
    let visible = [PENNINE, ACME];
    const builder = createSnapshotBuilder({
      service,
      store,
      firstScreens: files.store,
      storefronts: async () => visible,
      minIntervalMs: 0,
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
    });
    return {
      builder,
      files,
      change: (c: FeedChanges) => {
        changes = c;
        now += 1_000;
        return now;
      },
      setVisible: (v: typeof visible) => (visible = v),
    };
  }

  it("writes each visible storefront's first page, then rewrites only those that changed", async () => {
    // Prepare
    const { builder, files, change } = storefrontSetup();
    await builder.full();
    expect(files.dealerWrites.sort()).toEqual(['acme', 'pennine']);
    expect((await files.store.readDealer('pennine'))?.result.items.map((l) => l.title)).toEqual(['Pennine one']);

    // Act: a change to Acme's stock only.
    const at = change({ listings: [{ ...record('a1', 'Acme renamed', 2), userId: ACME.userId }], scraped: [], removedIds: [] });
    await builder.changed(at);

    // Assess
    expect(files.dealerWrites.sort()).toEqual(['acme', 'acme', 'pennine']);
    expect((await files.store.readDealer('acme'))?.result.items.map((l) => l.title)).toEqual(['Acme renamed']);
    const main = await files.store.read();
    expect(Object.keys(main?.dealers ?? {}).sort()).toEqual(['acme', 'pennine']);
  });

  it('writes an empty first page for a storefront whose last truck is sold, not the stale one', async () => {
    const { builder, files, change } = storefrontSetup();
    await builder.full();

    const at = change({
      listings: [{ ...record('p1', 'Pennine one', 2), userId: PENNINE.userId, status: 'sold' }],
      scraped: [],
      removedIds: [],
    });
    await builder.changed(at);

    expect(files.dealerWrites.filter((s) => s === 'pennine')).toHaveLength(2);
    expect((await files.store.readDealer('pennine'))?.result).toMatchObject({ items: [], total: 0 });
    expect((await files.store.readDealer('acme'))?.result.total).toBe(1);
  });

  it('drops a storefront no longer visible from the list, and a full build rewrites every object', async () => {
    const { builder, files, change, setVisible } = storefrontSetup();
    await builder.full();
    setVisible([ACME]);

    await builder.changed(change({ listings: [], scraped: [], removedIds: [] }));
    expect(Object.keys((await files.store.read())?.dealers ?? {})).toEqual(['acme']);
    expect(files.dealerWrites).toHaveLength(2);

    await builder.full();
    expect(files.dealerWrites.sort()).toEqual(['acme', 'acme', 'pennine']);
  });
});
