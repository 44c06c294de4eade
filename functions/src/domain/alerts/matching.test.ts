import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlertPreferences } from '../../../../shared/schemas/alerts.js';
import type { Listing } from '../../../../shared/schemas/listing.js';
import { compileCriteria, createMatchIndex, locateListing, matchReasons, matchesCriteria } from './matching.js';

const prefs = (p: Partial<AlertPreferences> = {}): AlertPreferences => ({
  userId: 'u1',
  name: 'Bea',
  phone: '+447700900123',
  email: 'bea@example.test',
  whatsappOptedIn: false,
  make: null,
  model: null,
  budgetMin: null,
  budgetMax: null,
  yearMin: null,
  yearMax: null,
  fuelType: null,
  transmission: null,
  maxMileage: null,
  location: null,
  radiusMiles: null,
  frequency: 'daily',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...p,
});

const listing = (l: Partial<Listing> = {}): Listing => ({
  id: 'L1',
  source: 'user',
  userId: 'd1',
  title: '2019 Volvo FH 500',
  make: 'volvo',
  model: 'FH 500',
  year: 2019,
  category: 'articulated',
  fuelType: 'diesel',
  transmission: 'automatic',
  mileage: 400000,
  engineSize: null,
  price: 45000,
  vatStatus: 'plus_vat',
  axleConfig: null,
  gvwTonnes: null,
  euroStandard: null,
  cabType: null,
  description: null,
  features: null,
  contactName: null,
  companyName: null,
  phone: null,
  email: null,
  location: 'Leeds',
  postcode: 'LS1 4AP',
  images: [],
  status: 'active',
  createdAt: '2026-01-02T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  sourceWebsite: null,
  sourceUrl: null,
  ...l,
});

const match = (p: Partial<AlertPreferences>, l: Partial<Listing> = {}) =>
  matchReasons(compileCriteria(prefs(p)), locateListing(listing(l)));

describe('matchReasons', () => {
  it('matches on every criterion and says why', () => {
    const reasons = match({
      make: 'volvo',
      model: 'fh',
      budgetMin: 40000,
      budgetMax: 50000,
      yearMin: 2018,
      yearMax: 2020,
      fuelType: 'diesel',
      transmission: 'automatic',
      maxMileage: 500000,
      location: 'Leeds',
      radiusMiles: 25,
    });
    expect(reasons).toEqual([
      'Make: Volvo',
      'Model: FH 500',
      '£45,000 is within your budget (£40,000–£50,000)',
      'Year 2019 (you asked for 2018–2020)',
      'Fuel: Diesel',
      expect.stringMatching(/^Gearbox: Auto/),
      '400,000 miles (your maximum 500,000)',
      expect.stringMatching(/^\d+ miles from .+ \(within 25\)$/),
    ]);
  });

  it('refuses each criterion the listing fails', () => {
    expect(match({ make: 'daf' })).toBeNull();
    expect(match({ model: 'xf' })).toBeNull();
    expect(match({ budgetMax: 40000 })).toBeNull();
    expect(match({ budgetMin: 50000 })).toBeNull();
    expect(match({ yearMin: 2020 })).toBeNull();
    expect(match({ fuelType: 'electric' })).toBeNull();
    expect(match({ transmission: 'manual' })).toBeNull();
    expect(match({ maxMileage: 300000 })).toBeNull();
    expect(match({ location: 'Plymouth', radiusMiles: 50 })).toBeNull();
  });

  it('matches only listings known to have a value the preference asks about', () => {
    expect(match({ make: 'volvo' }, { make: null })).toBeNull();
    expect(match({ yearMin: 2000 }, { year: null })).toBeNull();
    expect(match({ fuelType: 'diesel' }, { fuelType: null })).toBeNull();
    expect(match({ maxMileage: 900000 }, { mileage: null })).toBeNull();
    expect(match({ location: 'Leeds' }, { location: null, postcode: null })).toBeNull();
    expect(match({ location: 'Nowhere-upon-Nothing' })).toBeNull();
  });

  it('matches a POA listing only when the preference has no budget maximum', () => {
    expect(match({ budgetMax: 100000 }, { price: 0 })).toBeNull();
    expect(match({ budgetMin: 10000 }, { price: 0 })).toEqual(['Price on application (you set no maximum budget)']);
    expect(match({}, { price: 0 })).not.toBeNull();
  });

  it('agrees with a plain reference written from the rule, for random budgets and years', () => {
    const reference = (p: AlertPreferences, l: Listing) => {
      if (p.budgetMax !== null && (l.price === 0 || l.price > p.budgetMax)) return false;
      if (p.budgetMin !== null && l.price !== 0 && l.price < p.budgetMin) return false;
      if ((p.yearMin !== null || p.yearMax !== null) && l.year === null) return false;
      if (p.yearMin !== null && (l.year as number) < p.yearMin) return false;
      if (p.yearMax !== null && (l.year as number) > p.yearMax) return false;
      return true;
    };
    const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
    fc.assert(
      fc.property(
        opt(fc.integer({ min: 0, max: 100000 })),
        opt(fc.integer({ min: 0, max: 100000 })),
        opt(fc.integer({ min: 1990, max: 2026 })),
        opt(fc.integer({ min: 1990, max: 2026 })),
        fc.integer({ min: 0, max: 100000 }),
        opt(fc.integer({ min: 1990, max: 2026 })),
        (budgetMin, budgetMax, yearMin, yearMax, price, year) => {
          const p = prefs({ budgetMin, budgetMax, yearMin, yearMax });
          const l = listing({ price, year });
          expect(matchReasons(compileCriteria(p), locateListing(l)) !== null).toBe(reference(p, l));
        },
      ),
    );
  });
});

describe('createMatchIndex', () => {
  it('finds exactly the preferences a one-by-one check finds, for random preferences and listings', () => {
    const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
    const makes = fc.constantFrom('volvo', 'scania', 'daf');
    const pref = fc.record({
      make: opt(makes),
      budgetMax: opt(fc.integer({ min: 0, max: 80000 })),
      yearMin: opt(fc.integer({ min: 2005, max: 2025 })),
      fuelType: opt(fc.constantFrom('diesel', 'electric')),
      location: opt(fc.constantFrom('Leeds', 'Bristol', 'Nowhere-on-earth')),
    });
    const truck = fc.record({
      make: opt(makes),
      price: fc.integer({ min: 0, max: 90000 }),
      year: opt(fc.integer({ min: 2000, max: 2026 })),
      fuelType: opt(fc.constantFrom('diesel', 'electric')),
      location: fc.constantFrom('Leeds', 'Bristol', 'Manchester'),
    });
    fc.assert(
      fc.property(fc.array(pref, { maxLength: 40 }), truck, (ps, t) => {
        const criteria = ps.map((p) => compileCriteria(prefs(p as Partial<AlertPreferences>)));
        const lp = locateListing(listing({ ...(t as Partial<Listing>), postcode: null }));
        const viaIndex = createMatchIndex(criteria.map((c, key) => ({ key, criteria: c })))
          .match(lp)
          .sort((a, b) => a - b);
        const oneByOne = criteria.flatMap((c, key) => (matchesCriteria(c, lp) ? [key] : []));
        expect(viaIndex).toEqual(oneByOne);
      }),
    );
  });
});
