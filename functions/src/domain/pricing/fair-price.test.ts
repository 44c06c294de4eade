import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PriceBand } from '../../../../shared/pricing.js';
import { fitPriceModel, MIN_COMPARABLES, modelFamily, type PricedTruck, ratePrice } from './fair-price.js';
import { syntheticMarket } from './synthetic-market.js';

const NOW = new Date('2026-11-23T12:00:00Z');
const market = syntheticMarket(4000, { seed: 7, referenceYear: 2026 });
const model = fitPriceModel(market, NOW);
const label = (m: string) => ({ daf: 'DAF', volvo: 'Volvo', scania: 'Scania' })[m] ?? m;

const xf = (over: Partial<PricedTruck> = {}): PricedTruck => ({
  id: 'x',
  make: 'daf',
  model: 'XF 480',
  category: 'articulated',
  year: 2020,
  mileage: 600_000,
  euroStandard: 'euro6',
  axleConfig: '4x2',
  gvwTonnes: 44,
  cabType: 'sleeper',
  vatStatus: 'plus_vat',
  price: 0,
  ...over,
});

describe('modelFamily', () => {
  it('takes the family from the model name', () => {
    expect(modelFamily('XF 480')).toBe('XF');
    expect(modelFamily('FH16 750')).toBe('FH');
    expect(modelFamily('Actros 2545')).toBe('ACTROS');
    expect(modelFamily('TGX 18.510')).toBe('TGX');
    expect(modelFamily(null)).toBeNull();
  });
});

describe('ratePrice on a fixed market', () => {
  it('rates a truck well under its typical price as a great price, with an explanation a buyer can check', () => {
    // Prepare
    const typical = ratePrice(model, xf({ price: 50_000 }), label)?.typicalPrice ?? 0;
    // Act
    const rating = ratePrice(model, xf({ price: Math.round(typical * 0.75) }), label);
    // Assess
    expect(rating?.band).toBe('great');
    expect(rating?.comparables).toBeGreaterThanOrEqual(MIN_COMPARABLES);
    expect(rating?.explanation).toMatch(/^£[\d,]+ below the typical price of \d+ similar trucks \(2019–2021 DAF XF, 550–700k miles\)$/);
    expect(rating && rating.typicalLow < rating.typicalPrice && rating.typicalPrice < rating.typicalHigh).toBe(true);
  });

  it('rates a truck well over its typical price as high', () => {
    const typical = ratePrice(model, xf({ price: 50_000 }), label)?.typicalPrice ?? 0;
    const rating = ratePrice(model, xf({ price: Math.round(typical * 1.3) }), label);
    expect(rating?.band).toBe('high');
    expect(rating?.explanation).toMatch(/above the typical price/);
  });

  it('gives no badge to price-on-application listings', () => {
    expect(ratePrice(model, xf({ price: 0 }))).toBeNull();
  });

  it('falls back to the same category when the model family is rare, and says so', () => {
    const rating = ratePrice(model, xf({ make: 'daf', model: 'XG+ 530', price: 90_000 }), label, (c) => `${c} trucks`);
    expect(rating?.explanation).toMatch(/similar trucks \(2018–2022 articulated trucks\)$/);
  });

  it('gives no badge with too few comparables, never a made-up one', () => {
    expect(ratePrice(model, xf({ make: 'daf', model: 'XG+ 530', category: 'other', price: 90_000 }))).toBeNull();
    expect(ratePrice(model, xf({ year: 1998, price: 9_000 }))).toBeNull();
    expect(ratePrice(model, xf({ make: null, price: 9_000 }))).toBeNull();
  });

  it('never rates a dearer copy of the same truck better', () => {
    const order: PriceBand[] = ['great', 'good', 'fair', 'high'];
    fc.assert(
      fc.property(fc.integer({ min: 5_000, max: 200_000 }), fc.integer({ min: 1, max: 50_000 }), (price, more) => {
        const a = ratePrice(model, xf({ price }));
        const b = ratePrice(model, xf({ price: price + more }));
        expect(a && b).toBeTruthy();
        expect(order.indexOf(b?.band as PriceBand)).toBeGreaterThanOrEqual(order.indexOf(a?.band as PriceBand));
      }),
      { numRuns: 200 },
    );
  });

  it('beats the make-and-year median by at least 30 % on held-out trucks of a known market', () => {
    // Prepare
    const train = market.slice(0, 3000);
    const test = market.slice(3000);
    const fitted = fitPriceModel(train, NOW);
    const groups = new Map<string, number[]>();
    for (const t of train) groups.set(`${t.make}|${t.year}`, [...(groups.get(`${t.make}|${t.year}`) ?? []), t.price]);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ape = (est: number, t: (typeof test)[number]) => Math.abs(est - t.truePrice) / t.truePrice;
    // Act
    const modelErr = median(test.map((t) => ape(ratePrice(fitted, { ...t, price: 1 })?.typicalPrice ?? fitted.intercept, t)));
    const baseErr = median(test.map((t) => ape(median(groups.get(`${t.make}|${t.year}`) ?? [0]), t)));
    // Assess
    expect(modelErr).toBeLessThan(baseErr * 0.7);
  });
});
