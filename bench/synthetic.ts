/** Deterministic synthetic listings and buyer queries for the benchmark. */
import type { ListingRecord, ScrapedRecord } from '../functions/src/domain/listings/types.js';
import { allOutcodes } from '../functions/src/domain/geo/outcodes.js';
import { DEMO_LISTINGS } from '../dev/seed/data.js';
import { type Category, type Fuel, FUEL_VALUES, type Make, type Transmission, TRANSMISSION_VALUES } from '../shared/values.js';
import { BROWSE_CATEGORIES } from '../shared/listing-options.js';
import { seededRandom } from '../shared/seeded-random.js';

/** The shared seeded generator (shared/seeded-random.ts) with the draws the benches use. */
export function rng(seed: number) {
  const next = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  const weighted = <T>(xs: ReadonlyArray<[T, number]>) => {
    const total = xs.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [x, w] of xs) {
      r -= w;
      if (r < 0) return x;
    }
    return xs[xs.length - 1][0];
  };
  const chance = (p: number) => next() < p;
  return { next, int, pick, weighted, chance };
}

// Market shares of new trucks over 6 t (REFERENCE.md), the rest spread thin.
const MAKES: Array<[Make, number]> = [
  ['daf', 30],
  ['mercedes', 17],
  ['scania', 16],
  ['volvo', 14],
  ['iveco', 7],
  ['man', 7],
  ['renault', 4],
  ['ford', 2],
  ['isuzu', 1.5],
  ['mitsubishi', 1],
  ['other', 0.5],
];
const MODELS: Record<Make, string[]> = {
  daf: ['XF 480', 'CF 450', 'LF 220', 'XG+ 530'],
  mercedes: ['Actros 2545', 'Arocs 3243', 'Atego 1224', 'Antos 2533'],
  scania: ['R450', 'S500', 'P280', 'G410'],
  volvo: ['FH 500', 'FM 420', 'FL 250', 'FMX 460'],
  iveco: ['S-Way 490', 'Eurocargo 75E', 'Daily 72C'],
  man: ['TGX 18.510', 'TGS 32.430', 'TGL 8.190', 'TGM 18.290'],
  renault: ['T 480', 'C 430', 'D 12'],
  ford: ['F-MAX 500', 'Cargo 1848'],
  isuzu: ['Forward N75', 'Grafter N35'],
  mitsubishi: ['Canter 7C18'],
  other: ['Foden Alpha', 'ERF ECX'],
};
const CATEGORY_WEIGHTS: Array<[Category, number]> = BROWSE_CATEGORIES.map((c) => [c, c === 'articulated' ? 30 : c === 'rigid' ? 20 : 7]);
const FUELS: Array<[Fuel | null, number]> = [
  ['diesel', 85],
  ['electric', 3],
  ['hybrid', 2],
  ['cng', 1],
  [null, 9],
];
const TRANSMISSIONS: Array<[Transmission | null, number]> = [
  ['automatic', 45],
  ['manual', 25],
  ['semi-automatic', 15],
  ['automated-manual', 5],
  [null, 10],
];
const COMPANIES = ['Haulage Ltd', 'Commercials', 'Truck Centre', 'Fleet Sales', 'Trucks & Trailers', 'Motors'];
const FIRST_NAMES = ['Sam', 'Alex', 'Jo', 'Chris', 'Pat', 'Lee', 'Kim', 'Ravi', 'Megan', 'Tom'];

const places = allOutcodes().filter((o) => o.town);

/** Real descriptions and feature lists, from the demo data (as sellers write them). */
const SEED_NOW = new Date('2026-11-01T00:00:00.000Z');
export const REAL_DESCRIPTIONS = DEMO_LISTINGS.map((l) => l.description(SEED_NOW));
const REAL_FEATURES = DEMO_LISTINGS.map((l) => l.features);

function iso(ms: number) {
  return new Date(ms).toISOString();
}

