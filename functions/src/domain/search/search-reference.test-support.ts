/**
 * The plain reference the search index's property tests compare against (search-index.test.ts):
 * every listing filtered, sorted and sliced the slow way. It is written from the rules (issue 9
 * §1 and §2, issue 13, spec §5), not from the product's code: it has its own tokeniser, plural
 * rule, typo rule (Damerau–Levenshtein distance 1) and great-circle distance, so a bug in the
 * product's text analysis (text.ts, search-doc.ts) or distance code (geo.ts) makes the two
 * disagree. It shares only data with the product: the make, category and option labels, the
 * trade's words per category and the make aliases (tables, not rules), the postcode and town
 * gazetteer (resolveLocation: where a place is), and the clean-air zone rule (shared/compliance).
 */
import { DEFAULT_RADIUS_MILES } from '../../../../shared/constants.js';
import { cabLabel, euroLabel } from '../../../../shared/listing-options.js';
import type { Listing, ListingSearchQuery, ListingSearchResult } from '../../../../shared/schemas/listing.js';
import {
  CATEGORY_VALUES,
  FUEL_VALUES,
  MAKE_VALUES,
  TRANSMISSION_VALUES,
  categoryLabel,
  fuelLabel,
  transmissionLabel,
} from '../../../../shared/values.js';
import { resolveLocation } from '../geo/geo.js';
import type { ListingRater, SearchViewer } from './search-index.js';
import { CATEGORY_WORDS, MAKE_WORDS } from './text.js';
import { entersWithoutCharge } from '../../../../shared/compliance/compliance.test-support.js';

// ---- text, from issue 9 §1 --------------------------------------------------------------------

/** Words that say nothing about which truck. */
const STOP = 'a an and at by for from in is it of on or the to with very our we this all'.split(' ');
/** What buyers add that every listing would match: dropped from what they type only. */
const NOISE = 'truck trucks lorry lorries hgv hgvs used sale uk vehicle vehicles'.split(' ');
/** How "18 tonne", "18-ton", "18tonner" are written: each means the weight "18t". */
const TONNE = ['t', 'ton', 'tons', 'tonne', 'tonnes', 'tonner', 'tonners'];

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isLetter = (c: string | undefined) => c !== undefined && c >= 'a' && c <= 'z';

/** Lower case, accents off ("é" → "e"). */
function foldText(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

/** A weight ("7.5", "18") followed by a tonne word, as one word; null otherwise. */
function asWeight(number: string, unit: string): string | null {
  return /^[0-9]+(\.[0-9]+)?$/.test(number) && TONNE.includes(unit) ? `${number}t` : null;
}

/**
 * Words: runs of letters and digits, everything else separates them, except a point between two
 * digits ("7.5t"); a weight and its tonne word, written apart or together, become "<n>t".
 */
function refWords(text: string): string[] {
  const s = foldText(text);
  const runs: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (isLetter(c) || isDigit(c)) cur += c;
    else if (c === '.' && isDigit(s[i - 1]) && isDigit(s[i + 1]) && cur !== '') cur += c;
    else if (cur !== '') {
      runs.push(cur);
      cur = '';
    }
  }
  if (cur !== '') runs.push(cur);
  const out: string[] = [];
  for (let i = 0; i < runs.length; i++) {
    const split = /^([0-9.]+)([a-z]+)$/.exec(runs[i]);
    const glued = split ? asWeight(split[1], split[2]) : null;
    const apart = i + 1 < runs.length ? asWeight(runs[i], runs[i + 1]) : null;
    if (glued) out.push(glued);
    else if (apart) {
      out.push(apart);
      i++;
    } else out.push(runs[i]);
  }
  return out;
}

/** Plurals and possessives off ("tippers", "boxes", "lorries" → "tipper", "box", "lorry"); short words and codes with digits as they are. */
function refStem(w: string): string {
  if (w.length < 4 || [...w].some(isDigit)) return w;
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (['sses', 'xes', 'ches', 'shes'].some((e) => w.endsWith(e))) return w.slice(0, -2);
  if (w.endsWith('s') && !['ss', 'us', 'is'].some((e) => w.endsWith(e))) return w.slice(0, -1);
  return w;
}

const refTerms = (text: string) =>
  refWords(text)
    .filter((w) => !STOP.includes(w))
    .map(refStem);
/** Each pair of neighbours written as one word too ("xf 480" → "xf480", "curtain sider" → "curtainsider"). */
const refGlued = (ts: string[]) => ts.slice(1).map((t, i) => refStem(ts[i] + t));
const refQueryTokens = (q: string | undefined) =>
  refWords(q ?? '')
    .filter((w) => !STOP.includes(w) && !NOISE.includes(w))
    .map(refStem);

