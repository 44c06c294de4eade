import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listingsToDeactivate } from './deactivation.js';
import { OwnListingMatcher } from './duplicates.js';
import type { ParsedListing } from './types.js';
import { decideUpsert, photosToCopy, scrapedImageKey } from './upsert.js';

const parsed = (over: Partial<ParsedListing> = {}): ParsedListing => ({
  externalId: 'X-1',
  sourceUrl: 'https://a.test/x-1',
  make: 'DAF',
  model: 'XF 480',
  year: 2019,
  mileage: 300_000,
  price: 30_000,
  location: 'Leeds',
  dealerName: 'Dealer',
  dealerContact: '0113 000 0000',
  category: 'articulated',
  fuelType: 'diesel',
  transmission: 'manual',
  description: null,
  registration: null,
  imageUrls: ['https://a.test/p/1.jpg'],
  ...over,
});

const T1 = new Date('2026-11-01T00:00:00.000Z');
const T2 = new Date('2026-11-02T00:00:00.000Z');

describe('decideUpsert', () => {
  it('creates a new listing with first-seen and scraped_at now, and asks for its photos', () => {
    const d = decideUpsert({ existing: null, parsed: parsed(), sourceName: 'a.test', now: T1, duplicateOf: null });
    expect(d).toMatchObject({
      action: 'new',
      copyImages: true,
      record: { firstSeenAt: T1.toISOString(), scrapedAt: T1.toISOString(), isActive: true, hiddenByStaff: false },
    });
  });

  it('writes nothing for an unchanged listing whose photos were copied', () => {
    const first = decideUpsert({ existing: null, parsed: parsed(), sourceName: 'a.test', now: T1, duplicateOf: null }).record;
    const copied = first && { ...first, images: [{ key: scrapedImageKey(first.id, 'https://a.test/p/1.jpg'), width: 320, height: 240 }] };
    const d = decideUpsert({ existing: copied, parsed: parsed(), sourceName: 'a.test', now: T2, duplicateOf: null });
    expect(d).toEqual({ action: 'unchanged', record: null, copyImages: false });
  });

  it('asks again for a photo whose copy failed on an earlier run, though the content did not change', () => {
    const first = decideUpsert({ existing: null, parsed: parsed(), sourceName: 'a.test', now: T1, duplicateOf: null }).record;
    // The first run's copy failed: the record holds no image for the source's one photo.
    const d = decideUpsert({ existing: first, parsed: parsed(), sourceName: 'a.test', now: T2, duplicateOf: null });
    expect(d).toMatchObject({
      action: 'unchanged',
      copyImages: true,
      record: { scrapedAt: T1.toISOString(), updatedAt: T2.toISOString() },
    });
    expect(first && photosToCopy(first, ['https://a.test/p/1.jpg'])).toEqual(['https://a.test/p/1.jpg']);
  });

  it('does not ask again for a photo robots.txt refused', () => {
    const first = decideUpsert({ existing: null, parsed: parsed(), sourceName: 'a.test', now: T1, duplicateOf: null }).record;
    const refused = first && { ...first, imagesRefused: ['https://a.test/p/1.jpg'] };
    const d = decideUpsert({ existing: refused, parsed: parsed(), sourceName: 'a.test', now: T2, duplicateOf: null });
    expect(d).toEqual({ action: 'unchanged', record: null, copyImages: false });
  });

  it('reports a price change with both prices, and none when the price stayed', () => {
    const first = decideUpsert({ existing: null, parsed: parsed(), sourceName: 'a.test', now: T1, duplicateOf: null }).record;
    const cut = decideUpsert({ existing: first, parsed: parsed({ price: 27_500 }), sourceName: 'a.test', now: T2, duplicateOf: null });
    expect(cut.priceChange).toEqual({ oldPrice: 30_000, newPrice: 27_500 });
    const other = decideUpsert({ existing: first, parsed: parsed({ mileage: 310_000 }), sourceName: 'a.test', now: T2, duplicateOf: null });
    expect(other.priceChange).toBeUndefined();
    // Issue 26 §4: the change is kept on the record with its date; a change of anything else adds none.
    expect(cut.record?.priceChanges).toEqual([{ at: T2.toISOString(), from: 30_000, to: 27_500 }]);
    expect(other.record?.priceChanges).toEqual([]);
  });

  it('keeps first-seen, moves scraped_at when the content changed, and keeps the photos when their URLs did not', () => {
    const first = decideUpsert({ existing: null, parsed: parsed(), sourceName: 'a.test', now: T1, duplicateOf: null }).record;
    const withImages = first && {
      ...first,
      images: [{ key: scrapedImageKey(first.id, 'https://a.test/p/1.jpg'), width: 320, height: 240 }],
    };
    const d = decideUpsert({ existing: withImages, parsed: parsed({ price: 28_000 }), sourceName: 'a.test', now: T2, duplicateOf: null });
    expect(d).toMatchObject({
      action: 'updated',
      copyImages: false,
      record: { firstSeenAt: T1.toISOString(), scrapedAt: T2.toISOString(), price: 28_000 },
    });
    expect(d.record?.images).toHaveLength(1);
  });

  it('makes an inactive listing active again without moving scraped_at, and never clears hiddenByStaff', () => {
    const first = decideUpsert({ existing: null, parsed: parsed(), sourceName: 'a.test', now: T1, duplicateOf: null }).record;
    const gone = first && { ...first, isActive: false, hiddenByStaff: true };
    const d = decideUpsert({ existing: gone, parsed: parsed(), sourceName: 'a.test', now: T2, duplicateOf: null });
    expect(d).toMatchObject({ action: 'reactivated', record: { isActive: true, hiddenByStaff: true, scrapedAt: T1.toISOString() } });
  });

  it('hashes equal content equally and any changed field differently', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500_000 }), (price) => {
        // The hash the record stores, which later runs compare to tell 'updated' from 'unchanged'.
        const contentHash = (p: ParsedListing) =>
          decideUpsert({ existing: null, parsed: p, sourceName: 'a.test', now: T1, duplicateOf: null }).record?.contentHash;
        expect(contentHash(parsed({ price }))).toBe(contentHash(parsed({ price })));
        expect(contentHash(parsed({ price }))).not.toBe(contentHash(parsed({ price: price + 1 })));
      }),
    );
  });
});

