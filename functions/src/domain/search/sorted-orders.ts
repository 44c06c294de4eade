/**
 * The search index's presorted orders: the live slots sorted per sort key (newest first, then id,
 * breaks every tie, so paging is stable), patched in place on small changes and rebuilt lazily
 * after large ones; and each slot's position in them.
 */
import type { SortOption } from '../../../../shared/constants.js';
import type { IndexColumns } from './index-columns.js';

export type PresortedKey = Exclude<SortOption, 'distance' | 'newest' | 'rating'>;
export const PRESORTED: PresortedKey[] = [
  'relevance',
  'price-low',
  'price-high',
  'year-new',
  'year-old',
  'mileage-low',
  'mileage-high',
  'reduced',
];

export class SortedOrders {
  private readonly orders = new Map<PresortedKey, number[]>();
  /** Per key, each live slot's position in that sorted order; cleared on every change. */
  private readonly rankArrays = new Map<PresortedKey, Int32Array>();
  /** Each slot's position in the recency order (the tie-break of keyed sorts), valid until a change. */
  private recencyRanks = new Int32Array(0);
  private recencyValid = false;

  constructor(
    private readonly cols: IndexColumns,
    private readonly slotById: Map<string, number>,
  ) {}

  /** Newest first, then id: the tie-break of every sort, so paging is stable. */
  private readonly byRecency = (a: number, b: number): number => {
    const { created, ids } = this.cols;
    const d = created[b] - created[a];
    if (d !== 0) return d;
    const ia = ids[a];
    const ib = ids[b];
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  };

  private comparator(key: PresortedKey): (a: number, b: number) => number {
    const { price, year, mileage, reduced } = this.cols;
    const { byRecency } = this;
    switch (key) {
      case 'relevance':
        return byRecency;
      case 'price-low':
      case 'price-high': {
        const dir = key === 'price-low' ? 1 : -1;
        // POA (unknown price) last in both directions.
        return (a, b) => {
          const pa = price[a];
          const pb = price[b];
          if ((pa === 0) !== (pb === 0)) return pa === 0 ? 1 : -1;
          return (pa - pb) * dir || byRecency(a, b);
        };
      }
      case 'year-new':
      case 'year-old': {
        const dir = key === 'year-old' ? 1 : -1;
        return (a, b) => {
          const ya = year[a];
          const yb = year[b];
          if ((ya === 0) !== (yb === 0)) return ya === 0 ? 1 : -1;
          return (ya - yb) * dir || byRecency(a, b);
        };
      }
      case 'mileage-low':
      case 'mileage-high': {
        // Spec §5: missing mileage counts as 0.
        const dir = key === 'mileage-low' ? 1 : -1;
        return (a, b) => (mileage[a] - mileage[b]) * dir || byRecency(a, b);
      }
      case 'reduced':
        // The latest cut's date, newest first; never-cut listings (0) after, newest first among them.
        return (a, b) => reduced[b] - reduced[a] || byRecency(a, b);
    }
  }

  /** The live slots in `key`'s order (sorted on first use after a large change). */
  order(key: PresortedKey): number[] {
    let order = this.orders.get(key);
    if (!order) {
      if (key === 'relevance') this.recencyValid = false;
      order = [...this.slotById.values()];
      order.sort(this.comparator(key));
      this.orders.set(key, order);
    }
    return order;
  }

  /** A snapshot's order, as slots. */
  load(key: PresortedKey, order: number[]): void {
    this.orders.set(key, order);
  }

  /** Forgets every order (a large change: each is sorted again on first use). */
  clear(): void {
    this.orders.clear();
  }

  /** What is derived from the orders is rebuilt on first use after a change. */
  changed(): void {
    this.recencyValid = false;
    this.rankArrays.clear();
  }

  /** Puts a new live slot into every order kept. */
  insert(slot: number): void {
    for (const [key, order] of this.orders) order.splice(this.lowerBound(order, this.comparator(key), slot), 0, slot);
  }

  /** Takes a slot out of every order kept (before its columns are cleared). */
  remove(slot: number): void {
    for (const [key, order] of this.orders) {
      const i = this.lowerBound(order, this.comparator(key), slot);
      if (order[i] === slot) order.splice(i, 1);
      else {
        const j = order.indexOf(slot);
        if (j >= 0) order.splice(j, 1);
      }
    }
  }

  /** First position whose slot sorts at or after `slot` (orders are total: ids break every tie). */
  private lowerBound(order: number[], cmp: (a: number, b: number) => number, slot: number): number {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(order[mid], slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Each live slot's position in a sorted order (built on first use after a change). */
  ranksOf(key: PresortedKey): Int32Array {
    if (key === 'relevance') return this.recencyRank();
    let ranks = this.rankArrays.get(key);
    if (!ranks || ranks.length < this.cols.capacity) {
      ranks = new Int32Array(this.cols.capacity);
      const order = this.order(key);
      for (let i = 0; i < order.length; i++) ranks[order[i]] = i;
      this.rankArrays.set(key, ranks);
    }
    return ranks;
  }

  /** Each live slot's position in the recency order, rebuilt on the first keyed query after a change. */
  recencyRank(): Int32Array {
    if (!this.recencyValid) {
      const order = this.order('relevance');
      if (this.recencyRanks.length < this.cols.capacity) this.recencyRanks = new Int32Array(this.cols.capacity);
      const ranks = this.recencyRanks;
      for (let i = 0; i < order.length; i++) ranks[order[i]] = i;
      this.recencyValid = true;
    }
    return this.recencyRanks;
  }

  /** Sort keys pack a position in the recency order below this factor. */
  positionFactor(): number {
    return 2 ** Math.max(20, Math.ceil(Math.log2(this.slotById.size + 1)));
  }
}