/** What a hit in each part of a listing is worth: title, make and model above everything else. */
const WEIGHT = { title: 10, body: 6, seller: 4, features: 3, place: 3, description: 1 } as const;
type Part = keyof typeof WEIGHT;
/** Comfort features nearly every truck lists: found by the whole phrase only. */
const COMMON_FEATURES = ['electric windows', 'central locking', 'air con', 'air conditioning', 'spare keys', 'cruise control'];

/** A listing's terms, each with the parts it occurs in. */
function refDoc(l: Listing): Map<string, Set<Part>> {
  const out = new Map<string, Set<Part>>();
  const add = (part: Part, ts: string[]) => {
    for (const t of ts) out.set(t, (out.get(t) ?? new Set<Part>()).add(part));
  };
  const withPairs = (part: Part, text: string) => {
    const ts = refTerms(text);
    add(part, ts);
    add(part, refGlued(ts));
  };
  const join = (...xs: Array<string | null | undefined | false>) => xs.filter(Boolean).join(' ');
  withPairs('title', join(l.title, l.make && MAKE_WORDS[l.make].join(' '), l.model));
  withPairs(
    'body',
    join(
      l.category && `${categoryLabel(l.category)} ${CATEGORY_WORDS[l.category].join(' ')}`,
      l.axleConfig,
      l.cabType && cabLabel(l.cabType),
      l.euroStandard && euroLabel(l.euroStandard),
      l.gvwTonnes ? `${l.gvwTonnes}t` : null,
      l.fuelType && fuelLabel(l.fuelType),
      l.transmission && transmissionLabel(l.transmission),
    ),
  );
  for (const f of l.features ?? []) {
    if (COMMON_FEATURES.includes(f.trim().toLowerCase())) add('features', refGlued(refTerms(f)));
    else withPairs('features', f);
  }
  const district = l.postcode?.trim().split(/\s+/)[0];
  add('place', refTerms(join(l.location, district, l.postcode)));
  add('description', refTerms(l.description ?? ''));
  add('seller', refTerms(join(l.companyName, l.contactName)));
  return out;
}

const docCache = new WeakMap<Listing, Map<string, Set<Part>>>();
function docOf(l: Listing) {
  let d = docCache.get(l);
  if (!d) {
    d = refDoc(l);
    docCache.set(l, d);
  }
  return d;
}

/** Whether one edit — an insertion, a deletion, a substitution or a swap of neighbours — turns a into b. */
function oneTypoApart(a: string, b: string): boolean {
  // Optimal string alignment distance, in full.
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length] <= 1;
}

/**
 * Keyword matching as issue 9 §1 states it: every token must match a term of the listing exactly,
 * by prefix (the last token, 2+ letters) or — when no listing has it either way — within one typo
 * (5+ letters, not a number); a token pair is glued when a half is unknown and the glued word is
 * known. A listing's score is the sum over tokens of the best part weight × match quality (1,
 * 0.75, 0.5); anonymous visitors do not match seller names. Null without tokens.
 */
function referenceScores(all: Listing[], vocabSource: Listing[], q: string | undefined, viewer: SearchViewer): Map<string, number> | null {
  const raw = refQueryTokens(q);
  if (raw.length === 0) return null;
  const vocab = new Set(vocabSource.filter((l) => l.status === 'active').flatMap((l) => [...docOf(l).keys()]));
  const tokens: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i + 1];
    const glued = b === undefined ? '' : refStem(raw[i] + b);
    if (b !== undefined && (!vocab.has(raw[i]) || !vocab.has(b)) && vocab.has(glued)) {
      tokens.push(glued);
      i++;
    } else tokens.push(raw[i]);
  }
  const vocabList = [...vocab];
  // Per token: whether it is the last (a prefix then), and whether some listing has it either way (no typo allowed then).
  const asked = tokens.map((t, k) => {
    const asPrefix = k === tokens.length - 1 && t.length >= 2;
    const known = vocab.has(t) || (asPrefix && vocabList.some((v) => v.startsWith(t)));
    return { t, asPrefix, typo: !known && t.length >= 5 && !/^[0-9]+$/.test(t) };
  });
  const quality = ({ t, asPrefix, typo }: (typeof asked)[number], term: string): number => {
    if (term === t) return 1;
    if (asPrefix && term.startsWith(t)) return 0.75;
    if (typo && oneTypoApart(t, term)) return 0.5;
    return 0;
  };
  const out = new Map<string, number>();
  for (const l of all) {
    let total = 0;
    let ok = true;
    for (const token of asked) {
      let best = 0;
      for (const [term, parts] of docOf(l)) {
        let weight = 0;
        for (const p of parts) if (viewer === 'user' || p !== 'seller') weight = Math.max(weight, WEIGHT[p]);
        if (weight > 0) best = Math.max(best, weight * quality(token, term));
      }
      if (best === 0) ok = false;
      total += best;
    }
    if (ok) out.set(l.id, total);
  }
  return out;
}

