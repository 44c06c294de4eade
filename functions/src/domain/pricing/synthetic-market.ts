/**
 * A synthetic used-truck market whose true price function is known: the fair-price benchmark
 * (bench/fair-price.ts) and tests fit the model on part of it and measure its error on the rest.
 * Deterministic for a given seed. The price function is written from how the trade prices trucks
 * (make and model family premiums, depreciation by age and mileage, Euro 6 and sleeper-cab
 * premiums, heavier trucks dearer), not from the model's features.
 */
import { seededRandom } from '../../../../shared/seeded-random.js';
import type { PricedTruck } from './fair-price.js';

const FAMILIES: Record<string, Array<{ model: string; base: number; category: string; gvw: number; axle: string }>> = {
  daf: [
    { model: 'XF 480', base: 118_000, category: 'articulated', gvw: 44, axle: '4x2' },
    { model: 'CF 450', base: 102_000, category: 'articulated', gvw: 44, axle: '6x2' },
    { model: 'LF 180', base: 58_000, category: 'box-van', gvw: 12, axle: '4x2' },
  ],
  scania: [
    { model: 'R450', base: 125_000, category: 'articulated', gvw: 44, axle: '6x2' },
    { model: 'P280', base: 82_000, category: 'rigid', gvw: 26, axle: '6x2' },
  ],
  volvo: [
    { model: 'FH 500', base: 128_000, category: 'articulated', gvw: 44, axle: '6x2' },
    { model: 'FM 420', base: 98_000, category: 'tipper', gvw: 32, axle: '8x4' },
    { model: 'FL 250', base: 60_000, category: 'curtainsider', gvw: 16, axle: '4x2' },
  ],
  mercedes: [
    { model: 'Actros 2545', base: 112_000, category: 'articulated', gvw: 44, axle: '6x2' },
    { model: 'Arocs 3240', base: 105_000, category: 'tipper', gvw: 32, axle: '8x4' },
    { model: 'Atego 1224', base: 55_000, category: 'refrigerated', gvw: 12, axle: '4x2' },
  ],
  man: [
    { model: 'TGX 18.510', base: 108_000, category: 'articulated', gvw: 44, axle: '4x2' },
    { model: 'TGS 32.400', base: 96_000, category: 'tipper', gvw: 32, axle: '8x4' },
    { model: 'TGL 12.220', base: 52_000, category: 'flatbed', gvw: 12, axle: '4x2' },
  ],
  iveco: [
    { model: 'S-Way 490', base: 99_000, category: 'articulated', gvw: 44, axle: '4x2' },
    { model: 'Eurocargo 75E', base: 42_000, category: 'beavertail', gvw: 7.5, axle: '4x2' },
  ],
};

export interface MarketTruck extends PricedTruck {
  /** The price before noise: what the truck is really worth in this market. */
  truePrice: number;
}

/** `count` trucks; asking prices are the true price times log-normal noise of `noise` (σ of log price). */
export function syntheticMarket(count: number, opts: { seed?: number; noise?: number; referenceYear?: number } = {}): MarketTruck[] {
  const rand = seededRandom(opts.seed ?? 42);
  const noise = opts.noise ?? 0.08;
  const referenceYear = opts.referenceYear ?? 2026;
  const makes = Object.keys(FAMILIES);
  const gauss = () => Math.sqrt(-2 * Math.log(rand() || 1e-9)) * Math.cos(2 * Math.PI * rand());
  const out: MarketTruck[] = [];
  for (let i = 0; i < count; i++) {
    const make = makes[Math.floor(rand() * makes.length)];
    const fam = FAMILIES[make][Math.floor(rand() * FAMILIES[make].length)];
    const age = Math.floor(rand() * 13);
    const year = referenceYear - age;
    const milesPerYear = fam.gvw >= 40 ? 75_000 + rand() * 40_000 : 20_000 + rand() * 30_000;
    const mileage = Math.round((age + rand()) * milesPerYear);
    const euroStandard = year >= 2014 ? 'euro6' : year >= 2010 ? 'euro5' : 'euro4';
    const cabType = fam.gvw >= 40 ? (rand() < 0.7 ? 'sleeper' : 'high-roof-sleeper') : 'day';
    const vatStatus = rand() < 0.85 ? 'plus_vat' : 'no_vat';
    // Steep early depreciation that flattens after six years; premium makes hold value better;
    // mileage weighs more on light trucks. Those three are outside the model's form; the Euro, cab and VAT factors are its own terms.
    const holdsValue = make === 'scania' || make === 'volvo' ? 1.015 ** age : 1;
    const depreciation = 0.85 ** Math.min(age, 6) * 0.93 ** Math.max(0, age - 6) * holdsValue;
    const wear = Math.exp(-mileage / (fam.gvw >= 26 ? 1_400_000 : 500_000));
    let truePrice = fam.base * depreciation * wear;
    if (euroStandard === 'euro6') truePrice *= 1.12;
    if (cabType === 'high-roof-sleeper') truePrice *= 1.06;
    if (vatStatus === 'no_vat') truePrice *= 1.1;
    truePrice = Math.max(3000, truePrice);
    const price = Math.round((truePrice * Math.exp(noise * gauss())) / 50) * 50;
    out.push({
      id: `m${i}`,
      make,
      model: fam.model,
      category: fam.category,
      year,
      mileage,
      euroStandard,
      axleConfig: fam.axle,
      gvwTonnes: fam.gvw,
      cabType,
      vatStatus,
      price,
      truePrice,
    });
  }
  return out;
}
