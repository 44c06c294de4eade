/**
 * The search index's facets: each listing's make, category, fuel and gearbox as codes, the four
 * codes packed into one facet combination, a query's facet filters as tables over the
 * combinations, and the facet counts of a result worked out from its counts per combination.
 */
import type { ListingSearchQuery, ListingSearchResult } from '../../../../shared/schemas/listing.js';
import { CATEGORY_VALUES, FUEL_VALUES, MAKE_VALUES, TRANSMISSION_VALUES } from '../../../../shared/values.js';

const codeMap = (values: readonly string[]) => new Map(values.map((v, i) => [v, i]));
export const MAKE_CODE = codeMap(MAKE_VALUES);
export const CATEGORY_CODE = codeMap(CATEGORY_VALUES);
export const FUEL_CODE = codeMap(FUEL_VALUES);
export const TRANSMISSION_CODE = codeMap(TRANSMISSION_VALUES);

/** A value's code in a facet's list, −1 for none or an unknown value. */
export const code = (map: Map<string, number>, v: string | null | undefined) => (v == null ? -1 : (map.get(v) ?? -1));

/**
 * A listing's four facet codes as one number (each code + 1, so unknown is 0): a query counts
 * listings per combination — one counter per listing instead of four — and derives each facet's
 * counts from the few thousand combinations afterwards.
 */
const FACET_SIZES = [MAKE_VALUES.length + 1, CATEGORY_VALUES.length + 1, FUEL_VALUES.length + 1, TRANSMISSION_VALUES.length + 1];
export const COMBOS = FACET_SIZES.reduce((a, b) => a * b, 1);
export const comboOf = (mk: number, cat: number, fu: number, tr: number) =>
  (((mk + 1) * FACET_SIZES[1] + cat + 1) * FACET_SIZES[2] + fu + 1) * FACET_SIZES[3] + tr + 1;
/** Each combination's facet codes (-1 unknown). */
const COMBO_CODES = (() => {
  const out = {
    make: new Int8Array(COMBOS),
    category: new Int8Array(COMBOS),
    fuel: new Int8Array(COMBOS),
    transmission: new Int8Array(COMBOS),
  };
  for (let c = 0; c < COMBOS; c++) {
    let rest = c;
    out.transmission[c] = (rest % FACET_SIZES[3]) - 1;
    rest = Math.floor(rest / FACET_SIZES[3]);
    out.fuel[c] = (rest % FACET_SIZES[2]) - 1;
    rest = Math.floor(rest / FACET_SIZES[2]);
    out.category[c] = (rest % FACET_SIZES[1]) - 1;
    out.make[c] = Math.floor(rest / FACET_SIZES[1]) - 1;
  }
  return out;
})();

/** A query's facet filters as tables (facetTables); read only. */
export interface FacetTables {
  /** Per facet (make, category, fuel, gearbox), per code + 1: 1 when the filter lets it through. */
  facetOk: Uint8Array[];
  /** Per combination: 1 when it passes all four filters. */
  comboOk: Uint8Array;
  /** Per combination: 1 when it fails at most one (it still counts towards that facet; no other listing counts anywhere). */
  comboNear: Uint8Array;
}
const FACET_TABLES = new Map<string, FacetTables>();
/** Distinct facet filter sets kept (each about 8 KB). */
const FACET_TABLES_KEPT = 256;

/**
 * The tables of a query's facet filters. A specific make, fuel or gearbox matches only listings
 * known to have it (issue 9 §2). They depend on the filters alone, not on the listings, so each
 * set of filters is worked out once (about 45 µs over the 3,960 combinations) and kept.
 */
