import { describe, expect, it } from 'vitest';
import { type ListingSearchQuery, listingSearchQuerySchema } from '../../../../shared/schemas/listing.js';
import { precisionAt10, relevanceCases, relevanceCorpus, staticSearchService } from './relevance-set.test-support.js';

const cases = relevanceCases();
const corpus = relevanceCorpus();
const service = staticSearchService(corpus);
service.loadRecords(corpus, Date.now());
const q = (text: string, more: Record<string, string> = {}): ListingSearchQuery => listingSearchQuerySchema.parse({ q: text, ...more });

describe('keyword search relevance (issue 9 §1)', () => {
  it('has at least 40 buyer queries, each expecting something', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    for (const c of cases) expect(c.expected.size, c.query).toBeGreaterThan(0);
  });

  it.each(cases)('puts what a buyer expects for "$query" on the first page, ranked first', async ({ query, expected }) => {
    const r = await service.search(q(query), 'anonymous');
    const ids = r.items.map((l) => l.id);
    // The first results are all expected ones: all of them when they fit on the first page.
    const top = ids.slice(0, Math.min(expected.size, ids.length));
    expect(top.filter((id) => !expected.has(id))).toEqual([]);
    expect(top.length).toBe(Math.min(expected.size, r.pageSize));
  });

  it('reaches precision@10 of at least 0.9 over the set', async () => {
    let sum = 0;
    for (const c of cases)
      sum += precisionAt10(
        (await service.search(q(c.query), 'anonymous')).items.map((l) => l.id),
        c.expected,
      );
    expect(sum / cases.length).toBeGreaterThanOrEqual(0.9);
  });

  it('ranks by match with words and keeps the other sorts and the newest-first default', async () => {
    const byPrice = await service.search(q('tipper', { sort: 'price-low' }), 'anonymous');
    const prices = byPrice.items.map((l) => l.price).filter((p) => p > 0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const newest = await service.search(q('tipper', { sort: 'newest' }), 'anonymous');
    const dates = newest.items.map((l) => l.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const browse = await service.search(listingSearchQuerySchema.parse({}), 'anonymous');
    expect(browse.items.map((l) => l.createdAt)).toEqual(
      browse.items
        .map((l) => l.createdAt)
        .sort()
        .reverse(),
    );
  });

  it('offers "did you mean" when words find nothing, and suggestions as the buyer types', async () => {
    const none = await service.search(q('skaniaa'), 'anonymous');
    expect(none.total).toBe(0);
    expect(none.didYouMean).toBe('scania');
    expect((await service.suggest('vol'))[0]).toMatchObject({ kind: 'make', text: 'Volvo' });
    expect((await service.suggest('tip')).some((s) => s.kind === 'category' && s.text === 'Tipper')).toBe(true);
    expect((await service.suggest('glas')).some((s) => s.kind === 'place' && s.text === 'Hillington')).toBe(false);
  });

  it('matches a specific make, fuel or gearbox only on listings known to have it (issue 9 §2)', async () => {
    const volvoElectric = await service.search(listingSearchQuerySchema.parse({ make: 'volvo', fuel: 'electric' }), 'anonymous');
    expect(volvoElectric.items.map((l) => l.title)).toEqual(['2021 Volvo FL Electric']);
    const manual = await service.search(listingSearchQuerySchema.parse({ transmission: 'manual', pageSize: '100' }), 'anonymous');
    expect(manual.items.every((l) => l.transmission === 'manual')).toBe(true);
  });

  it('answers a page past the end with the last page', async () => {
    const r = await service.search(listingSearchQuerySchema.parse({ page: '99' }), 'anonymous');
    expect(r.page).toBe(r.totalPages);
    expect(r.items.length).toBeGreaterThan(0);
  });
});
