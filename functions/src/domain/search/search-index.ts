import { DEFAULT_RADIUS_MILES, type SortOption } from '../../../../shared/constants.js';
import type { Listing, ListingSearchQuery, ListingSearchResult } from '../../../../shared/schemas/listing.js';
import { CATEGORY_VALUES, FUEL_VALUES, MAKE_VALUES, TRANSMISSION_VALUES } from '../../../../shared/values.js';
import { validationError } from '../errors.js';
import { type Place, createPlaceCache, distanceMiles, resolveLocation } from '../geo/geo.js';

/** Whose search it is: anonymous visitors cannot match on seller names (they are masked). */
export type SearchViewer = 'anonymous' | 'user';

type PresortedKey = Exclude<SortOption, 'distance'>;
const PRESORTED: PresortedKey[] = ['relevance', 'price-low', 'price-high', 'year-new', 'year-old', 'mileage-low', 'mileage-high'];

/** Larger change batches rebuild the sorted orders instead of patching them one by one. */
const PATCH_LIMIT = 2_000;
/** Distance sort key for listings without a location: after every placed one. */
const NO_DISTANCE_TENTHS = 2 ** 29;

const codeMap = (values: readonly string[]) => new Map(values.map((v, i) => [v, i]));
const MAKE_CODE = codeMap(MAKE_VALUES);
const CATEGORY_CODE = codeMap(CATEGORY_VALUES);
const FUEL_CODE = codeMap(FUEL_VALUES);
const TRANSMISSION_CODE = codeMap(TRANSMISSION_VALUES);

const code = (map: Map<string, number>, v: string | null | undefined) => (v == null ? -1 : (map.get(v) ?? -1));

/** Lower-case words of the search text; each must appear in one of the searchable fields. */
export function searchTokens(q: string | undefined): string[] {
  return q ? q.toLowerCase().split(/\s+/).filter(Boolean) : [];
}

/** Where a listing is, for radius search: its postcode, else its location text. */
export function listingPlaceText(l: Pick<Listing, 'postcode' | 'location'>): string | null {
  return l.postcode?.trim() || l.location?.trim() || null;
}

export const hasKnownPrice = (price: number | null | undefined) => typeof price === 'number' && Number.isFinite(price) && price > 0;

/**
 * The in-memory search index (docs/data-model.md "Search"): a columnar projection of every active
 * listing — typed arrays for the numeric and coded fields, lower-cased text for matching — plus a
 * presorted slot order per sort key, patched in place on small changes and rebuilt lazily after
 * large ones. A query is one pass over the presorted order that evaluates the filters, counts the
 * total and the disjunctive facets, and keeps only the requested page; distance sort selects the
 * page from a packed (distance, recency) key.
 */
export class SearchIndex {
  private capacity = 0;
  private highWater = 0;
  private readonly slotById = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  private listings: (Listing | undefined)[] = [];
  private ids: string[] = [];
  private price = new Float64Array(0);
  private year = new Int32Array(0);
  private mileage = new Float64Array(0);
  private hasMileage = new Uint8Array(0);
  private created = new Float64Array(0);
  private make = new Int8Array(0);
  private category = new Int8Array(0);
  private fuel = new Int8Array(0);
  private transmission = new Int8Array(0);
  /** 0 no location given, 1 placed (lat/lon valid), 2 given but not placeable. */
  private locState = new Uint8Array(0);
  /** Index into placeLat/placeLon: listings share the ~2,800 district centroids, so a query measures each once. */
  private placeId = new Int32Array(0);
  private readonly placeIdByKey = new Map<string, number>();
  private readonly placeLat: number[] = [];
  private readonly placeLon: number[] = [];
  private publicText: string[] = [];
  private sellerText: string[] = [];
  private locationText: string[] = [];
  /**
   * Word → slots posting lists for text search. A search token has no whitespace, so it occurs in
   * a field only inside one of its words: the few thousand distinct words are scanned instead of
   * every listing. Lists are append-only (stale entries are filtered by re-checking the text) and
   * rebuilt when mostly stale.
   */
  private readonly publicWords = new Map<string, number[]>();
  private readonly sellerWords = new Map<string, number[]>();
  private wordCount = new Int32Array(0);
  private livePostings = 0;
  private totalPostings = 0;
  private readonly orders = new Map<PresortedKey, number[]>();
  private readonly placeOf = createPlaceCache();
  /** Scratch buffers reused by every query (search is synchronous), so a query allocates next to nothing. */
  private scratchKeys = new Float64Array(0);
  private scratchHits = new Uint8Array(0);