export function facetTables(query: ListingSearchQuery): FacetTables {
  const key = `${query.make ?? ''}|${query.category ?? ''}|${query.fuel.join(',')}|${query.transmission.join(',')}`;
  let tables = FACET_TABLES.get(key);
  if (tables) return tables;
  const facetOk = [
    facetFilter(MAKE_CODE, query.make ? [query.make] : undefined),
    facetFilter(CATEGORY_CODE, query.category ? [query.category] : undefined),
    facetFilter(FUEL_CODE, query.fuel),
    facetFilter(TRANSMISSION_CODE, query.transmission),
  ];
  const comboOk = new Uint8Array(COMBOS);
  const comboNear = new Uint8Array(COMBOS);
  for (let c = 0; c < COMBOS; c++) {
    const m = facetOk[0][COMBO_CODES.make[c] + 1];
    const k = facetOk[1][COMBO_CODES.category[c] + 1];
    const u = facetOk[2][COMBO_CODES.fuel[c] + 1];
    const t = facetOk[3][COMBO_CODES.transmission[c] + 1];
    comboOk[c] = m & k & u & t;
    comboNear[c] = +(m + k + u + t >= 3);
  }
  tables = { facetOk, comboOk, comboNear };
  if (FACET_TABLES.size >= FACET_TABLES_KEPT) FACET_TABLES.clear();
  FACET_TABLES.set(key, tables);
  return tables;
}

/** Forgets every kept set of facet tables (the benchmark's uncached figure: SearchIndex.forgetQueryMemos). */
export function forgetFacetTables(): void {
  FACET_TABLES.clear();
}

/** Per code + 1 (0: unknown), 1 when a facet filter of these values (none: any, unknown too) lets it through. */
function facetFilter(codes: Map<string, number>, wanted: readonly string[] | undefined): Uint8Array {
  const ok = new Uint8Array(codes.size + 1);
  if (!wanted || wanted.length === 0) return ok.fill(1);
  for (const v of wanted) {
    const c = codes.get(v);
    if (c !== undefined) ok[c + 1] = 1;
  }
  return ok;
}

/** Whether a query filters by make, category, fuel or gearbox. */
export const hasFacetFilter = (query: ListingSearchQuery) =>
  query.make !== undefined || query.category !== undefined || query.fuel.length > 0 || query.transmission.length > 0;

/**
 * A result's facet counts from its counts per combination of the listings passing every filter
 * but the facets: each facet counts the listings passing the other three facet filters
 * (disjunctive facets). Only the combinations in `live` (those with live listings) are read.
 */
export function facetCounts(counts: Int32Array, live: Int32Array, facetOk: Uint8Array[]): ListingSearchResult['facets'] {
  const facets = {
    make: new Int32Array(MAKE_VALUES.length),
    category: new Int32Array(CATEGORY_VALUES.length),
    fuelType: new Int32Array(FUEL_VALUES.length),
    transmission: new Int32Array(TRANSMISSION_VALUES.length),
  };
  for (let j = 0; j < live.length; j++) {
    const c = live[j];
    const n = counts[c];
    if (n === 0) continue;
    const mk = COMBO_CODES.make[c];
    const cat = COMBO_CODES.category[c];
    const fu = COMBO_CODES.fuel[c];
    const tr = COMBO_CODES.transmission[c];
    const mOk = facetOk[0][mk + 1];
    const cOk = facetOk[1][cat + 1];
    const fOk = facetOk[2][fu + 1];
    const tOk = facetOk[3][tr + 1];
    if (mk >= 0 && cOk & fOk & tOk) facets.make[mk] += n;
    if (cat >= 0 && mOk & fOk & tOk) facets.category[cat] += n;
    if (fu >= 0 && mOk & cOk & tOk) facets.fuelType[fu] += n;
    if (tr >= 0 && mOk & cOk & fOk) facets.transmission[tr] += n;
  }
  return {
    make: toCounts(MAKE_VALUES, facets.make),
    category: toCounts(CATEGORY_VALUES, facets.category),
    fuelType: toCounts(FUEL_VALUES, facets.fuelType),
    transmission: toCounts(TRANSMISSION_VALUES, facets.transmission),
  };
}

function toCounts<T extends string>(values: readonly T[], counts: Int32Array): Record<T, number> {
  const out = {} as Record<T, number>;
  values.forEach((v, i) => {
    out[v] = counts[i];
  });
  return out;
}
