import { describe, expect, it } from 'vitest';
import type { ComparedListing } from '@shared/schemas/compare';
import { compareRows } from './compare-rows';

const listing = (over: Partial<ComparedListing>): ComparedListing =>
  ({
    id: 'x',
    source: 'user',
    title: 'Truck',
    price: 40000,
    vatStatus: 'plus_vat',
    year: 2020,
    mileage: 300000,
    make: 'daf',
    model: 'XF',
    category: 'tipper',
    euroStandard: 'euro6',
    fuelType: 'diesel',
    gvwTonnes: 32,
    axleConfig: '8x4',
    cabType: 'day',
    transmission: 'automatic',
    location: 'Leeds',
    postcode: 'LS1',
    images: [],
    sellerType: 'trade',
    distanceMiles: null,
    priceBand: null,
    ...over,
  }) as ComparedListing;

describe('compare rows', () => {
  it('highlights only the rows where the available trucks differ', () => {
    const rows = compareRows(
      [
        { id: 'a', listing: listing({ id: 'a' }) },
        { id: 'b', listing: listing({ id: 'b', year: 2018, sellerType: 'private' }) },
        { id: 'c', listing: null },
      ],
      null,
    );
    const differs = rows.filter((r) => r.differs).map((r) => r.key);
    expect(differs).toEqual(['year', 'seller']);
    expect(rows.find((r) => r.key === 'seller')?.values).toEqual(['Trade seller', 'Private seller', null]);
    expect(rows.find((r) => r.key === 'cleanAir')?.values[0]).toBe('ULEZ/LEZ compliant');
  });

  it('marks nothing as different with one truck left, and adds the distance row when a place is given', () => {
    const rows = compareRows(
      [
        { id: 'a', listing: listing({ id: 'a', distanceMiles: 36 }) },
        { id: 'b', listing: null },
      ],
      'M1, Manchester',
    );
    expect(rows.some((r) => r.differs)).toBe(false);
    expect(rows.at(-1)).toMatchObject({ label: 'Distance from M1, Manchester', values: ['36 miles away', null] });
  });
});
