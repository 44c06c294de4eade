import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { SORT_VALUES } from '../../../../shared/constants.js';
import type { Listing, ListingSearchQuery, ListingSearchResult } from '../../../../shared/schemas/listing.js';
import { CATEGORY_VALUES, FUEL_VALUES, MAKE_VALUES, TRANSMISSION_VALUES } from '../../../../shared/values.js';
import type { ListingStatus } from '../../../../shared/listing-options.js';
import { CLEAN_AIR_ZONE_IDS } from '../../../../shared/compliance/compliance.js';
import { DomainError } from '../errors.js';
import { searchDocOf } from './search-doc.js';
import { ANONYMOUS } from '../caller.js';
import { maskForCaller } from '../listings/mask.js';
import { countLeftOut } from './left-out.js';
import { type ListingRater, SearchIndex, type SearchViewer, anonymousItemsJson } from './search-index.js';
import { decodeSnapshot, encodeSnapshot } from './snapshot.js';
import { referenceSearch } from './search-reference.test-support.js';
import { smallestKeys } from './smallest-keys.js';

// countLeftOut as it is, watched: a test checks that wide ranges take that path.
vi.mock('./left-out.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./left-out.js')>();
  return { ...original, countLeftOut: vi.fn(original.countLeftOut) };
});

/**
 * Stand-ins for the fair-price model (the index only needs a rank and a ratio per card): a known
 * price and year rate by price bands; a second "model" rates by year instead, as a rebuilt model
 * would move bands.
 */
const RATER_A: ListingRater = {
  version: 'a',
  rate: (l) =>
    l.price > 0 && l.year != null
      ? { rank: l.price < 10_000 ? 0 : l.price < 20_000 ? 1 : l.price < 50_000 ? 2 : 3, ratio: l.price / 30_000 }
      : null,
};
const RATER_B: ListingRater = {
  version: 'b',
  rate: (l) =>
    l.price > 0 && l.year != null && l.year >= 2005
      ? { rank: (l.year - 2005) % 4, ratio: ((l.year - 2005) % 4) / 4 + l.price / 1e7 }
      : null,
};

// ---- arbitraries: small pools, so ties, misses and unknowns are common ----------------------

const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 4 });
const LOCATIONS = ['Leeds', 'Manchester', 'Bradford, West Yorkshire', 'Atlantis', 'York', 'Cardiff', 'Wakefield'];
const POSTCODES = ['LS11 5AB', 'M1 1AA', 'BD1 2CD', 'ZZ9 9ZZ', 'CF10 1AA'];
const TITLES = [
  '2019 Volvo FH 500',
  'Scania R450 Highline',
  'DAF XF 480',
  'Used Truck',
  'Iveco Daily 7.2t',
  'MAN TGX north',
  'DAF XF-480 Tipper',
];
const MODELS = ['FH', 'R450', 'XF 480', 'Curtain sider'];
const DESCRIPTIONS = ['Tail lift, tipper body.', 'Scania dealer serviced', 'Curtainsider with 18 tonne GVW', 'Fridge unit'];
const SELLERS = ['North Haulage Ltd', 'Jo Bloggs', 'Leeds Truck Centre', 'Volvo Direct'];
const CREATED = ['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.500Z', '2026-02-01T12:00:00.000Z'];

/**
 * When listings' prices were last cut: recent, long ago, and every hour around the start of the
 * 14-UK-day window (13 days back, less the hours since midnight), so its boundary is crossed.
 */
const NOW = Date.now();
const CUT_TIMES = [
  NOW - 3_600_000,
  NOW - 40 * 86_400_000,
  ...Array.from({ length: 26 }, (_, h) => NOW - 13 * 86_400_000 - h * 3_600_000),
].map((ms) => new Date(ms).toISOString());

