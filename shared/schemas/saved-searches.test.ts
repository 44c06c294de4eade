import { describe, expect, it } from 'vitest';
import { alertPrefillOf, savedSearchInputSchema } from './saved-searches.js';

describe('saved searches', () => {
  it('hands alerts make, budget, year, one fuel, one gearbox, maximum mileage, place and radius', () => {
    const { prefill, cannotHold } = alertPrefillOf({
      make: 'daf',
      priceMin: '10000',
      priceMax: '40000',
      yearMin: '2015',
      yearMax: '2020',
      fuel: 'diesel',
      transmission: 'manual',
      mileageMax: '500000',
      location: 'LS11',
      radius: '25',
      sort: 'price-low',
    });
    expect(prefill).toEqual({
      make: 'daf',
      budgetMin: '10000',
      budgetMax: '40000',
      yearMin: '2015',
      yearMax: '2020',
      fuelType: 'diesel',
      transmission: 'manual',
      maxMileage: '500000',
      location: 'LS11',
      radiusMiles: '25',
    });
    expect(cannotHold).toEqual([]);
  });

  it('names every filter alerts cannot hold', () => {
    const { prefill, cannotHold } = alertPrefillOf({
      q: 'tipper',
      category: 'tipper',
      fuel: 'diesel,electric',
      rating: 'good',
      cleanAir: 'london',
      mileageConsistent: 'true',
      reduced: 'true',
      mileageMin: '1000',
    });
    expect(prefill).toEqual({});
    expect(cannotHold).toEqual([
      'search words',
      'category',
      'more than one fuel',
      'price rating',
      'clean-air zones',
      'mileage consistent',
      'recently reduced',
      'minimum mileage',
    ]);
  });

  it('keeps the filters, drops the page and view, and refuses what browse refuses', () => {
    const ok = savedSearchInputSchema.parse({ name: ' Tippers ', params: { category: 'tipper', page: '2', view: 'list', q: '' } });
    expect(ok).toEqual({ name: 'Tippers', params: { category: 'tipper' } });
    expect(savedSearchInputSchema.safeParse({ name: 'x', params: { yearMin: '2020', yearMax: '2010' } }).success).toBe(false);
    expect(savedSearchInputSchema.safeParse({ name: 'x', params: { reduced: 'maybe' } }).success).toBe(false);
    expect(savedSearchInputSchema.safeParse({ name: 'x', params: { owner: 'me' } }).success).toBe(false);
  });
});
