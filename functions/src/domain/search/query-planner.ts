/**
 * The search index's query planner: a query's filters as one ScanFilter, the choice of which
 * slots a query visits (plan, countLeftOut: none at all for facet-only queries), the counting
 * pass, and the page's slots from the presorted orders or the smallest sort keys.
 */
import { zoneMaskOf } from '../../../../shared/compliance/compliance.js';
import { DEFAULT_RADIUS_MILES } from '../../../../shared/constants.js';
import { recentlyReducedSinceMs } from '../../../../shared/price-history.js';
import { PRICE_BAND_RANK } from '../../../../shared/pricing.js';
import type { ListingSearchQuery } from '../../../../shared/schemas/listing.js';
import { validationError } from '../errors.js';
import { type Place, resolveLocation } from '../geo/geo.js';
import type { CardStore } from './card-store.js';
import type { IndexColumns } from './index-columns.js';
import { facetTables, hasFacetFilter } from './index-facets.js';
import type { LiveSummary } from './live-summary.js';
import type { PlaceTable } from './place-table.js';
import type { QueryScratch } from './query-scratch.js';
import { countLeftOut, firstWhere } from './left-out.js';
import { KEYED, type ScanFilter, scan } from './scan-kernels.js';
import { smallestKeys } from './smallest-keys.js';
import type { PresortedKey, SortedOrders } from './sorted-orders.js';
import type { Suggestions } from './suggestions.js';
import type { TermIndex } from './term-index.js';
import { scoreTokens } from './word-match.js';

/** The parts of one search index, as its modules read them. */
export interface IndexParts {
  cols: IndexColumns;
  cards: CardStore;
  places: PlaceTable;
  orders: SortedOrders;
  live: LiveSummary;
  scratch: QueryScratch;
  terms: TermIndex;
  suggestions: Suggestions;
  slotById: Map<string, number>;
}

/** A query as the index runs it (planQuery). */
export interface QueryPlan {
  place: Place | null;
  radius: number;
  /** The query's words as the term index looks them up. */
  tokens: string[];
  /** Whether the query reads the fair-price bands (a rating filter or sort). */
  rated: boolean;
  /** The page: positions start … end − 1 of the passing listings. */
  start: number;
  end: number;
  filter: ScanFilter;
  /** Per facet, per code + 1: 1 when the facet filter lets it through (facetTables). */
  facetOk: Uint8Array[];
  /** Per place id + 1: the distance from the query's place (not read without one). */
  placeDistance: Float64Array;
  /** Facet filters only: the live counts serve it, with no pass at all. */
  onlyFacets: boolean;
}

/** What the counting pass visited (null when the counts came without a scan). */
type Scanned = { list: Int32Array | null; candidates: number } | null;

/** A query's counts per facet combination, how many pass every filter, and how they were found. */
export interface Counted {
  counts: Int32Array;
  total: number;
  scanned: Scanned;
  /** The live counts less the listings the ranges left out (stamped in scratch.out). */
  complement: boolean;
  stamp: number;
}

/**
 * A query as the index takes it: the browse query, and for a dealer's storefront (issue 26) the
 * seller's account id, which the search function resolves from the query's `dealer` slug.
 */
export type IndexQuery = ListingSearchQuery & { ownerId?: string };

