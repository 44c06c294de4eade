import { describe, expect, it } from 'vitest';
import { MASK } from '../../../../shared/constants.js';
import { listingSearchQuerySchema } from '../../../../shared/schemas/listing.js';
import { listingRecord } from '../listings/test-fixtures.js';
import type { ListingRecord } from '../listings/types.js';
import { dealerFirstScreenSlug, firstScreenResult, firstScreensOf } from './first-screens.js';
import { anonymousItemsJson } from './search-index.js';
import { SearchService } from './search-service.js';

const PENNINE = { slug: 'pennine-trucks', userId: 'dealer-pennine' };
const ACME = { slug: 'acme-haulage', userId: 'dealer-acme' };

async function indexOf(records: ListingRecord[]) {
  const feed = {
    loadAllActive: async () => ({ listings: records, scraped: [] }),
    changesSince: async () => ({ listings: [], scraped: [], removedIds: [] }),
  };
  const service = new SearchService(feed, { imagesBaseUrl: '/images', refreshMs: 0, maxStaleMs: 0 });
  await service.reloadFromTable();
  return { service, index: await service.currentIndex() };
}

const query = (params: Record<string, string>) => listingSearchQuerySchema.parse(params);

describe('first screens: storefronts', () => {
  it("stores each storefront's first page exactly as the search function answers its default stock query, masked", async () => {
    // Prepare
    const { service, index } = await indexOf([
      listingRecord('P1', { userId: PENNINE.userId, contactName: 'Pat Pennine', updatedAt: '2026-01-02T00:00:00.000Z' }),
      listingRecord('P2', { userId: PENNINE.userId, contactName: 'Pat Pennine', updatedAt: '2026-01-03T00:00:00.000Z' }),
      listingRecord('A1', { userId: ACME.userId }),
    ]);

    // Act
    const { screens, changedDealers } = firstScreensOf(index, 1, [PENNINE, ACME], null);

    // Assess
    const pennine = changedDealers.find((d) => d.slug === PENNINE.slug);
    const searched = await service.search({ ...query({ dealer: PENNINE.slug }), ownerId: PENNINE.userId }, 'anonymous');
    expect(pennine?.result.items.map((l) => l.id).sort()).toEqual(['P1', 'P2']);
    // The search function's anonymous body: its items are the index's masked card texts.
    const sentItems = (anonymousItemsJson(searched) ?? []).map((text) => JSON.parse(text) as unknown);
    expect(JSON.parse(JSON.stringify(pennine?.result))).toEqual(JSON.parse(JSON.stringify({ ...searched, items: sentItems })));
    expect(pennine?.result.items.every((l) => l.userId === null && l.contactName === MASK.contactName)).toBe(true);
    expect(Object.keys(screens.dealers).sort()).toEqual([ACME.slug, PENNINE.slug]);
  });

  it('gives a storefront without stock an empty first page', async () => {
    const { index } = await indexOf([listingRecord('A1', { userId: ACME.userId })]);
    const { changedDealers } = firstScreensOf(index, 1, [PENNINE], null);
    expect(changedDealers).toHaveLength(1);
    expect(changedDealers[0].result).toMatchObject({ items: [], total: 0, totalPages: 0, page: 1 });
  });

  it('lists as changed only the storefronts whose first page differs from the previous file', async () => {
    const before = await indexOf([listingRecord('P1', { userId: PENNINE.userId }), listingRecord('A1', { userId: ACME.userId })]);
    const previous = firstScreensOf(before.index, 1, [PENNINE, ACME], null).screens;
    const after = await indexOf([
      listingRecord('P1', { userId: PENNINE.userId }),
      listingRecord('A1', { userId: ACME.userId, price: 12_345, version: 2 }),
    ]);

    const { screens, changedDealers } = firstScreensOf(after.index, 2, [PENNINE, ACME], previous);

    expect(changedDealers.map((d) => d.slug)).toEqual([ACME.slug]);
    expect(screens.dealers[PENNINE.slug]).toBe(previous.dealers[PENNINE.slug]);
    expect(screens.dealers[ACME.slug]).not.toBe(previous.dealers[ACME.slug]);
  });

  it('answers only the default stock query of a storefront the file lists', async () => {
    const { index } = await indexOf([listingRecord('P1', { userId: PENNINE.userId })]);
    const { screens } = firstScreensOf(index, 1, [PENNINE], null);

    expect(dealerFirstScreenSlug(screens, query({ dealer: PENNINE.slug }))).toBe(PENNINE.slug);
    // As the browser sends it for an unfiltered storefront URL (web: toApiQuery).
    expect(dealerFirstScreenSlug(screens, query({ dealer: PENNINE.slug, page: '1', pageSize: '24' }))).toBe(PENNINE.slug);
    const filters: Record<string, string>[] = [
      { make: 'volvo' },
      { q: 'volvo' },
      { sort: 'price-low' },
      { page: '2' },
      { pageSize: '12' },
      { category: 'tipper' },
      { reduced: 'true' },
      { location: 'LS11', radius: '50' },
    ];
    for (const filtered of filters)
      expect(dealerFirstScreenSlug(screens, query({ dealer: PENNINE.slug, ...filtered })), JSON.stringify(filtered)).toBeUndefined();
    expect(dealerFirstScreenSlug(screens, query({ dealer: 'no-such-dealer' }))).toBeUndefined();
    expect(dealerFirstScreenSlug(screens, query({}))).toBeUndefined();
    // Nor does a category's first page answer a storefront's query.
    expect(firstScreenResult(screens, query({ category: 'articulated', dealer: PENNINE.slug }))).toBeUndefined();
  });
});
