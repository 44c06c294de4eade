import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, runDeployData, startTestApi } from '../../../../dev/testing/harness.js';
import type { Listing, ListingSearchResult } from '../../../../shared/schemas/listing.js';
import { listingRecord } from '../../domain/listings/test-fixtures.js';

/**
 * Issue 13: the fair-price rating comes from the stored model, server-side — on the detail page
 * (GET /api/listings/{id}) and in search results (band on each card, ?rating=, sort=rating), with
 * the clean-air filter (?cleanAir=) beside it. Its own table, so its model is its own.
 */
let api: TestApi;

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${api.baseUrl}${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}
const ids = (r: ListingSearchResult) => r.items.map((l) => l.id);

// 24 similar DAF XF trucks around £40,000; one far cheaper (GREAT), one far dearer (HIGH), one POA.
const market = Array.from({ length: 24 }, (_, i) =>
  listingRecord(`M${String(i).padStart(2, '0')}`, {
    make: 'daf',
    model: 'XF 480',
    title: `2020 DAF XF 480 M${i}`,
    year: 2019 + (i % 3),
    mileage: 400_000 + (i % 5) * 10_000,
    price: 38_000 + (i % 6) * 800,
    gvwTonnes: 44,
    euroStandard: i % 2 ? 'euro6' : 'euro5',
    createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  }),
);

beforeAll(async () => {
  // No event consumers: the model is built once, below, as the job would.
  api = await startTestApi({ tablePrefix: 'pricing-int', subscriptions: [] });
  const { listingsRepo } = await import('../../deps.js');
  const { priceModelBuildDeps } = await import('../../pricing-deps.js');
  const { buildPriceModel } = await import('../../domain/pricing/price-model-build.js');
  await listingsRepo(api.tableName).putListingsBatch([
    ...market,
    listingRecord('GREAT', {
      make: 'daf',
      model: 'XF 480',
      year: 2020,
      mileage: 420_000,
      price: 29_000,
      euroStandard: 'euro6',
      gvwTonnes: 44,
    }),
    listingRecord('HIGH', {
      make: 'daf',
      model: 'XF 480',
      year: 2020,
      mileage: 420_000,
      price: 60_000,
      euroStandard: 'euro6',
      gvwTonnes: 44,
    }),
    listingRecord('POA', { make: 'daf', model: 'XF 480', year: 2020, mileage: 420_000, price: 0, euroStandard: 'euro5', gvwTonnes: 44 }),
  ]);
  await buildPriceModel(priceModelBuildDeps(api.tableName));
  // Written with past change times: the snapshot search starts from is built after them.
  await runDeployData();
});

afterAll(async () => {
  await api?.close();
});

describe('fair-price rating in the API', () => {
  it('attaches the band, typical range and explanation to the listing page; none for POA', async () => {
    // Act
    const great = await get<Listing>('/api/listings/GREAT');
    const poa = await get<Listing>('/api/listings/POA');
    // Assess
    expect(great.priceRating?.band).toBe('great');
    expect(great.priceRating?.explanation).toMatch(/^£[\d,]+ below the typical price of \d+ similar trucks \(2019–2021 DAF XF, /);
    expect(great.priceRating?.comparables).toBeGreaterThanOrEqual(5);
    expect(great.priceRating && great.priceRating.typicalLow <= great.priceRating.typicalHigh).toBe(true);
    expect(poa.priceRating).toBeNull();
  });

  it('puts the band on search cards, filters by "Great price" and sorts by rating', async () => {
    // Act
    const all = await get<ListingSearchResult>('/api/listings?pageSize=100');
    const great = await get<ListingSearchResult>('/api/listings?rating=great&pageSize=100');
    const byRating = await get<ListingSearchResult>('/api/listings?sort=rating&pageSize=100');
    // Assess
    expect(all.items.find((l) => l.id === 'GREAT')?.priceBand).toBe('great');
    expect(all.items.find((l) => l.id === 'HIGH')?.priceBand).toBe('high');
    expect(all.items.find((l) => l.id === 'POA')?.priceBand).toBeNull();
    expect(ids(great)).toEqual(['GREAT']);
    expect(ids(byRating)[0]).toBe('GREAT');
    expect(ids(byRating).at(-1)).toBe('POA');
  });

  it('filters "no clean-air charges in London" to the trucks known to enter free', async () => {
    const free = await get<ListingSearchResult>('/api/listings?cleanAir=london&pageSize=100');
    expect(free.total).toBe(14);
    expect(free.items.every((l) => l.euroStandard === 'euro6')).toBe(true);
    const both = await get<ListingSearchResult>('/api/listings?cleanAir=london&rating=great&pageSize=100');
    expect(ids(both)).toEqual(['GREAT']);
  });
});
