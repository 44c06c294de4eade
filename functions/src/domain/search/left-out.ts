/**
 * The planner's range stretches: where a price, year or mileage range starts and ends in its
 * presorted order, and the live counts less the few listings wide ranges leave out.
 */
import type { ListingSearchQuery } from '../../../../shared/schemas/listing.js';
import type { IndexParts } from './query-planner.js';
import type { ScanFilter } from './scan-kernels.js';
import type { PresortedKey } from './sorted-orders.js';

/**
 * For a query whose only filters besides the facets are price, year and mileage ranges: when
 * the listings those ranges may leave out are few (fewer than a third of the slots, and fewer
 * than the smallest range lets through, which plan() would visit instead), puts in
 * `scratch.counts` the live counts per facet combination less those of the listings left out,
 * marks those with `stamp` in `scratch.out`, and returns true. Each range's candidates for
 * leaving out are the two ends of its presorted order (ascending, unknown price or year last,
 * unknown mileage first as 0): all fail that range but unknown mileage, which is passed over; a
 * listing left out by two ranges is counted once. Returns false (nothing done) otherwise.
 */
export function countLeftOut(p: IndexParts, f: ScanFilter, query: ListingSearchQuery, stamp: number): boolean {
  const stretches: Array<{ order: number[]; lo: number; hi: number; which: 0 | 1 | 2 }> = [];
  const { price, year, mileage, hasMileage, combo, highWater } = p.cols;
  let visits = 0;
  let smallestIn = Number.POSITIVE_INFINITY;
  const add = (key: PresortedKey, column: Float64Array | Int32Array, min: number, max: number, which: 0 | 1 | 2) => {
    const order = p.orders.order(key);
    const unknownLast = which !== 2;
    const lo = firstWhere(order, (s) => (unknownLast && column[s] === 0) || column[s] >= min);
    const hi = firstWhere(order, (s) => (unknownLast && column[s] === 0) || column[s] > max);
    stretches.push({ order, lo, hi, which });
    visits += lo + (order.length - hi);
    // What plan() would visit: the range's own stretch (mileage only for a maximum alone).
    if (which !== 2 || query.mileageMin === undefined) smallestIn = Math.min(smallestIn, which === 2 ? hi : hi - lo);
  };
  if (f.priceBounded) add('price-low', price, f.priceMin, f.priceMax, 0);
  if (f.yearBounded) add('year-old', year, f.yearMin, f.yearMax, 1);
  if (f.mileageBounded) add('mileage-low', mileage, f.mileageMin, f.mileageMax, 2);
  if (stretches.length === 0 || visits >= highWater / 3 || visits >= smallestIn) return false;
  const counts = p.scratch.counts;
  counts.set(p.live.liveComboCounts());
  const out = p.scratch.out;
  for (const { order, lo, hi, which } of stretches) {
    // Outside [lo, hi) every listing fails the range (a bounded price or year range needs a known
    // value; unknown ones sort last, past hi), except unknown mileage: kept as 0, first in its
    // order, before lo when there is a minimum, and let through by any mileage range.
    const unknownPasses = which === 2;
    for (let i = 0; i < lo; i++) {
      const s = order[i];
      if ((unknownPasses && hasMileage[s] === 0) || out[s] === stamp) continue;
      out[s] = stamp;
      counts[combo[s]]--;
    }
    for (let i = hi; i < order.length; i++) {
      const s = order[i];
      if (out[s] === stamp) continue;
      out[s] = stamp;
      counts[combo[s]]--;
    }
  }
  return true;
}

/** The first position in `order` where `past` holds (it holds from there to the end). */
export function firstWhere(order: number[], past: (slot: number) => boolean): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (past(order[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
