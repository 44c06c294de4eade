import { describe, expect, it } from 'vitest';
import type { Listing } from '@shared/schemas/listing';
import { categoryPageFor, dialable, isContactMasked, vehicleDetailRows } from './listing-details';
import { pageWindow } from './page-window';
import { wrapIndex } from './wrap-index';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const NOT_STATED = 'Not stated';

const listing = (over: Partial<Listing> = {}): Listing => ({
  id: '01J',
  source: 'user',
  userId: null,
  title: '2019 Volvo FH 500',
  make: 'volvo',
  model: 'FH 500',
  year: 2019,
  category: 'articulated',
  fuelType: 'diesel',
  transmission: 'automatic',
  mileage: 412000,
  engineSize: '12.8',
  price: 45000,
  vatStatus: 'plus_vat',
  axleConfig: '6x2',
  gvwTonnes: 44,
  euroStandard: 'euro6',
  cabType: 'sleeper',
  description: null,
  features: null,
  contactName: 'Login to view contact',
  companyName: null,
  phone: 'Login to view phone',
  email: null,
  location: 'Leeds',
  postcode: 'LS1',
  images: [],
  status: 'active',
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  sourceWebsite: null,
  sourceUrl: null,
  ...over,
});

describe('vehicle details', () => {
  it('labels every value and writes units', () => {
    const rows = Object.fromEntries(vehicleDetailRows(listing()).map((r) => [r.label, r.value]));
    expect(rows).toMatchObject({
      Make: 'Volvo',
      Mileage: '412,000 mi',
      'Engine size': '12.8 litres',
      'Gross vehicle weight': '44 tonnes',
      'Euro standard': 'Euro 6',
      'Cab type': 'Sleeper cab',
      'VAT status': 'Plus VAT (+VAT)',
      Location: 'Leeds, LS1',
    });
  });

  it("shows 'Not stated' for unknown values", () => {
    const rows = vehicleDetailRows(
      listing({ make: null, mileage: null, engineSize: null, gvwTonnes: null, location: null, postcode: null }),
    );
    for (const label of ['Make', 'Mileage', 'Engine size', 'Gross vehicle weight', 'Location']) {
      expect(rows.find((r) => r.label === label)?.value).toBe(NOT_STATED);
    }
  });
});

describe('DVS star rating row', () => {
  it('shows the stars for an HGV over 12 t, Not stated without them, and no row for lighter trucks', () => {
    const label = (l: Listing) => vehicleDetailRows(l).find((r) => r.label === 'DVS star rating')?.value;
    expect(label(listing({ gvwTonnes: 44, dvsStars: 3 }))).toBe('3 stars');
    expect(label(listing({ gvwTonnes: 44, dvsStars: 1 }))).toBe('1 star');
    expect(label(listing({ gvwTonnes: 44, dvsStars: null }))).toBe(NOT_STATED);
    expect(label(listing({ gvwTonnes: 7.5 }))).toBeUndefined();
  });
});

describe('contact masking', () => {
  it('recognises the masked contact the API sends anonymous visitors', () => {
    expect(isContactMasked(listing())).toBe(true);
    expect(isContactMasked(listing({ contactName: 'Sam Carter' }))).toBe(false);
  });
  it('only dials real phone numbers', () => {
    expect(dialable('0113 496 0000')).toBe('+441134960000');
    expect(dialable('+44 113 496 0000')).toBe('+441134960000');
    expect(dialable('Contact via website')).toBeNull();
  });
  it('finds the category page for the breadcrumb', () => {
    expect(categoryPageFor({ category: 'box-van' })?.path).toBe('/box-vans');
    expect(categoryPageFor({ category: 'other' })).toBeNull();
  });
});

describe('gallery and paging helpers', () => {
  it('wraps round at both ends', () => {
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(7, 5)).toBe(2);
  });
  it('shows first, last and neighbours with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });
});