// ---- distance ---------------------------------------------------------------------------------

/** Great-circle distance in miles on a sphere of the Earth's mean radius (3,958.8 miles), by the haversine formula. */
function refMiles(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 3958.8 * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h));
}

// ---- the deliberately naive reference: filter every listing, sort, slice --------------------

/** Days since 1970-01-01 of the calendar day in London at `ms` (read from the London wall clock). */
function ukDayNumber(ms: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(ms);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day')) / 86_400_000;
}

/** Checks of a query other than the facets (price, year, mileage, words, rating, clean air, place). */
function baseChecks(
  query: ListingSearchQuery,
  scores: Map<string, number> | null,
  rater: ListingRater | null,
  distanceOf: (l: Listing) => number | null | 'unplaceable',
  placed: boolean,
): Array<(l: Listing) => boolean> {
  const known = (p: number) => Number.isFinite(p) && p > 0;
  const radius = query.radius ?? DEFAULT_RADIUS_MILES;
  const base: Array<(l: Listing) => boolean> = [];
  if (query.priceMin !== undefined || query.priceMax !== undefined) {
    base.push((l) => known(l.price) && l.price >= (query.priceMin ?? 0) && l.price <= (query.priceMax ?? Number.POSITIVE_INFINITY));
  }
  if (query.yearMin !== undefined || query.yearMax !== undefined) {
    base.push((l) => l.year != null && l.year >= (query.yearMin ?? 0) && l.year <= (query.yearMax ?? 9999));
  }
  base.push(
    (l) => l.mileage == null || (l.mileage >= (query.mileageMin ?? 0) && l.mileage <= (query.mileageMax ?? Number.POSITIVE_INFINITY)),
  );
  if (scores) base.push((l) => scores.has(l.id));
  // Issue 13: "this band or better" (great 0 … high 3); "no clean-air charges in" every zone given.
  const rankOf = { great: 0, good: 1, fair: 2 } as const;
  const rating = query.rating;
  if (rating) base.push((l) => (rater?.rate(l)?.rank ?? 99) <= rankOf[rating]);
  for (const zone of query.cleanAir ?? []) base.push((l) => entersWithoutCharge({ ...l }, zone));
  // Issue 27: "Mileage consistent" only.
  if (query.mileageConsistent) base.push((l) => l.mileageConsistent === true);
  // Issue 26: "Recently reduced": the latest cut fell on today or one of the 13 UK calendar days before.
  if (query.reduced) base.push((l) => l.lastPriceCut != null && ukDayNumber(Date.now()) - ukDayNumber(Date.parse(l.lastPriceCut.at)) <= 13);
  // Issue 26: a dealer's stock, that seller's own listings only.
  const ownerId = (query as { ownerId?: string }).ownerId;
  if (ownerId !== undefined) base.push((l) => l.source === 'user' && l.userId === ownerId);
  if (placed) {
    base.push((l) => {
      const d = distanceOf(l);
      return d === null || (d !== 'unplaceable' && d <= radius);
    });
  } else if (query.location) {
    const needle = query.location.toLowerCase();
    base.push((l) => {
      if (!l.location && !l.postcode) return true;
      return (l.location ?? '').toLowerCase().includes(needle) || (l.postcode ?? '').toLowerCase().includes(needle);
    });
  }
  return base;
}