  get size(): number {
    return this.slotById.size;
  }

  has(id: string): boolean {
    return this.slotById.has(id);
  }

  get(id: string): Listing | undefined {
    const slot = this.slotById.get(id);
    return slot === undefined ? undefined : this.listings[slot];
  }

  /** Adds or replaces listings; anything not active is removed instead. */
  upsertMany(listings: Listing[]): void {
    const patch = listings.length <= PATCH_LIMIT;
    if (!patch) this.orders.clear();
    for (const l of listings) {
      if (l.status !== 'active') this.removeOne(l.id, patch);
      else this.upsertOne(l, patch);
    }
  }

  removeMany(ids: string[]): void {
    const patch = ids.length <= PATCH_LIMIT;
    if (!patch) this.orders.clear();
    for (const id of ids) this.removeOne(id, patch);
  }

  /** Builds every sorted order now (after a cold-start load) so the first queries do not pay for it. */
  warm(): void {
    for (const key of PRESORTED) this.order(key);
  }

  /** The n newest active listings. */
  latest(n: number): Listing[] {
    return this.order('relevance')
      .slice(0, n)
      .map((slot) => this.listings[slot]!);
  }

  private upsertOne(l: Listing, patch: boolean): void {
    let slot = this.slotById.get(l.id);
    if (slot !== undefined) {
      if (patch) for (const [key, order] of this.orders) this.removeFromOrder(order, key, slot);
    } else {
      slot = this.freeSlots.pop() ?? this.highWater++;
      if (slot >= this.capacity) this.grow(Math.max(1024, this.capacity * 2));
      this.slotById.set(l.id, slot);
    }
    this.write(slot, l);
    if (patch) for (const [key, order] of this.orders) this.insertIntoOrder(order, key, slot);
  }

