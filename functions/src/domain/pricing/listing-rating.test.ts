import { describe, expect, it } from 'vitest';
import type { Listing } from '../../../../shared/schemas/listing.js';
import { fitPriceModel } from './fair-price.js';
import { listingRaterOf, rateListing } from './listing-rating.js';
import { syntheticMarket } from './synthetic-market.js';

const NOW = new Date('2026-11-23T12:00:00Z');
const model = fitPriceModel(syntheticMarket(4000, { seed: 7, referenceYear: 2026 }), NOW);

const listing = (over: Partial<Listing> = {}): Listing => ({
  id: 'l1',
  source: 'user',
  userId: 'u1',
  title: '2020 DAF XF 480',
  make: 'daf',
  model: 'XF 480',
  year: 2020,
  category: 'articulated',
  fuelType: 'diesel',
  transmission: 'automatic',
  mileage: 600_000,
  engineSize: null,
  price: 1,
  vatStatus: 'plus_vat',
  axleConfig: '4x2',
  gvwTonnes: 44,
  euroStandard: 'euro6',
  cabType: 'sleeper',
  description: null,
  features: null,
  contactName: null,
  companyName: null,
  phone: null,
  email: null,
  location: null,
  postcode: null,
  images: [],
  status: 'active',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  sourceWebsite: null,
  sourceUrl: null,
  ...over,
});

const typical = rateListing(model, listing())?.typicalPrice ?? 0;

describe('rateListing', () => {
  it('attaches a band and an explanation naming the make and family as buyers read them', () => {
    // Act
    const rating = rateListing(model, listing({ price: Math.round(typical * 0.75) }));
    // Assess
    expect(typical).toBeGreaterThan(0);
    expect(rating?.band).toBe('great');
    expect(rating?.explanation).toMatch(/below the typical price of \d+ similar trucks \(2019–2021 DAF XF, /);
  });

  it('gives no rating to a POA listing, an inactive one, or without a model', () => {
    expect(rateListing(model, listing({ price: 0 }))).toBeNull();
    expect(rateListing(model, listing({ price: typical, status: 'sold' }))).toBeNull();
    expect(rateListing(null, listing({ price: typical }))).toBeNull();
  });
});

describe('listingRaterOf', () => {
  it('ranks bands best first and orders by price against the typical price, named by the model build', () => {
    // Prepare
    const rater = listingRaterOf(model);
    // Act
    const cheap = rater.rate(listing({ price: Math.round(typical * 0.75) }));
    const dear = rater.rate(listing({ price: Math.round(typical * 1.4) }));
    // Assess
    expect(rater.version).toBe(model.builtAt);
    expect(cheap?.rank).toBe(0);
    expect(dear?.rank).toBe(3);
    expect((cheap?.ratio ?? 9) < (dear?.ratio ?? 0)).toBe(true);
    expect(rater.rate(listing({ price: 0 }))).toBeNull();
  });
});