/** A query's place, page, sort and filters as the passes read them. */
export function planQuery(p: IndexParts, query: IndexQuery, tokens: string[], nowMs: number): QueryPlan {
  const place: Place | null = query.location ? resolveLocation(query.location) : null;
  if (query.sort === 'distance' && !place) throw validationError('sort=distance needs a postcode or town location');
  const radius = query.radius ?? DEFAULT_RADIUS_MILES;
  const maxRank = query.rating ? PRICE_BAND_RANK[query.rating] : -1;
  const wantNoCharge = zoneMaskOf(query.cleanAir ?? []);
  const byRating = query.sort === 'rating';
  const start = (query.page - 1) * query.pageSize;
  // With words, the default sort ranks by how well each listing matches (newest first among equals).
  const keyed =
    query.sort === 'distance'
      ? KEYED.distance
      : byRating
        ? KEYED.rating
        : tokens.length > 0 && query.sort === 'relevance'
          ? KEYED.score
          : KEYED.none;
  // Per place id + 1 (0: a listing without a place): its distance, whether it is within the
  // radius, and its distance sort key in tenths of a mile (after every placed listing for none).
  const tables = place ? p.places.tablesFor(place, radius) : p.places.noPlaceTables();
  const { facetOk, comboOk, comboNear } = facetTables(query);
  const filter: ScanFilter = {
    priceBounded: query.priceMin !== undefined || query.priceMax !== undefined,
    priceMin: query.priceMin ?? Number.NEGATIVE_INFINITY,
    priceMax: query.priceMax ?? Number.POSITIVE_INFINITY,
    yearBounded: query.yearMin !== undefined || query.yearMax !== undefined,
    yearMin: query.yearMin ?? Number.NEGATIVE_INFINITY,
    yearMax: query.yearMax ?? Number.POSITIVE_INFINITY,
    mileageBounded: !p.live.mileageFilterIsInert(query.mileageMin, query.mileageMax),
    // Unknown mileage is kept as 0, which any maximum of 0 or more lets through as it should.
    mileageMaxOnly: (query.mileageMin ?? 0) <= 0 && (query.mileageMax ?? 0) >= 0,
    mileageMin: query.mileageMin ?? Number.NEGATIVE_INFINITY,
    mileageMax: query.mileageMax ?? Number.POSITIVE_INFINITY,
    comboOk,
    comboNear: hasFacetFilter(query) ? comboNear : null,
    placed: place !== null,
    placeWithin: tables.within,
    placeTenths: tables.tenths,
    locationNeedle: !place && query.location ? query.location.toLowerCase() : '',
    maxRank,
    wantNoCharge,
    wantMileageOk: query.mileageConsistent === true,
    reducedSince: query.reduced === true ? recentlyReducedSinceMs(nowMs) : 0,
    owner: query.ownerId === undefined ? -1 : (p.cols.ownerCodes.get(query.ownerId) ?? -2),
    keyed,
  };
  const onlyFacets =
    keyed === KEYED.none &&
    tokens.length === 0 &&
    !query.location &&
    !filter.priceBounded &&
    !filter.yearBounded &&
    !filter.mileageBounded &&
    maxRank < 0 &&
    wantNoCharge === 0 &&
    !filter.wantMileageOk &&
    filter.reducedSince === 0 &&
    filter.owner === -1;
  return {
    place,
    radius,
    tokens,
    rated: maxRank >= 0 || byRating,
    start,
    end: start + query.pageSize,
    filter,
    facetOk,
    placeDistance: tables.distance,
    onlyFacets,
  };
}

/**
 * The counts per facet combination of the listings passing every filter but the facets, and how
 * many pass them all: from the live counts for facet-only queries, from the live counts less the
 * few listings some ranges leave out (countLeftOut), or from one pass over the candidates — with
 * words, the slots that matched them all; else those one selective filter lets through (plan), or
 * every slot.
 */
export function countPassing(p: IndexParts, qp: QueryPlan, query: ListingSearchQuery, fieldMask: number): Counted {
  const { scratch, cols, live } = p;
  const { filter, onlyFacets } = qp;
  scratch.ensurePass(cols.capacity);
  const stamp = scratch.nextStamp();
  // Besides the facets, only price, year or mileage ranges that leave out few listings (a
  // buyer's "up to 500,000 miles"): the live counts less those of the listings left out, found
  // in the presorted orders, so only those are visited.
  const complement =
    filter.keyed === KEYED.none &&
    qp.tokens.length === 0 &&
    !query.location &&
    filter.maxRank < 0 &&
    filter.wantNoCharge === 0 &&
    !filter.wantMileageOk &&
    filter.reducedSince === 0 &&
    filter.owner === -1 &&
    !onlyFacets &&
    countLeftOut(p, filter, query, stamp);
  if (onlyFacets || complement) {
    // The counts per combination of every live listing serve every such query; the page is found walking the sorted order.
    const counts = complement ? scratch.counts : live.liveComboCounts();
    const combos = live.liveCombos();
    let total = 0;
    for (let j = 0; j < combos.length; j++) total += counts[combos[j]] * filter.comboOk[combos[j]];
    return { counts, total, scanned: null, complement, stamp };
  }
  let list: Int32Array | null = null;
  let candidates = cols.highWater;
  if (qp.tokens.length > 0) {
    scratch.ensureScoring(cols.capacity);
    candidates = scoreTokens(p.terms, scratch, cols.highWater, qp.tokens, fieldMask);
    list = scratch.matched;
  } else {
    const planned = plan(p, query, filter);
    if (planned >= 0) {
      candidates = planned;
      list = scratch.candidates;
    }
  }
  const counts = scratch.counts;
  counts.fill(0);
  const total = scan(p, filter, counts, list, candidates, stamp);
  return { counts, total, scanned: { list, candidates }, complement, stamp };
}