  private removeOne(id: string, patch: boolean): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    if (patch) for (const [key, order] of this.orders) this.removeFromOrder(order, key, slot);
    this.slotById.delete(id);
    this.livePostings -= this.wordCount[slot];
    this.wordCount[slot] = 0;
    this.listings[slot] = undefined;
    this.ids[slot] = '';
    this.publicText[slot] = '';
    this.sellerText[slot] = '';
    this.locationText[slot] = '';
    this.freeSlots.push(slot);
  }

  private write(slot: number, l: Listing): void {
    this.listings[slot] = l;
    this.ids[slot] = l.id;
    this.price[slot] = hasKnownPrice(l.price) ? l.price : 0;
    this.year[slot] = l.year ?? 0;
    this.hasMileage[slot] = l.mileage == null ? 0 : 1;
    this.mileage[slot] = l.mileage ?? 0;
    this.created[slot] = Date.parse(l.createdAt) || 0;
    this.make[slot] = code(MAKE_CODE, l.make);
    this.category[slot] = code(CATEGORY_CODE, l.category);
    this.fuel[slot] = code(FUEL_CODE, l.fuelType);
    this.transmission[slot] = code(TRANSMISSION_CODE, l.transmission);
    const placeText = listingPlaceText(l);
    const place = placeText ? this.placeOf(placeText) : null;
    this.locState[slot] = placeText === null ? 0 : place ? 1 : 2;
    this.placeId[slot] = place ? this.placeIdOf(place) : -1;
    this.publicText[slot] = `${l.title ?? ''}\n${l.location ?? ''}`.toLowerCase();
    this.sellerText[slot] = `${l.companyName ?? ''}\n${l.contactName ?? ''}`.toLowerCase();
    this.indexWords(slot);
    this.locationText[slot] = [l.location, l.postcode].filter(Boolean).join('\n').toLowerCase();
  }

  private placeIdOf(place: Place): number {
    const key = `${place.lat},${place.lon}`;
    let id = this.placeIdByKey.get(key);
    if (id === undefined) {
      id = this.placeLat.length;
      this.placeLat.push(place.lat);
      this.placeLon.push(place.lon);
      this.placeIdByKey.set(key, id);
    }
    return id;
  }

  private indexWords(slot: number): void {
    this.livePostings -= this.wordCount[slot];
    let n = 0;
    const add = (map: Map<string, number[]>, text: string) => {
      for (const word of new Set(text.split(/\s+/))) {
        if (!word) continue;
        const list = map.get(word);
        if (list) list.push(slot);
        else map.set(word, [slot]);
        n++;
      }
    };
    add(this.publicWords, this.publicText[slot]);
    add(this.sellerWords, this.sellerText[slot]);
    this.wordCount[slot] = n;
    this.livePostings += n;
    this.totalPostings += n;
    if (this.totalPostings > 2 * this.livePostings + 10_000) this.rebuildWords();
  }

  private rebuildWords(): void {
    this.publicWords.clear();
    this.sellerWords.clear();
    this.totalPostings = 0;
    this.livePostings = 0;
    for (const slot of this.slotById.values()) {
      this.wordCount[slot] = 0;
      this.indexWords(slot);
    }
  }

  /** Per slot, how many of the tokens (in order) its words contain; candidates still need the text re-checked. */
  private tokenHits(tokens: string[], matchSeller: boolean): Uint8Array {
    if (this.scratchHits.length < this.highWater) this.scratchHits = new Uint8Array(this.capacity);
    const hits = this.scratchHits;
    hits.fill(0, 0, this.highWater);
    for (let k = 0; k < tokens.length; k++) {
      const t = tokens[k];
      const visit = (map: Map<string, number[]>) => {
        for (const [word, slots] of map) {
          if (!word.includes(t)) continue;
          for (let i = 0; i < slots.length; i++) if (hits[slots[i]] === k) hits[slots[i]] = k + 1;
        }
      };
      visit(this.publicWords);
      if (matchSeller) visit(this.sellerWords);
    }
    return hits;
  }

  private grow(capacity: number): void {
    const copy = <T extends Float64Array | Int32Array | Int8Array | Uint8Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.price = copy(this.price, (n) => new Float64Array(n));
    this.year = copy(this.year, (n) => new Int32Array(n));
    this.mileage = copy(this.mileage, (n) => new Float64Array(n));
    this.hasMileage = copy(this.hasMileage, (n) => new Uint8Array(n));
    this.created = copy(this.created, (n) => new Float64Array(n));
    this.make = copy(this.make, (n) => new Int8Array(n));
    this.category = copy(this.category, (n) => new Int8Array(n));
    this.fuel = copy(this.fuel, (n) => new Int8Array(n));
    this.transmission = copy(this.transmission, (n) => new Int8Array(n));
    this.locState = copy(this.locState, (n) => new Uint8Array(n));
    this.placeId = copy(this.placeId, (n) => new Int32Array(n));
    this.wordCount = copy(this.wordCount, (n) => new Int32Array(n));
    this.capacity = capacity;
  }

  // ---- sorted orders -------------------------------------------------------------------------

  /** Newest first, then id: the tie-break of every sort, so paging is stable. */
  private readonly byRecency = (a: number, b: number): number => {
    const d = this.created[b] - this.created[a];
    if (d !== 0) return d;
    const ia = this.ids[a];
    const ib = this.ids[b];
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  };

  private comparator(key: PresortedKey): (a: number, b: number) => number {
    const { price, year, mileage, byRecency } = this;
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
    }
  }

  private order(key: PresortedKey): number[] {
    let order = this.orders.get(key);
    if (!order) {
      order = [...this.slotById.values()];
      order.sort(this.comparator(key));
      this.orders.set(key, order);
    }
    return order;
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

  private removeFromOrder(order: number[], key: PresortedKey, slot: number): void {
    const i = this.lowerBound(order, this.comparator(key), slot);
    if (order[i] === slot) order.splice(i, 1);
    else {
      const j = order.indexOf(slot);
      if (j >= 0) order.splice(j, 1);
    }
  }

  private insertIntoOrder(order: number[], key: PresortedKey, slot: number): void {
    order.splice(this.lowerBound(order, this.comparator(key), slot), 0, slot);
  }

  // ---- querying ------------------------------------------------------------------------------

  search(query: ListingSearchQuery, viewer: SearchViewer): ListingSearchResult {
    const place: Place | null = query.location ? resolveLocation(query.location) : null;
    if (query.sort === 'distance' && !place) throw validationError('sort=distance needs a postcode or town location');
    const radius = query.radius ?? DEFAULT_RADIUS_MILES;
    const tokens = searchTokens(query.q);
    const matchSeller = viewer === 'user';
    const locationNeedle = !place && query.location ? query.location.toLowerCase() : null;

    const priceMin = query.priceMin;
    const priceMax = query.priceMax;
    const priceBounded = priceMin !== undefined || priceMax !== undefined;
    const yearMin = query.yearMin;
    const yearMax = query.yearMax;
    const yearBounded = yearMin !== undefined || yearMax !== undefined;
    const mileageMin = query.mileageMin ?? Number.NEGATIVE_INFINITY;
    const mileageMax = query.mileageMax ?? Number.POSITIVE_INFINITY;
    const mileageBounded = query.mileageMin !== undefined || query.mileageMax !== undefined;

    const wantMake = query.make ? code(MAKE_CODE, query.make) : -1;
    const wantCategory = query.category ? code(CATEGORY_CODE, query.category) : -1;
    let fuelMask = 0;
    for (const f of query.fuel ?? []) fuelMask |= 1 << code(FUEL_CODE, f);
    let transmissionMask = 0;
    for (const t of query.transmission ?? []) transmissionMask |= 1 << code(TRANSMISSION_CODE, t);

    const makeFacet = new Int32Array(MAKE_VALUES.length);
    const categoryFacet = new Int32Array(CATEGORY_VALUES.length);
    const fuelFacet = new Int32Array(FUEL_VALUES.length);
    const transmissionFacet = new Int32Array(TRANSMISSION_VALUES.length);

    const { price, year, mileage, hasMileage, make, category, fuel, transmission, locState, placeId } = this;
    const { publicText, sellerText, locationText } = this;
    const pageSize = query.pageSize;
    const start = (query.page - 1) * pageSize;
    const end = start + pageSize;
    const byDistance = query.sort === 'distance';
    const order = this.order(query.sort === 'distance' ? 'relevance' : query.sort);
    const placeDistance = new Float64Array(this.placeLat.length);
    if (place) {
      for (let i = 0; i < placeDistance.length; i++)
        placeDistance[i] = distanceMiles(place.lat, place.lon, this.placeLat[i], this.placeLon[i]);
    }
    const hits = tokens.length > 0 ? this.tokenHits(tokens, matchSeller) : null;
    const tokenCount = tokens.length;

    const pageSlots: number[] = [];
    // Distance sort: the matches' packed keys, (distance in tenths of a mile) × 2^k + position in recency order.
    const positionBits = 2 ** Math.max(20, Math.ceil(Math.log2(order.length + 1)));
    if (byDistance && this.scratchKeys.length < order.length) this.scratchKeys = new Float64Array(this.capacity);
    const distanceKeys = this.scratchKeys;
    let total = 0;

    for (let pos = 0; pos < order.length; pos++) {
      const s = order[pos];
      if (priceBounded) {
        const p = price[s];
        if (p === 0 || (priceMin !== undefined && p < priceMin) || (priceMax !== undefined && p > priceMax)) continue;
      }
      if (yearBounded) {
        const y = year[s];
        if (y === 0 || (yearMin !== undefined && y < yearMin) || (yearMax !== undefined && y > yearMax)) continue;
      }
      if (mileageBounded && hasMileage[s] === 1 && (mileage[s] < mileageMin || mileage[s] > mileageMax)) continue;

      // Facet filters: a listing failing exactly one still counts towards that facet.
      let fails = 0;
      let failed = 0;
      const mk = make[s];
      if (wantMake >= 0 && mk >= 0 && mk !== wantMake) {
        fails++;
        failed = 1;
      }
      const cat = category[s];
      if (wantCategory >= 0 && cat !== wantCategory) {
        fails++;
        failed = 2;
      }
      const fu = fuel[s];
      if (fuelMask !== 0 && fu >= 0 && ((fuelMask >> fu) & 1) === 0) {
        fails++;
        failed = 3;
      }
      const tr = transmission[s];
      if (transmissionMask !== 0 && tr >= 0 && ((transmissionMask >> tr) & 1) === 0) {
        fails++;
        failed = 4;
      }
      if (fails > 1) continue;

      if (hits !== null) {
        if (hits[s] !== tokenCount) continue;
        const pub = publicText[s];
        const seller = matchSeller ? sellerText[s] : '';
        let ok = true;
        for (const t of tokens) {
          if (!pub.includes(t) && !(matchSeller && seller.includes(t))) {
            ok = false;
            break;
          }
        }
        if (!ok) continue;
      }

      let tenths = NO_DISTANCE_TENTHS;
      if (place) {
        const state = locState[s];
        if (state === 2) continue;
        if (state === 1) {
          const d = placeDistance[placeId[s]];
          if (d > radius) continue;
          tenths = Math.round(d * 10);
        }
      } else if (locationNeedle !== null) {
        const text = locationText[s];
        if (text !== '' && !text.includes(locationNeedle)) continue;
      }

      if (fails === 1) {
        if (failed === 1) makeFacet[mk]++;
        else if (failed === 2) {
          if (cat >= 0) categoryFacet[cat]++;
        } else if (failed === 3) fuelFacet[fu]++;
        else transmissionFacet[tr]++;
        continue;
      }

      if (mk >= 0) makeFacet[mk]++;
      if (cat >= 0) categoryFacet[cat]++;
      if (fu >= 0) fuelFacet[fu]++;
      if (tr >= 0) transmissionFacet[tr]++;
      if (byDistance) {
        distanceKeys[total] = tenths * positionBits + pos;
      } else if (total >= start && total < end) pageSlots.push(s);
      total++;
    }

    if (byDistance) {
      for (const key of smallestKeys(distanceKeys.subarray(0, total), end).slice(start, end)) {
        pageSlots.push(order[key % positionBits]);
      }
    }

    const items = pageSlots.map((s) => {
      const listing = this.listings[s]!;
      if (!place) return listing;
      return {
        ...listing,
        distanceMiles: locState[s] === 1 ? Math.round(placeDistance[placeId[s]] * 10) / 10 : null,
      };
    });

    return {
      items,
      total,
      page: query.page,
      pageSize,
      totalPages: Math.ceil(total / pageSize),
      facets: {
        make: toCounts(MAKE_VALUES, makeFacet),
        category: toCounts(CATEGORY_VALUES, categoryFacet),
        fuelType: toCounts(FUEL_VALUES, fuelFacet),
        transmission: toCounts(TRANSMISSION_VALUES, transmissionFacet),
      },
      near: place ? { outcode: place.outcode, label: place.label, radiusMiles: radius } : null,
    };
  }
}

