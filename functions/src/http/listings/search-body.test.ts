import { describe, expect, it } from 'vitest';
import { type Listing, type ListingSearchResult, listingSearchQuerySchema } from '../../../../shared/schemas/listing.js';
import { ANONYMOUS } from '../../domain/caller.js';
import { maskForCaller } from '../../domain/listings/mask.js';
import { searchDocOf } from '../../domain/search/search-doc.js';
import { SearchIndex, anonymousItemsJson } from '../../domain/search/search-index.js';
import { relevanceCorpus, staticSearchService } from '../../domain/search/relevance-set.test-support.js';
import { asciiJson } from '../../domain/search/ascii-json.js';
import { searchResultJson } from './search-body.js';

/** The masked items serialised with the rest of the result, as the signed-in path writes them. */
const serialised = (result: ListingSearchResult) =>
  JSON.stringify({ ...result, items: result.items.map((l) => maskForCaller(l, ANONYMOUS)) });
/** That text with characters outside ASCII escaped: what an anonymous answer's body must be. */
const reference = (result: ListingSearchResult) => asciiJson(serialised(result));

const QUERIES = [
  '',
  'sort=price-low',
  'q=volvo&sort=relevance',
  'location=Leeds&radius=200&sort=distance',
  'location=LS11 5AB&radius=50&pageSize=3&page=2',
  'category=tipper&make=daf&fuel=diesel',
  'priceMin=5000&priceMax=60000&mileageMax=500000&sort=year-new',
  'q=scannia',
  'page=400&pageSize=5',
  'location=shire',
];

describe('searchResultJson', () => {
  it('writes exactly the ASCII text of serialising the masked items, which parses back to the same answer', async () => {
    // Prepare
    const corpus = relevanceCorpus();
    const service = staticSearchService(corpus);
    service.loadRecords(corpus, Date.now());
    // From a snapshot too: there the cards' text is the snapshot's bytes.
    const fromSnapshot = staticSearchService(corpus);
    fromSnapshot.loadSnapshot(service.snapshot());
    let sawNonAscii = 0;
    for (const svc of [service, fromSnapshot]) {
      for (const qs of QUERIES) {
        const query = listingSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
        // Twice: the second answer comes from the result cache.
        for (let round = 0; round < 2; round++) {
          // Act
          const result = await svc.search(query, 'anonymous');
          const itemsJson = anonymousItemsJson(result);
          // Assess
          expect(itemsJson, qs).toBeDefined();
          const body = searchResultJson(result, itemsJson ?? []);
          expect(body, qs).toBe(reference(result));
          expect(body, qs).not.toMatch(/[\u0080-\uffff]/);
          expect(JSON.parse(body)).toEqual(JSON.parse(serialised(result)));
          if (/[\u0080-\uffff]/.test(serialised(result))) sawNonAscii++;
        }
      }
    }
    // The corpus's descriptions carry characters outside ASCII, so the escaping was exercised.
    expect(sawNonAscii).toBeGreaterThan(0);
  });

  it('keeps no texts for signed-in viewers, whose masking depends on who asks', async () => {
    const corpus = relevanceCorpus();
    const service = staticSearchService(corpus);
    service.loadRecords(corpus, Date.now());
    const result = await service.search(listingSearchQuerySchema.parse({}), 'user');
    expect(result.items.length).toBeGreaterThan(0);
    expect(anonymousItemsJson(result)).toBeUndefined();
  });

  it('falls back to serialising the item when masking would add a key the card lacks', async () => {
    // Prepare: a card without `userId` and `email`, which masking adds after priceBand.
    const corpus = relevanceCorpus();
    const service = staticSearchService(corpus);
    service.loadRecords(corpus, Date.now());
    const { userId: _u, email: _e, ...withoutKeys } = (await service.fresh()).all()[0];
    const index = new SearchIndex();
    index.upsertMany([searchDocOf(withoutKeys as Listing, 1)]);
    // Act
    const result = index.search(listingSearchQuerySchema.parse({}), 'anonymous');
    // Assess
    expect(result.items).toHaveLength(1);
    expect(searchResultJson(result, anonymousItemsJson(result) ?? [])).toBe(reference(result));
  });

  it('falls back to JSON.stringify when items is not the first key', () => {
    const result = { total: 0, items: [], page: 1, pageSize: 24, totalPages: 0 } as unknown as ListingSearchResult;
    expect(searchResultJson(result, [])).toBe(JSON.stringify(result));
  });
});