/** The slots of the query's page, in order. */
export function pageSlotsOf(p: IndexParts, qp: QueryPlan, query: ListingSearchQuery, c: Counted): number[] {
  const { start, end, onlyFacets } = qp;
  const { comboOk } = qp.filter;
  const { total, complement, stamp } = c;
  const { orders, scratch } = p;
  const pageSlots: number[] = [];
  const sortKey: PresortedKey = query.sort === 'newest' ? 'relevance' : (query.sort as PresortedKey);
  if (qp.filter.keyed !== KEYED.none) {
    const order = orders.order('relevance');
    const factor = orders.positionFactor();
    for (const key of smallestKeys(scratch.keys.subarray(0, total), end).slice(start, end)) pageSlots.push(order[key % factor]);
  } else if (start < total && Math.min(end, total) * (p.slotById.size / total) > 2 * total) {
    // So few pass, so far apart in the sorted order, that walking it to the page's last one
    // would visit many more positions than there are passing listings: the page is the
    // smallest of their positions instead.
    const n = passingPositions(p, sortKey, comboOk, stamp, onlyFacets, complement, c.scanned);
    const order = orders.order(sortKey);
    for (const position of smallestKeys(scratch.keys.subarray(0, n), end).slice(start, end)) pageSlots.push(order[position]);
  } else if (start < total) {
    // The page: the passing slots in sorted order, walking only as far as the page's last one.
    const order = orders.order(sortKey);
    const { combo } = p.cols;
    const { pass, out } = scratch;
    const last = Math.min(end, total);
    let seen = 0;
    for (let pos = 0; pos < order.length && seen < last; pos++) {
      const s = order[pos];
      if (onlyFacets ? comboOk[combo[s]] === 0 : complement ? comboOk[combo[s]] === 0 || out[s] === stamp : pass[s] !== stamp) continue;
      if (seen >= start) pageSlots.push(s);
      seen++;
    }
  }
  return pageSlots;
}

/**
 * Puts in `scratch.keys` the position in `key`'s sorted order of every listing passing the query
 * (as the page walk would find them) and returns how many: from the facet combinations' groups
 * when the counts came without a scan (less those the ranges left out), else from what the scan
 * visited and stamped.
 */
function passingPositions(
  p: IndexParts,
  key: PresortedKey,
  comboOk: Uint8Array,
  stamp: number,
  onlyFacets: boolean,
  complement: boolean,
  scanned: Scanned,
): number {
  const ranks = p.orders.ranksOf(key);
  const { keys, out, pass } = p.scratch;
  let n = 0;
  if (onlyFacets || complement) {
    const { start, slots } = p.live.comboGroupsOf();
    const live = p.live.liveCombos();
    for (let j = 0; j < live.length; j++) {
      const c = live[j];
      if (comboOk[c] === 0) continue;
      for (let i = start[c]; i < start[c + 1]; i++) {
        const s = slots[i];
        if (complement && out[s] === stamp) continue;
        keys[n++] = ranks[s];
      }
    }
  } else if (scanned) {
    const { list, candidates } = scanned;
    for (let c = 0; c < candidates; c++) {
      const s = list === null ? c : list[c];
      if (pass[s] === stamp) keys[n++] = ranks[s];
    }
  }
  return n;
}

/**
 * The listings passing the query's most selective filter, when one lets through few enough
 * that visiting just them beats reading every slot: a radius (the places within it), the facet
 * filters (the listings of the combinations failing at most one of them: no other listing
 * counts anywhere), or a price, year or mileage range (a stretch of that sorted order). They go
 * into `scratch.candidates` in slot order; returns how many, or -1 to scan every slot. The scan
 * still checks every filter on them.
 */