const listingArb = (id: string): fc.Arbitrary<Listing> =>
  fc
    .record({
      source: fc.constantFrom<'user' | 'scraped'>('user', 'scraped'),
      title: fc.constantFrom(...TITLES),
      make: nullable(fc.constantFrom(...MAKE_VALUES)),
      year: nullable(fc.integer({ min: 1998, max: 2026 })),
      category: nullable(fc.constantFrom(...CATEGORY_VALUES)),
      fuelType: nullable(fc.constantFrom(...FUEL_VALUES)),
      transmission: nullable(fc.constantFrom(...TRANSMISSION_VALUES)),
      mileage: nullable(fc.constantFrom(0, 50_000, 120_000, 400_000, 900_000)),
      price: fc.constantFrom(0, 0, 5000, 15_000, 15_000, 42_000, 120_000),
      companyName: nullable(fc.constantFrom(...SELLERS)),
      contactName: nullable(fc.constantFrom(...SELLERS)),
      location: nullable(fc.constantFrom(...LOCATIONS)),
      postcode: fc.option(fc.constantFrom(...POSTCODES), { nil: null, freq: 2 }),
      status: fc.constantFrom<ListingStatus>('active', 'active', 'active', 'inactive', 'sold'),
      createdAt: fc.constantFrom(...CREATED),
      model: nullable(fc.constantFrom(...MODELS)),
      description: nullable(fc.constantFrom(...DESCRIPTIONS)),
      euroStandard: nullable(fc.constantFrom('euro3', 'euro4', 'euro5', 'euro6') as fc.Arbitrary<Listing['euroStandard']>),
      gvwTonnes: nullable(fc.constantFrom(3.5, 7.5, 18, 44)),
      mileageConsistent: fc.boolean(),
      lastPriceCut: nullable(fc.constantFrom(...CUT_TIMES).map((at) => ({ at, from: 50_000, to: 48_000 }))),
      owner: fc.constantFrom('u1', 'u2', 'u3'),
    })
    .map(({ owner, ...p }) => ({
      ...p,
      id,
      userId: p.source === 'user' ? owner : null,
      engineSize: null,
      vatStatus: null,
      axleConfig: null,
      cabType: null,
      features: null,
      phone: null,
      email: null,
      images: [],
      updatedAt: p.createdAt,
      sourceWebsite: null,
      sourceUrl: null,
    }));

const listingsArb = fc
  .uniqueArray(fc.stringMatching(/^[a-f0-9]{4}$/), { minLength: 10, maxLength: 80 })
  .chain((ids) => fc.tuple(...ids.map((id) => listingArb(id))));

/** A parsed query with nothing set but what is given. */
const queryOf = (p: Partial<ListingSearchQuery & { ownerId?: string }>): ListingSearchQuery & { ownerId?: string } => ({
  q: undefined,
  mileageConsistent: false,
  reduced: false,
  category: undefined,
  make: undefined,
  fuel: [],
  transmission: [],
  cleanAir: [],
  location: undefined,
  radius: undefined,
  priceMin: undefined,
  priceMax: undefined,
  yearMin: undefined,
  yearMax: undefined,
  mileageMin: undefined,
  mileageMax: undefined,
  sort: 'relevance',
  page: 1,
  pageSize: 24,
  ...p,
});

/** Mostly absent, so that the random queries still match something. */
const sometimes = <T>(arb: fc.Arbitrary<T>, weight = 1) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, { arbitrary: arb, weight }) as fc.Arbitrary<T | undefined>;

const range = (pool: number[]) =>
  fc
    .tuple(sometimes(fc.constantFrom(...pool)), sometimes(fc.constantFrom(...pool)))
    .map(([a, b]) => (a !== undefined && b !== undefined && a > b ? [b, a] : [a, b]) as [number | undefined, number | undefined]);