/** `n` listings: ~90 % user listings, ~10 % scraped, created over the last two years. */
export function syntheticListings(n: number, seed: number, idPrefix: string) {
  const r = rng(seed);
  const now = Date.parse('2026-11-01T00:00:00.000Z');
  const listings: ListingRecord[] = [];
  const scraped: ScrapedRecord[] = [];
  for (let i = 0; i < n; i++) {
    const make = r.weighted(MAKES);
    const model = r.pick(MODELS[make]);
    const year = r.chance(0.03) ? null : r.int(2005, 2026);
    const age = year === null ? 8 : 2026 - year;
    const mileage = r.chance(0.08) ? null : Math.round(Math.max(0, age * r.int(40, 140) * 1000 + r.int(-20000, 20000)) / 100) * 100;
    const price = r.chance(0.06) ? 0 : Math.round(Math.max(3000, 160_000 * 0.86 ** age * (0.6 + r.next() * 0.8)) / 250) * 250;
    const place = r.pick(places);
    const created = now - Math.floor(r.next() * 730 * 86_400_000);
    const id = `${idPrefix}${i.toString(36).padStart(6, '0')}`;
    const town = place.town ?? place.county ?? place.outcode;
    if (r.chance(0.1)) {
      scraped.push({
        id,
        externalId: `ext-${id}`,
        sourceWebsite: r.pick(['trucklocator.example', 'commercialmotor.example', 'truckpages.example']),
        sourceUrl: `https://trucks.example/${id}`,
        make: make === 'mercedes' ? 'Mercedes-Benz' : make.toUpperCase(),
        model,
        year,
        mileage,
        price: price || null,
        location: r.chance(0.9) ? town : null,
        dealerName: r.chance(0.7) ? `${town} ${r.pick(COMPANIES)}` : null,
        dealerContact: r.chance(0.5) ? `01${r.int(100, 999)} ${r.int(100000, 999999)}` : null,
        category: r.chance(0.6) ? r.weighted(CATEGORY_WEIGHTS) : null,
        fuelType: r.chance(0.5) ? r.weighted(FUELS) : null,
        transmission: r.chance(0.5) ? r.weighted(TRANSMISSIONS) : null,
        description: null,
        scrapedAt: iso(created),
        isActive: true,
        updatedAt: iso(created),
      });
      continue;
    }
    const company = r.chance(0.6) ? `${town} ${r.pick(COMPANIES)}` : null;
    listings.push({
      id,
      userId: `user-${r.int(1, 5000)}`,
      title: [year, make === 'mercedes' ? 'Mercedes-Benz' : make.toUpperCase(), model].filter(Boolean).join(' '),
      make,
      model,
      year,
      category: r.weighted(CATEGORY_WEIGHTS),
      fuelType: r.weighted(FUELS),
      transmission: r.weighted(TRANSMISSIONS),
      mileage,
      engineSize: r.pick(['7.7', '10.8', '12.8', '12.9', '5.1', null]),
      price,
      vatStatus: r.chance(0.8) ? 'plus_vat' : 'no_vat',
      axleConfig: r.pick(['4x2', '6x2', '6x4', '8x4']),
      gvwTonnes: r.pick([7.5, 12, 18, 26, 32, 44]),
      euroStandard: year !== null && year >= 2014 ? 'euro6' : r.pick(['euro4', 'euro5']),
      cabType: r.pick(['day', 'sleeper', 'high-roof-sleeper']),
      description: r.chance(0.8)
        ? r.pick(REAL_DESCRIPTIONS)
        : `${model} in good condition. Full service history, MOT until next year. Viewing welcome at our ${town} yard.`,
      features: r.chance(0.7) ? r.pick(REAL_FEATURES) : null,
      contactName: `${r.pick(FIRST_NAMES)} ${String.fromCharCode(65 + r.int(0, 25))}.`,
      companyName: company,
      phone: `07${r.int(100, 999)} ${r.int(100000, 999999)}`,
      email: r.chance(0.7) ? `sales${i}@dealer.example` : null,
      location: town,
      postcode: r.chance(0.6)
        ? `${place.outcode} ${r.int(1, 9)}${String.fromCharCode(65 + r.int(0, 25))}${String.fromCharCode(65 + r.int(0, 25))}`
        : null,
      images: Array.from({ length: r.int(0, 4) }, (_, k) => ({ key: `listings/${id}/${k}`, width: 1600, height: 1200 })),
      status: 'active',
      createdAt: iso(created),
      updatedAt: iso(created),
    });
  }
  return { listings, scraped };
}

const KEYWORD_STOP = new Set([
  'the',
  'and',
  'with',
  'for',
  'our',
  'all',
  'this',
  'from',
  'until',
  'use',
  'are',
  'has',
  'can',
  'to',
  'in',
  'on',
  'at',
]);
/** One or two neighbouring words from a real description, sometimes with a typo, as buyers type what they read. */
export function keywordFrom(r: ReturnType<typeof rng>): string {
  const words = r
    .pick(REAL_DESCRIPTIONS)
    .split(/[^A-Za-z0-9-]+/)
    .filter((w) => w.length >= 3 && !KEYWORD_STOP.has(w.toLowerCase()));
  const i = r.int(0, words.length - 2);
  let q = r.chance(0.5) ? words[i] : `${words[i]} ${words[i + 1]}`;
  if (r.chance(0.2) && q.length >= 6) {
    const k = r.int(1, q.length - 2);
    q = q.slice(0, k) + q[k + 1] + q[k] + q.slice(k + 2);
  }
  return q.toLowerCase();
}

/** Keyword-only queries (no filters, default sort): what the buyer typed into the box. */
export function keywordQueries(n: number, seed: number): string[] {
  const r = rng(seed);
  const trade = [
    'tipper',
    'tippers',
    'tail lift',
    'artic',
    'tractor unit',
    'fridge',
    'reefer',
    'beaver',
    'curtain sider',
    '18t',
    '7.5t',
    'merc',
    'scannia',
    'xf480',
    'XF-480',
  ];
  return Array.from({ length: n }, () => {
    const p = new URLSearchParams();
    p.set('q', r.chance(0.25) ? r.pick(trade) : keywordFrom(r));
    if (r.chance(0.2)) p.set('page', String(r.int(2, 4)));
    return p.toString();
  });
}