function plan(p: IndexParts, query: ListingSearchQuery, f: ScanFilter): number {
  const { cols, scratch, live, orders } = p;
  // Planned candidates come back in slot order, so visiting them costs little more per listing
  // than the pass over every slot: worth it while they are under 60 % of the slots (measured on
  // the benchmark's queries at 100k: 10 % less time than a third).
  let bestSize = cols.highWater * 0.6;
  // What the smallest source is: its slots are then marked as bits, one per slot.
  let best: (() => void) | null = null;
  const consider = (size: number, mark: () => void) => {
    if (size < bestSize) {
      bestSize = size;
      best = mark;
    }
  };
  scratch.ensurePlanning(cols.capacity);
  const bits = scratch.planned;
  // Every slot of groups whose flag is 1 (place or facet-combination groups, in slot order each).
  const markGroups = (start: Int32Array, slots: Int32Array, flags: Uint8Array, groups: Int32Array | null, count: number) => {
    for (let j = 0; j < count; j++) {
      const g = groups === null ? j : groups[j];
      if (flags[g] === 0) continue;
      for (let i = start[g]; i < start[g + 1]; i++) {
        const s = slots[i];
        bits[s >>> 5] |= 1 << (s & 31);
      }
    }
  };
  if (f.owner !== -1) {
    // A dealer's stock: that seller's listings only (none when the seller has none indexed).
    const { start, slots } = live.ownerGroupsOf();
    const known = f.owner >= 0 && f.owner + 1 < start.length;
    const from = known ? start[f.owner] : 0;
    const to = known ? start[f.owner + 1] : 0;
    consider(to - from, () => {
      for (let i = from; i < to; i++) {
        const s = slots[i];
        bits[s >>> 5] |= 1 << (s & 31);
      }
    });
  }
  if (f.placed) {
    const { start, slots } = live.placeGroupsOf();
    const groups = start.length - 1;
    let size = 0;
    for (let g = 0; g < groups; g++) if (f.placeWithin[g] === 1) size += start[g + 1] - start[g];
    consider(size, () => markGroups(start, slots, f.placeWithin, null, groups));
  }
  if (f.comboNear) {
    // The listings of the facet combinations that count at all: those passing every facet filter
    // but one at most (they count towards that facet), found grouped by combination.
    const { start, slots } = live.comboGroupsOf();
    const near = f.comboNear;
    const combos = live.liveCombos();
    let size = 0;
    for (let j = 0; j < combos.length; j++) if (near[combos[j]] === 1) size += start[combos[j] + 1] - start[combos[j]];
    consider(size, () => markGroups(start, slots, near, combos, combos.length));
  }
  const range = (key: PresortedKey, column: Float64Array | Int32Array, min: number, max: number, unknownLast: boolean) => {
    const order = orders.order(key);
    // Ascending by the column, unknown (0) last when unknownLast.
    const lo = firstWhere(order, (s) => (unknownLast && column[s] === 0) || column[s] >= min);
    const hi = firstWhere(order, (s) => (unknownLast && column[s] === 0) || column[s] > max);
    consider(hi - lo, () => {
      for (let i = lo; i < hi; i++) {
        const s = order[i];
        bits[s >>> 5] |= 1 << (s & 31);
      }
    });
  };
  if (f.priceBounded) range('price-low', cols.price, f.priceMin, f.priceMax, true);
  if (f.yearBounded) range('year-old', cols.year, f.yearMin, f.yearMax, true);
  // Unknown mileage (kept as 0, first in this order) passes a mileage filter: only a maximum makes a range of it.
  if (f.mileageBounded && query.mileageMax !== undefined && query.mileageMin === undefined) {
    range('mileage-low', cols.mileage, 0, f.mileageMax, false);
  }
  if (best === null) return -1;
  // In slot order, so the scan reads the columns front to back: marked as bits, then read back
  // word by word (a sort of 30,000 slots took most of the time of a query visiting them).
  const words = (cols.highWater + 31) >>> 5;
  bits.fill(0, 0, words);
  (best as () => void)();
  const candidates = scratch.candidates;
  let k = 0;
  for (let w = 0; w < words; w++) {
    let word = bits[w];
    while (word !== 0) {
      // The lowest set bit, then clear it.
      candidates[k++] = (w << 5) | (31 - Math.clz32(word & -word));
      word &= word - 1;
    }
  }
  return k;
}
