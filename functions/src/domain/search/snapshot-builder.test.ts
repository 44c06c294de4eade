import { describe, expect, it } from 'vitest';
import type { ListingRecord } from '../listings/types.js';
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
