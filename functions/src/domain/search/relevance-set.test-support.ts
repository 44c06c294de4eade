/**
 * The keyword relevance set (issue 9 §1): what buyers type, and which demo listings a person
 * would expect on the first page for it. Each expectation is written from the listing's own data
 * (its category, make, model, features, GVW, place), not from how the index matches, so the set
 * can fail. Used by search-relevance.test.ts and by `npm run bench` (precision@10).
 */
import { DEMO_LISTINGS, DEMO_SCRAPED, demoImageKeys, toListingRecord, toScrapedRecord } from '../../../../dev/seed/data.js';
import type { Listing } from '../../../../shared/schemas/listing.js';
import { normaliseMake } from '../../../../shared/listing-options.js';
import { mapScrapedToListing } from '../listings/to-listing.js';
import type { ListingRecord, ScrapedRecord } from '../listings/types.js';
import { SearchService } from './search-service.js';

/** A fixed "now", so the demo data is the same every run. */
const RELEVANCE_NOW = new Date('2026-11-20T12:00:00.000Z');

/**
 * A search service over fixed records that never refreshes from a table (tests and the
 * benchmark); the caller loads them (`loadRecords`), so it can time the build.
 */
export function staticSearchService(records: { listings: ListingRecord[]; scraped: ScrapedRecord[] }): SearchService {
  return new SearchService(
    { loadAllActive: async () => records, changesSince: async () => ({ listings: [], scraped: [], removedIds: [] }) },
    { imagesBaseUrl: '/images', refreshMs: 1e9 },
  );
}

export function relevanceCorpus(): { listings: ListingRecord[]; scraped: ScrapedRecord[] } {
  return {
    listings: DEMO_LISTINGS.map((l) =>
      toListingRecord(
        l,
        `user-${l.seller}`,
        demoImageKeys(l).map((key) => ({ key, width: 1600, height: 1200 })),
        RELEVANCE_NOW,
      ),
    ),
    scraped: DEMO_SCRAPED.map((r) => toScrapedRecord(r, RELEVANCE_NOW)),
  };
}

/** What a person reading a listing knows about it. */
interface Facts {
  id: string;
  title: string;
  make: string | null;
  model: string;
  category: string | null;
  features: string;
  gvw: number | null;
  axle: string | null;
  fuel: string | null;
  town: string;
  postcode: string;
}

function facts(): Facts[] {
  const { listings, scraped } = relevanceCorpus();
  const out: Facts[] = listings
    .filter((l) => l.status === 'active')
    .map((l) => ({
      id: l.id,
      title: l.title,
      make: l.make,
      model: l.model ?? '',
      category: l.category,
      features: (l.features ?? []).join(' | ').toLowerCase(),
      gvw: l.gvwTonnes,
      axle: l.axleConfig,
      fuel: l.fuelType,
      town: (l.location ?? '').toLowerCase(),
      postcode: (l.postcode ?? '').toLowerCase(),
    }));
  for (const r of scraped.filter((s) => s.isActive)) {
    const l: Listing = mapScrapedToListing(r);
    out.push({
      id: l.id,
      title: l.title,
      make: r.make ? normaliseMake(r.make) : null,
      model: r.model ?? '',
      category: l.category,
      features: '',
      gvw: null,
      axle: null,
      fuel: l.fuelType,
      town: (l.location ?? '').toLowerCase(),
      postcode: '',
    });
  }
  return out;
}

type Expect = (f: Facts) => boolean;
const category =
  (c: string): Expect =>
  (f) =>
    f.category === c;
const make =
  (m: string): Expect =>
  (f) =>
    f.make === m;
const model =
  (re: RegExp): Expect =>
  (f) =>
    re.test(f.model);
const feature =
  (re: RegExp): Expect =>
  (f) =>
    re.test(f.features);
const both =
  (a: Expect, b: Expect): Expect =>
  (f) =>
    a(f) && b(f);

/** [what the buyer types, which listings they expect]. */
const RELEVANCE_QUERIES: ReadonlyArray<[string, Expect]> = [
  ['tipper', (f) => f.category === 'tipper' || /tipper/i.test(f.title)],
  ['tippers', (f) => f.category === 'tipper' || /tipper/i.test(f.title)],
  ['tail lift', feature(/tail lift/)],
  ['tail-lift', feature(/tail lift/)],
  ['scania', make('scania')],
  ['scannia', make('scania')],
  ['SCANIA R450', both(make('scania'), model(/^R450/))],
  ['merc', make('mercedes')],
  ['Mercedes-Benz', make('mercedes')],
  ['mercedes benz actros', both(make('mercedes'), model(/^Actros/))],
  ['actros', model(/^Actros/)],
  ['volvo fh', both(make('volvo'), model(/^FH/))],
  ['globetrotter', model(/Globetrotter/)],
  ['xf480', model(/^XF 480/)],
  ['XF-480', model(/^XF 480/)],
  ['daf cf', both(make('daf'), model(/^CF/))],
  ['ford f-max', model(/^F-Max/i)],
  ['fmax', model(/^F-Max/i)],
  ['artic', category('articulated')],
  ['tractor unit', category('articulated')],
  ['fridge', category('refrigerated')],
  ['reefer', category('refrigerated')],
  ['refrigerated', category('refrigerated')],
  ['beaver', category('beavertail')],
  ['beavertail', category('beavertail')],
  ['plant lorry', category('beavertail')],
  ['curtain sider', category('curtainsider')],
  ['curtainsider', category('curtainsider')],
  ['curtain', category('curtainsider')],
  ['box van', category('box-van')],
  ['flatbed', category('flatbed')],
  ['7.5t', (f) => f.gvw === 7.5],
  ['7.5 tonne', (f) => f.gvw === 7.5],
  ['18t', (f) => f.gvw === 18],
  ['26 tonne', (f) => f.gvw === 26],
  ['32t', (f) => f.gvw === 32],
  ['44t', (f) => f.gvw === 44],
  ['8x4', (f) => f.axle === '8x4'],
  ['crane', feature(/crane/)],
  ['hiab', feature(/hiab/)],
  ['thermo king', feature(/thermo king/)],
  ['carrier fridge', both(category('refrigerated'), feature(/carrier/))],
  ['wet kit', feature(/wet kit/)],
  ['meat rails', feature(/meat rails/)],
  ['multi temp', feature(/multi-temp/)],
  ['winch', feature(/winch/)],
  ['electric', (f) => f.fuel === 'electric'],
  ['cng', (f) => f.fuel === 'cng'],
  ['isuzu', make('isuzu')],
  ['fuso canter', make('mitsubishi')],
  ['man tgx', both(make('man'), model(/^TGX/))],
  ['leeds', (f) => f.town.startsWith('leeds')],
  ['glasgow', (f) => f.town.includes('glasgow')],
  ['LS11', (f) => f.postcode.startsWith('ls11')],
];

export interface RelevanceCase {
  query: string;
  expected: Set<string>;
}

export function relevanceCases(): RelevanceCase[] {
  const all = facts();
  return RELEVANCE_QUERIES.map(([query, expect]) => ({ query, expected: new Set(all.filter(expect).map((f) => f.id)) }));
}

/** Of the first 10 results (or all, when fewer), the share a person expected. */
export function precisionAt10(resultIds: string[], expected: Set<string>): number {
  const top = resultIds.slice(0, 10);
  if (top.length === 0) return expected.size === 0 ? 1 : 0;
  return top.filter((id) => expected.has(id)).length / top.length;
}