function toCounts(values: readonly string[], counts: Int32Array): Record<string, number> {
  const out: Record<string, number> = {};
  values.forEach((v, i) => {
    out[v] = counts[i];
  });
  return out;
}

/** The k smallest keys in ascending order: a bounded max-heap when k is small, a full sort otherwise. */
export function smallestKeys(keys: Float64Array, k: number): Float64Array {
  if (k <= 0) return new Float64Array(0);
  if (k * 8 >= keys.length) return Float64Array.from(keys).sort().subarray(0, k);
  const heap = new Float64Array(k);
  let n = 0;
  const siftDown = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && heap[l] > heap[m]) m = l;
      if (r < n && heap[r] > heap[m]) m = r;
      if (m === i) return;
      const t = heap[i];
      heap[i] = heap[m];
      heap[m] = t;
      i = m;
    }
  };
  for (let i = 0; i < keys.length; i++) {
    const v = keys[i];
    if (n < k) {
      let j = n++;
      heap[j] = v;
      while (j > 0) {
        const p = (j - 1) >> 1;
        if (heap[p] >= heap[j]) break;
        const t = heap[p];
        heap[p] = heap[j];
        heap[j] = t;
        j = p;
      }
    } else if (v < heap[0]) {
      heap[0] = v;
      siftDown(0);
    }
  }
  return heap.subarray(0, n).sort();
}
