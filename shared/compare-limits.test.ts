import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPARE_MAX, compareIdsOf } from './compare-limits.js';
import { compareQuerySchema } from './schemas/compare.js';

describe('compareIdsOf: the /compare URL read in the browser, without zod', () => {
  it('trims, drops what cannot be a listing id, keeps each id once in order, and at most COMPARE_MAX', () => {
    expect(compareIdsOf(null)).toEqual([]);
    expect(compareIdsOf('')).toEqual([]);
    expect(compareIdsOf(' a , ,b')).toEqual(['a', 'b']);
    expect(compareIdsOf('a,<script>,scraped-12,a')).toEqual(['a', 'scraped-12']);
    expect(compareIdsOf(`${'x'.repeat(65)},ok`)).toEqual(['ok']);
    expect(compareIdsOf('a,b,c,d')).toEqual(['a', 'b', 'c']);
    expect(COMPARE_MAX).toBe(3);
  });

  it("reads a valid list as the API's schema does", () => {
    const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
    fc.assert(
      fc.property(fc.uniqueArray(id, { minLength: 1, maxLength: COMPARE_MAX }), fc.boolean(), (ids, spaced) => {
        const raw = ids.join(spaced ? ' , ' : ',');
        expect(compareIdsOf(raw)).toEqual(compareQuerySchema.parse({ ids: raw }).ids);
      }),
    );
  });
});