const queryArb: fc.Arbitrary<ListingSearchQuery & { ownerId?: string }> = fc
  .record({
    q: sometimes(
      fc.constantFrom(
        'volvo',
        'leeds',
        'haulage',
        'north leeds',
        'FH',
        'jo',
        'x',
        'tippers',
        'scannia',
        'xf480',
        'XF-480',
        'curtain sider',
        'tail',
        'merc',
        'artic fridge',
        '18t',
        // What the text rules are about: a weight written apart, a possessive, a hyphenated make, noise and stop words.
        '7.2 tonne',
        "tipper's",
        'Mercedes-Benz',
        'used trucks for sale in bradford',
      ),
    ),
    category: sometimes(fc.constantFrom(...CATEGORY_VALUES)),
    make: sometimes(fc.constantFrom(...MAKE_VALUES)),
    fuel: fc.oneof({ arbitrary: fc.constant([] as never[]), weight: 6 }, fc.subarray([...FUEL_VALUES], { minLength: 1, maxLength: 3 })),
    transmission: fc.oneof(
      { arbitrary: fc.constant([] as never[]), weight: 6 },
      fc.subarray([...TRANSMISSION_VALUES], { minLength: 1, maxLength: 2 }),
    ),
    location: sometimes(fc.constantFrom('Leeds', 'M1', 'LS11 5AB', 'shire', 'york', 'Atlantis', 'cardiff'), 3),
    radius: sometimes(fc.constantFrom(10, 25, 50, 200), 2),
    price: range([0, 5000, 15_000, 42_000, 200_000]),
    year: range([2000, 2010, 2019, 2024]),
    mileage: range([0, 50_000, 400_000, 1_000_000]),
    sort: fc.constantFrom(...SORT_VALUES),
    rating: sometimes(fc.constantFrom('great' as const, 'good' as const, 'fair' as const), 3),
    cleanAir: fc.oneof(
      { arbitrary: fc.constant([] as string[]), weight: 6 },
      fc.subarray(['london', 'birmingham', 'glasgow', ...CLEAN_AIR_ZONE_IDS.slice(0, 2)], { minLength: 1, maxLength: 2 }),
    ),
    // Issue 27's "Mileage consistent" filter (a column of the index and the snapshot).
    mileageConsistent: fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, fc.constant(true)),
    // Issue 26's "Recently reduced" filter (a column of the index and the snapshot).
    reduced: fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, fc.constant(true)),
    // Issue 26's dealer filter (the owner column of the index and the snapshot); 'u9' has no listings.
    ownerId: sometimes(fc.constantFrom('u1', 'u2', 'u9'), 2),
    page: fc.integer({ min: 1, max: 40 }),
    pageSize: fc.integer({ min: 1, max: 12 }),
  })
  .map(({ price, year, mileage, ...q }) =>
    queryOf({
      ...q,
      priceMin: price[0],
      priceMax: price[1],
      yearMin: year[0],
      yearMax: year[1],
      mileageMin: mileage[0],
      mileageMax: mileage[1],
    }),
  );

const viewerArb = fc.constantFrom<SearchViewer>('anonymous', 'user');

function outcome(run: () => ListingSearchResult) {
  try {
    const { didYouMean: _, ...r } = run();
    return { ...r, items: r.items.map((l) => ({ id: l.id, distanceMiles: l.distanceMiles })) };
  } catch (err) {
    return { error: err instanceof DomainError ? 'distance without place' : String(err) };
  }
}

const docs = (listings: Listing[]) => listings.map((l) => searchDocOf(l, 0));

/** An index of these listings as a new search environment gets it: built, written as a snapshot, loaded from it. */
function fromSnapshotOf(listings: Listing[]): SearchIndex {
  const built = new SearchIndex();
  built.upsertMany(docs(listings));
  const index = new SearchIndex();
  index.importImage(
    decodeSnapshot(
      encodeSnapshot(
        0,
        built.exportImage(() => 0),
      ),
    ).image,
  );
  return index;
}

