/**
 * What the search index derives from its live listings as a whole and keeps until the next
 * change: the live count per facet combination, the combinations that have any, the live slots
 * grouped by combination and by place, and the range of known mileages.
 */
import { COMBOS } from './index-facets.js';
import type { IndexColumns } from './index-columns.js';
import type { PlaceTable } from './place-table.js';

/** Slots grouped by a key: group g's slots, in slot order, are `slots[start[g]]` up to `slots[start[g + 1]]`. */
export interface SlotGroups {
  start: Int32Array;
  slots: Int32Array;
}

export class LiveSummary {
  /** Live listings per facet combination, for queries with no other filter; null after a change. */
  private comboCounts: Int32Array | null = null;
  /** The facet combinations that have live listings, in order (no other can count anywhere); null after a change. */
  private liveComboList: Int32Array | null = null;
  /** Live slots grouped by owner code (IndexColumns.ownerCode). */
  ownerGroupsOf(): SlotGroups {
    this.ownerGroups ??= this.liveSlotsGrouped(this.cols.owner, 0, this.cols.ownerIds.length);
    return this.ownerGroups;
  }

  /** Live slots grouped by place id + 1 (group 0: no place), for radius searches; null after a change. */
  private placeGroups: SlotGroups | null = null;
  /** Live slots grouped by facet combination, for queries with facet filters; null after a change. */
  private comboGroups: SlotGroups | null = null;
  /** Live slots grouped by owner code, for a dealer's stock (issue 26); null after a change. */
  private ownerGroups: SlotGroups | null = null;
  /** The lowest and highest known mileage of the live listings; null after a change. */
  private mileageRange: { lo: number; hi: number } | null = null;

  constructor(
    private readonly cols: IndexColumns,
    private readonly places: PlaceTable,
  ) {}

  /** Everything is worked out again on first use after a change. */
  changed(): void {
    this.comboCounts = null;
    this.liveComboList = null;
    this.placeGroups = null;
    this.comboGroups = null;
    this.ownerGroups = null;
    this.mileageRange = null;
  }

  /** Live slots grouped by facet combination (comboOf). */
  comboGroupsOf(): SlotGroups {
    this.comboGroups ??= this.liveSlotsGrouped(this.cols.combo, 0, COMBOS);
    return this.comboGroups;
  }

  /** Live slots grouped by place id + 1 (group 0: listings without a place). */
  placeGroupsOf(): SlotGroups {
    this.placeGroups ??= this.liveSlotsGrouped(this.cols.placeId, 1, this.places.count + 1);
    return this.placeGroups;
  }

  /** Live slots grouped by `key[slot] + offset` (a counting sort). */
  private liveSlotsGrouped(key: ArrayLike<number>, offset: number, groups: number): SlotGroups {
    const start = new Int32Array(groups + 1);
    const { alive, highWater } = this.cols;
    for (let s = 0; s < highWater; s++) if (alive[s] === 1) start[key[s] + offset + 1]++;
    for (let g = 0; g < groups; g++) start[g + 1] += start[g];
    const fill = start.slice(0, groups);
    const slots = new Int32Array(start[groups]);
    for (let s = 0; s < highWater; s++) if (alive[s] === 1) slots[fill[key[s] + offset]++] = s;
    return { start, slots };
  }

  /**
   * Whether a mileage filter lets every listing through: no bounds, or bounds around every known
   * mileage (unknown mileage passes any). Such a filter is dropped, so it costs nothing: a buyer's
   * "up to 2,000,000 miles" is the same query as none.
   */
  mileageFilterIsInert(min: number | undefined, max: number | undefined): boolean {
    if (min === undefined && max === undefined) return true;
    if (this.mileageRange === null) {
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      const { mileage, hasMileage, alive, highWater } = this.cols;
      for (let s = 0; s < highWater; s++) {
        if (alive[s] === 0 || hasMileage[s] === 0) continue;
        if (mileage[s] < lo) lo = mileage[s];
        if (mileage[s] > hi) hi = mileage[s];
      }
      this.mileageRange = { lo, hi };
    }
    return (min === undefined || min <= this.mileageRange.lo) && (max === undefined || max >= this.mileageRange.hi);
  }

  /** The facet combinations with live listings, in order. */
  liveCombos(): Int32Array {
    if (this.liveComboList === null) {
      const counts = this.liveComboCounts();
      let n = 0;
      for (let c = 0; c < COMBOS; c++) if (counts[c] > 0) n++;
      const list = new Int32Array(n);
      n = 0;
      for (let c = 0; c < COMBOS; c++) if (counts[c] > 0) list[n++] = c;
      this.liveComboList = list;
    }
    return this.liveComboList;
  }

  /** Live listings per facet combination. */
  liveComboCounts(): Int32Array {
    if (this.comboCounts === null) {
      const counts = new Int32Array(COMBOS);
      const { combo, alive, highWater } = this.cols;
      for (let s = 0; s < highWater; s++) counts[combo[s]] += alive[s];
      this.comboCounts = counts;
    }
    return this.comboCounts;
  }
}