export function referenceSearch(
  all: Listing[],
  query: ListingSearchQuery,
  viewer: SearchViewer,
  vocabSource = all,
  rater: ListingRater | null = null,
): ListingSearchResult {
  const place = query.location ? resolveLocation(query.location) : null;
  if (query.sort === 'distance' && !place) throw new Error('distance without place');
  const radius = query.radius ?? DEFAULT_RADIUS_MILES;
  const known = (p: number) => Number.isFinite(p) && p > 0;
  const distanceOf = (l: Listing): number | null | 'unplaceable' => {
    const text = l.postcode?.trim() || l.location?.trim() || null;
    if (!text) return null;
    const at = resolveLocation(text);
    if (!at || !place) return 'unplaceable';
    return refMiles(place, at);
  };
  const scores = referenceScores(all, vocabSource, query.q, viewer);
  const base = baseChecks(query, scores, rater, distanceOf, place !== null);
  const facetChecks = {
    // Issue 9 §2: a specific make, fuel or gearbox matches only listings known to have it.
    make: (l: Listing) => !query.make || l.make === query.make,
    category: (l: Listing) => !query.category || l.category === query.category,
    fuelType: (l: Listing) => !query.fuel?.length || (l.fuelType !== null && query.fuel.includes(l.fuelType)),
    transmission: (l: Listing) => !query.transmission?.length || (l.transmission !== null && query.transmission.includes(l.transmission)),
  };
  const active = all.filter((l) => l.status === 'active');
  const passesExcept = (l: Listing, except: keyof typeof facetChecks | null) =>
    base.every((c) => c(l)) && (Object.keys(facetChecks) as (keyof typeof facetChecks)[]).every((k) => k === except || facetChecks[k](l));

  const facet = (name: keyof typeof facetChecks, values: readonly string[], get: (l: Listing) => string | null) => {
    const counts: Record<string, number> = Object.fromEntries(values.map((v) => [v, 0]));
    for (const l of active) {
      const v = get(l);
      if (v !== null && passesExcept(l, name)) counts[v]++;
    }
    return counts;
  };

  const matches = active.filter((l) => passesExcept(l, null));
  const recency = (a: Listing, b: Listing) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const lastIf = (a: boolean, b: boolean) => (a === b ? 0 : a ? 1 : -1);
  const cutMs = (l: Listing) => (l.lastPriceCut ? Date.parse(l.lastPriceCut.at) : 0);
  const tenths = (l: Listing) => {
    const d = distanceOf(l);
    return typeof d === 'number' ? Math.round(d * 10) : Number.POSITIVE_INFINITY;
  };
  const score = (l: Listing) => Math.round((scores?.get(l.id) ?? 0) * 10);
  const sorts: Record<string, (a: Listing, b: Listing) => number> = {
    relevance: scores ? (a, b) => score(b) - score(a) || recency(a, b) : recency,
    newest: recency,
    'price-low': (a, b) => lastIf(!known(a.price), !known(b.price)) || (known(a.price) ? a.price - b.price : 0) || recency(a, b),
    'price-high': (a, b) => lastIf(!known(a.price), !known(b.price)) || (known(a.price) ? b.price - a.price : 0) || recency(a, b),
    'year-new': (a, b) => lastIf(a.year == null, b.year == null) || (b.year ?? 0) - (a.year ?? 0) || recency(a, b),
    'year-old': (a, b) => lastIf(a.year == null, b.year == null) || (a.year ?? 0) - (b.year ?? 0) || recency(a, b),
    'mileage-low': (a, b) => (a.mileage ?? 0) - (b.mileage ?? 0) || recency(a, b),
    'mileage-high': (a, b) => (b.mileage ?? 0) - (a.mileage ?? 0) || recency(a, b),
    distance: (a, b) => {
      const ta = tenths(a);
      const tb = tenths(b);
      return ta === tb ? recency(a, b) : ta < tb ? -1 : 1;
    },
    // Issue 26: the latest cut's date, newest first; never cut after.
    reduced: (a, b) => cutMs(b) - cutMs(a) || recency(a, b),
    rating: (a, b) => {
      const ra = rater?.rate(a);
      const rb = rater?.rate(b);
      if (!ra || !rb) return lastIf(!ra, !rb) || recency(a, b);
      return Math.round(ra.ratio * 10_000) - Math.round(rb.ratio * 10_000) || recency(a, b);
    },
  };
  matches.sort(sorts[query.sort]);
  const lastPage = Math.max(1, Math.ceil(matches.length / query.pageSize));
  const page = matches.length > 0 && query.page > lastPage ? lastPage : query.page;
  const start = (page - 1) * query.pageSize;
  const items = matches.slice(start, start + query.pageSize).map((l) => {
    if (!place) return l;
    const d = distanceOf(l);
    return { ...l, distanceMiles: typeof d === 'number' ? Math.round(d * 10) / 10 : null };
  });
  return {
    items,
    total: matches.length,
    page,
    pageSize: query.pageSize,
    totalPages: Math.ceil(matches.length / query.pageSize),
    facets: {
      make: facet('make', MAKE_VALUES, (l) => l.make),
      category: facet('category', CATEGORY_VALUES, (l) => l.category),
      fuelType: facet('fuelType', FUEL_VALUES, (l) => l.fuelType),
      transmission: facet('transmission', TRANSMISSION_VALUES, (l) => l.transmission),
    },
    near: place ? { outcode: place.outcode, label: place.label, radiusMiles: radius } : null,
    didYouMean: null,
  };
}