describe('SearchIndex', () => {
  it('returns exactly what filtering, sorting and slicing every listing returns', () => {
    fc.assert(
      fc.property(listingsArb, queryArb, queryArb, viewerArb, (listings, query, before, viewer) => {
        const index = new SearchIndex();
        index.setRater(RATER_A);
        index.upsertMany(docs(listings));
        // A query before it: what one query leaves in the scratch buffers must not leak into the next.
        outcome(() => index.search(before, viewer));
        const expected = outcome(() => referenceSearch(listings, query, viewer, listings, RATER_A));
        const actual = outcome(() => index.search(query, viewer));
        if ('error' in expected) expect(actual).toEqual({ error: 'distance without place' });
        else expect(actual).toEqual(expected);
        if (viewer === 'anonymous' && !('error' in expected)) {
          // The items' JSON kept for anonymous answers is the masked items' serialisation.
          const result = index.search(query, viewer);
          expect(anonymousItemsJson(result)).toEqual(result.items.map((l) => JSON.stringify(maskForCaller(l, ANONYMOUS))));
        }
      }),
      { numRuns: 400 },
    );
  }, 60_000);

  it('counts from the listings that wide price, year and mileage ranges leave out exactly as the reference does', () => {
    // Wide ranges leave few listings out, so the index counts those (countLeftOut) instead of scanning.
    const leftOut = vi.mocked(countLeftOut);
    leftOut.mockClear();
    const wideQueryArb = fc
      .record({
        category: sometimes(fc.constantFrom(...CATEGORY_VALUES)),
        fuel: fc.oneof({ arbitrary: fc.constant([] as never[]), weight: 4 }, fc.subarray([...FUEL_VALUES], { minLength: 1, maxLength: 2 })),
        priceMin: sometimes(fc.constantFrom(0, 1000, 5000), 3),
        priceMax: sometimes(fc.constantFrom(100_000, 1_000_000), 3),
        yearMin: sometimes(fc.constantFrom(1990, 2000), 3),
        yearMax: sometimes(fc.constantFrom(2025, 2030), 3),
        mileageMin: sometimes(fc.constantFrom(0, 10_000), 3),
        mileageMax: sometimes(fc.constantFrom(400_000, 900_000, 2_000_000), 3),
        sort: fc.constantFrom('relevance', 'newest', 'price-low', 'price-high', 'year-new', 'year-old', 'mileage-low', 'mileage-high'),
        page: fc.integer({ min: 1, max: 6 }),
        pageSize: fc.integer({ min: 1, max: 12 }),
      })
      .map((q) => queryOf(q as Partial<ListingSearchQuery>));
    fc.assert(
      fc.property(listingsArb, wideQueryArb, viewerArb, (generated, query, viewer) => {
        // Few POA, and one listing in eight out of range on price, year and mileage at once.
        const listings = generated.map((l, i) =>
          i % 8 === 3
            ? { ...l, price: 5_000_000, year: 1980, mileage: 3_000_000 }
            : { ...l, price: l.price || (i % 9 === 0 ? 0 : 15_000), year: l.year ?? (i % 7 === 0 ? null : 2015) },
        );
        const index = new SearchIndex();
        index.upsertMany(docs(listings));
        const expected = outcome(() => referenceSearch(listings, query, viewer, listings, null));
        expect(outcome(() => index.search(query, viewer))).toEqual(expected);
      }),
      { numRuns: 400 },
    );
    expect(leftOut.mock.results.filter((r) => r.value === true).length).toBeGreaterThan(50);
  }, 60_000);

  it('sorts by distance from a postcode or town like the reference, listings without a location last', () => {
    const nearQueryArb = fc
      .tuple(queryArb, fc.constantFrom('Leeds', 'M1', 'LS11 5AB', 'cardiff', 'BD1'), fc.constantFrom(10, 50, 200, 1000))
      .map(([q, location, radius]) => ({ ...q, sort: 'distance' as const, location, radius }));
    fc.assert(
      fc.property(listingsArb, nearQueryArb, viewerArb, (listings, query, viewer) => {
        const index = new SearchIndex();
        index.upsertMany(docs(listings));
        expect(outcome(() => index.search(query, viewer))).toEqual(outcome(() => referenceSearch(listings, query, viewer)));
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('stays equal to the reference after changes patch its sorted orders in place, and drops what it kept for earlier queries', () => {
    fc.assert(
      fc.property(listingsArb, listingsArb, fc.array(fc.nat()), queryArb, viewerArb, (first, second, removals, query, viewer) => {
        const index = new SearchIndex();
        index.setRater(RATER_A);
        index.upsertMany(docs(first));
        index.warm();
        // The same query before the changes: the combinations with listings, the place's distance
        // tables and the facet tables it leaves kept must not answer for the changed listings.
        outcome(() => index.search(query, viewer));
        // Second batch: same ids as some of the first get new values, the rest are new.
        const renamed = second.map((l, i) => (i % 2 === 0 && first[i] ? { ...l, id: first[i].id } : { ...l, id: `n${l.id}` }));
        index.upsertMany(docs(renamed));
        const byId = new Map([...first, ...renamed].map((l) => [l.id, l]));
        const removedIds = removals.map((n) => [...byId.keys()][n % Math.max(1, byId.size)]).filter(Boolean);
        index.removeMany(removedIds);
        for (const id of removedIds) byId.delete(id);
        // A rebuilt price model: every listing is re-rated, bands, filter and sort alike.
        index.setRater(RATER_B);
        const expected = outcome(() => referenceSearch([...byId.values()], query, viewer, [...first, ...renamed], RATER_B));
        const actual = outcome(() => index.search(query, viewer));
        if ('error' in expected) expect(actual).toEqual({ error: 'distance without place' });
        else expect(actual).toEqual(expected);
        expect(index.size).toBe([...byId.values()].filter((l) => l.status === 'active').length);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it("rates listings loaded from a snapshot and puts each result card's band on it", () => {
    fc.assert(
      fc.property(listingsArb, queryArb, viewerArb, (listings, query, viewer) => {
        const index = fromSnapshotOf(listings);
        index.setRater(RATER_A);
        const actual = outcome(() => index.search(query, viewer));
        const expected = outcome(() => referenceSearch(listings, query, viewer, listings, RATER_A));
        if ('error' in expected) expect(actual).toEqual({ error: 'distance without place' });
        else expect(actual).toEqual(expected);
        if (!('error' in actual)) {
          const bands = ['great', 'good', 'fair', 'high'];
          for (const item of index.search(query, viewer).items) {
            const r = RATER_A.rate(listings.find((l) => l.id === item.id) as Listing);
            expect(item.priceBand).toBe(r ? bands[r.rank] : null);
          }
        }
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('filters listings loaded from a snapshot by clean-air zone without a model, and rates none', () => {
    // The no-charge zones travel in the snapshot; without a model no listing has a band.
    const parse = vi.spyOn(JSON, 'parse');
    try {
      fc.assert(
        fc.property(listingsArb, queryArb, viewerArb, (listings, query, viewer) => {
          const index = fromSnapshotOf(listings);
          parse.mockClear();
          const actual = outcome(() => index.search({ ...query, page: 1, pageSize: 1 }, viewer));
          // No card is parsed to filter, count or sort them (only the page's one card, to show it).
          expect(parse.mock.calls.length).toBeLessThanOrEqual(1);
          const expected = outcome(() => referenceSearch(listings, { ...query, page: 1, pageSize: 1 }, viewer, listings, null));
          if ('error' in expected) expect(actual).toEqual({ error: 'distance without place' });
          else expect(actual).toEqual(expected);
        }),
        { numRuns: 100 },
      );
    } finally {
      parse.mockRestore();
    }
  }, 60_000);

  it('does not let anonymous visitors find listings by the masked seller name', () => {
    const [l] = fc.sample(listingArb('a1'), 1);
    const index = new SearchIndex();
    index.upsertMany(docs([{ ...l, status: 'active', title: 'DAF XF', location: null, companyName: 'Acme Haulage', contactName: 'Jo' }]));
    const q = queryOf({ q: 'acme' });
    expect(index.search(q, 'anonymous').total).toBe(0);
    expect(index.search(q, 'user').total).toBe(1);
  });

  it('rejects a distance sort without a place it can find', () => {
    const index = new SearchIndex();
    const q = queryOf({ location: 'Atlantis', sort: 'distance' });
    expect(() => index.search(q, 'anonymous')).toThrow('sort=distance needs a postcode or town location');
  });

  it('lists the newest listings first for latest()', () => {
    const index = new SearchIndex();
    const base = fc.sample(listingArb('x'), 1)[0];
    index.upsertMany(
      docs([
        { ...base, id: 'a', status: 'active', createdAt: '2026-01-01T00:00:00.000Z' },
        { ...base, id: 'b', status: 'active', createdAt: '2026-03-01T00:00:00.000Z' },
        { ...base, id: 'c', status: 'pending', createdAt: '2026-04-01T00:00:00.000Z' },
      ]),
    );
    expect(index.latest(6).map((l) => l.id)).toEqual(['b', 'a']);
  });
});

describe('smallestKeys', () => {
  it('returns the k smallest keys in order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e9 })), fc.nat({ max: 50 }), (keys, k) => {
        const expected = [...keys].sort((a, b) => a - b).slice(0, k);
        expect([...smallestKeys(Float64Array.from(keys), k)]).toEqual(expected);
      }),
    );
  });
});