describe('deactivation after 3 successful runs without the listing', () => {
  it('needs three successful runs and deactivates only what none of them saw', () => {
    const seen = (...ids: string[]) => new Set(ids);
    expect(listingsToDeactivate(['a', 'b'], [seen('a'), seen('a')])).toEqual([]);
    expect(listingsToDeactivate(['a', 'b', 'c'], [seen('a'), seen('a'), seen('a', 'c')])).toEqual(['b']);
  });
});

describe("a seller's own listing hides the scraped copy", () => {
  const own = { id: 'L1', make: 'daf', model: 'XF 480', year: 2019, price: 30_500, mileage: 301_000, registration: null };

  it('matches the same make, model and year with a close price and mileage', () => {
    const matcher = new OwnListingMatcher([own]);
    expect(matcher.match(parsed())).toBe('L1');
    expect(matcher.match(parsed({ price: 40_000 }))).toBeNull();
    expect(matcher.match(parsed({ year: 2018 }))).toBeNull();
    expect(new OwnListingMatcher([own]).match(parsed({ make: 'D.A.F'.replace(/\./g, '') }))).toBe('L1');
  });

  it('matches on the registration when both know it, whatever else differs', () => {
    const reg = { ...own, registration: 'YX19 ABC', model: 'Something else', price: 1 };
    expect(new OwnListingMatcher([reg]).match(parsed({ registration: 'YX19ABC' }))).toBe('L1');
    // A different registration is another truck, even with the same make, model, year, price and mileage.
    expect(new OwnListingMatcher([{ ...own, registration: 'YX19 ABC' }]).match(parsed({ registration: 'AB12CDE' }))).toBeNull();
  });
});