/** Buyer queries as URL query strings: the filters people use, a sort, a page. */
export function syntheticQueries(n: number, seed: number): string[] {
  const r = rng(seed);
  const towns = [
    'Leeds',
    'Manchester',
    'Birmingham',
    'Bristol',
    'Glasgow',
    'LS11 5AB',
    'M17 1HB',
    'B1',
    'NE1 4ST',
    'CF10 1AA',
    'Doncaster',
  ];
  const sorts = ['relevance', 'relevance', 'relevance', 'price-low', 'price-high', 'year-new', 'year-old', 'mileage-low', 'mileage-high'];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = new URLSearchParams();
    if (r.chance(0.5)) p.set('category', r.weighted(CATEGORY_WEIGHTS));
    if (r.chance(0.3)) p.set('make', r.weighted(MAKES));
    if (r.chance(0.4)) {
      const lo = r.pick([5000, 10000, 20000, 30000]);
      p.set('priceMin', String(lo));
      if (r.chance(0.7)) p.set('priceMax', String(lo + r.pick([10000, 25000, 50000, 100000])));
    }
    if (r.chance(0.3)) p.set('yearMin', String(r.int(2008, 2022)));
    if (r.chance(0.2)) p.set('mileageMax', String(r.pick([100000, 250000, 500000])));
    if (r.chance(0.15)) p.set('fuel', r.pick(['diesel', 'electric,hybrid', 'diesel,cng']));
    if (r.chance(0.15)) p.set('transmission', r.pick(['automatic', 'manual', 'automatic,semi-automatic']));
    if (r.chance(0.15)) p.set('q', r.pick(['fh', 'actros', 'tipper', 'scania r450', 'leeds', 'xf', 'haulage']));
    else if (r.chance(0.1)) p.set('q', keywordFrom(r));
    let sort = r.pick(sorts);
    if (r.chance(0.25)) {
      p.set('location', r.pick(towns));
      p.set('radius', String(r.pick([25, 50, 100, 200])));
      if (r.chance(0.4)) sort = 'distance';
    }
    p.set('sort', sort);
    p.set('page', String(r.chance(0.7) ? 1 : r.int(2, 6)));
    p.set('pageSize', '24');
    out.push(p.toString());
  }
  return out;
}

/**
 * `n` buyer queries, no two alike, from a space too large to repeat within a run (issue 25 §1):
 * each filter is drawn afresh (any of ~2,900 outcodes and a radius of 5–300 miles, price, year
 * and mileage bounds at fine steps, any make, category, fuel and gearbox set, words from real
 * descriptions with typos, any sort and page), so the index's memos keyed by a query's shape
 * (facet tables, place tables, word expansions) and the result cache rarely or never answer.
 * Query strings as URL query strings; a repeat is drawn again.
 */
export function freshQueries(n: number, seed: number): string[] {
  const r = rng(seed);
  const sorts = ['relevance', 'price-low', 'price-high', 'year-new', 'year-old', 'mileage-low', 'mileage-high'];
  const fuels: string[] = FUEL_VALUES;
  const gearboxes: string[] = TRANSMISSION_VALUES;
  const subset = (xs: string[]) => {
    const picked = xs.filter(() => r.chance(0.4));
    return picked.length ? picked : [r.pick(xs)];
  };
  const seen = new Set<string>();
  const out: string[] = [];
  while (out.length < n) {
    const p = new URLSearchParams();
    if (r.chance(0.5)) p.set('category', r.weighted(CATEGORY_WEIGHTS));
    if (r.chance(0.35)) p.set('make', r.weighted(MAKES));
    if (r.chance(0.45)) {
      const lo = r.int(2, 120) * 500;
      p.set('priceMin', String(lo));
      if (r.chance(0.7)) p.set('priceMax', String(lo + r.int(4, 300) * 500));
    }
    if (r.chance(0.35)) p.set('yearMin', String(r.int(2000, 2024)));
    if (r.chance(0.35)) p.set('mileageMax', String(r.int(10, 600) * 1000 + r.int(0, 999)));
    if (r.chance(0.2)) p.set('fuel', subset(fuels).join(','));
    if (r.chance(0.2)) p.set('transmission', subset(gearboxes).join(','));
    if (r.chance(0.25)) p.set('q', keywordFrom(r));
    let sort = r.pick(sorts);
    if (r.chance(0.3)) {
      p.set('location', r.pick(places).outcode);
      p.set('radius', String(r.int(5, 300)));
      if (r.chance(0.4)) sort = 'distance';
    }
    p.set('sort', sort);
    p.set('page', String(r.chance(0.7) ? 1 : r.int(2, 6)));
    p.set('pageSize', '24');
    const qs = p.toString();
    if (seen.has(qs)) continue;
    seen.add(qs);
    out.push(qs);
  }
  return out;
}
