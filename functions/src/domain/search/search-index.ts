import { noChargeZoneMask, zoneMaskOf } from '../../../../shared/compliance/compliance.js';
import { DEFAULT_RADIUS_MILES, type SortOption } from '../../../../shared/constants.js';
import { PRICE_BAND_RANK, PRICE_BAND_VALUES } from '../../../../shared/pricing.js';
import type { Listing, ListingSearchQuery, ListingSearchResult, SearchSuggestion } from '../../../../shared/schemas/listing.js';
import { CATEGORY_VALUES, FUEL_VALUES, MAKE_VALUES, TRANSMISSION_VALUES } from '../../../../shared/values.js';
import { validationError } from '../errors.js';
import { type Place, createPlaceCache, distanceMiles, resolveLocation } from '../geo/geo.js';
import type { SearchDoc } from './search-doc.js';
import type { IndexImage } from './snapshot.js';
import { Suggestions } from './suggestions.js';
import { TermIndex } from './term-index.js';
import { ALL_FIELDS, FIELD_BITS, MASK_WEIGHT, PUBLIC_FIELDS, editDistance, queryTokens, stem, words } from './text.js';

/** Whose search it is: anonymous visitors cannot match on seller names (they are masked). */
export type SearchViewer = 'anonymous' | 'user';

type PresortedKey = Exclude<SortOption, 'distance' | 'newest' | 'rating'>;

/**
 * Rates a result card against the current fair-price model (composed in deps.ts from the stored
 * model): the band's rank (PRICE_BAND_RANK) and price ÷ typical price, or null for no rating.
 * `version` names the model, so the index re-rates only when the model changes.
 */
export interface ListingRater {
  version: string;
  rate(card: Listing): { rank: number; ratio: number } | null;
}

/** Rating sort key for unrated listings: after every rated one. */
const UNRATED_KEY = 2 ** 28;
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

/** Where a listing is, for radius search: its postcode, else its location text. */
export function listingPlaceText(l: Pick<Listing, 'postcode' | 'location'>): string | null {
  return l.postcode?.trim() || l.location?.trim() || null;
}

export const hasKnownPrice = (price: number | null | undefined) => typeof price === 'number' && Number.isFinite(price) && price > 0;

/** Relevance keys: (MAX_SCORE − score in tenths) × 2^positionBits + position in recency order. */
const MAX_SCORE_TENTHS = 2 ** 20;
const SLOT_FACTOR = 1 << FIELD_BITS;
const EMPTY_IDS = new Int32Array(0);
const decoder = new TextDecoder();
/** Parsed result cards kept for reuse: popular listings show on many pages. */
const PARSED_CARDS = 5_000;
const EMPTY_MASKS = new Uint8Array(0);

/**
 * The in-memory search index (docs/data-model.md "Search"): a columnar projection of every active
 * listing — typed arrays for the numeric and coded fields, an inverted index of analysed terms
 * (TermIndex) for the words — plus a presorted slot order per sort key, patched in place on small
 * changes and rebuilt lazily after large ones. A query scores the typed words through the term
 * index, then makes one pass over the presorted order that evaluates the filters, counts the total
 * and the disjunctive facets, and keeps only the requested page; relevance and distance sorts
 * select the page from packed keys.
 *
 * A changed listing takes a new slot (its old slot is retired until the term index is compacted),
 * so postings never need to be found and removed one by one.
 */
export class SearchIndex {
  private capacity = 0;
  private highWater = 0;
  private readonly slotById = new Map<string, number>();
  private freeSlots: number[] = [];
  /** Slots of removed or replaced listings whose postings may still be in the term index. */
  private retired: number[] = [];
  /** Result cards as JSON, parsed only when shown; '' for a slot whose card is in the loaded snapshot. */
  private cardText: string[] = [];
  private ids: string[] = [];
  /** The snapshot this index was loaded from: its cards and terms stay in its buffers. */
  private snap: { cardBytes: Uint8Array; cardStart: Int32Array; termStart: Int32Array; termIds: Int32Array; termMasks: Uint8Array } | null =
    null;
  /** 1 when a slot's card and terms are the snapshot's. */
  private inSnap = new Uint8Array(0);
  private alive = new Uint8Array(0);
  /** Each slot's term ids and field masks (what the snapshot writer needs; its postings point back here). */
  private slotTerms: Int32Array[] = [];
  private slotMasks: Uint8Array[] = [];
  private price = new Float64Array(0);
  private year = new Int32Array(0);
  private mileage = new Float64Array(0);
  private hasMileage = new Uint8Array(0);
  private created = new Float64Array(0);
  private make = new Int8Array(0);
  private category = new Int8Array(0);
  private fuel = new Int8Array(0);
  private transmission = new Int8Array(0);
  /**
   * Fair-price band rank (−1: none) and price ÷ typical price per slot, from `rater`, and the
   * clean-air zones entered without a charge (noChargeZoneMask). Derived from the card, not in the
   * snapshot: after a snapshot load or a new model they are recomputed on first need (ensureDerived).
   */
  private band = new Int8Array(0);
  private ratio = new Float64Array(0);
  private noCharge = new Int32Array(0);
  private derivedReady = true;
  private rater: ListingRater | null = null;
  /** 0 no location given, 1 placed (lat/lon valid), 2 given but not placeable. */
  private locState = new Uint8Array(0);
  /** Index into placeLat/placeLon: listings share the ~2,800 district centroids, so a query measures each once. */
  private placeId = new Int32Array(0);
  private readonly placeIdByKey = new Map<string, number>();
  private readonly placeLat: number[] = [];
  private readonly placeLon: number[] = [];
  private locationText: string[] = [];
  private readonly terms = new TermIndex();
  private readonly suggestions = new Suggestions();
  private readonly orders = new Map<PresortedKey, number[]>();
  private readonly placeOf = createPlaceCache();
  /** Scratch buffers reused by every query (search is synchronous), so a query allocates next to nothing. */
  private scratchKeys = new Float64Array(0);
  private scratchHits = new Uint8Array(0);
  private scratchScore = new Float32Array(0);
  private scratchBest = new Float32Array(0);

  get size(): number {
    return this.slotById.size;
  }

  has(id: string): boolean {
    return this.slotById.has(id);
  }

  /** The result card of a listing. */
  get(id: string): Listing | undefined {
    const slot = this.slotById.get(id);
    return slot === undefined ? undefined : this.card(slot);
  }

  private cardJson(slot: number): string {
    if (this.inSnap[slot] === 1 && this.snap) {
      const { cardBytes, cardStart } = this.snap;
      return decoder.decode(cardBytes.subarray(cardStart[slot], cardStart[slot + 1]));
    }
    return this.cardText[slot];
  }

  /** Recently shown cards, parsed (cleared per slot on every change; bounded). */
  private readonly parsedCards = new Map<number, Listing>();

  private card(slot: number): Listing {
    let card = this.parsedCards.get(slot);
    if (!card) {
      card = JSON.parse(this.cardJson(slot)) as Listing;
      if (this.parsedCards.size >= PARSED_CARDS) this.parsedCards.clear();
      this.parsedCards.set(slot, card);
    }
    return card;
  }

  private slotTermsOf(slot: number): { termIds: Int32Array; masks: Uint8Array } {
    if (this.inSnap[slot] === 1 && this.snap) {
      const { termStart, termIds, termMasks } = this.snap;
      return {
        termIds: termIds.subarray(termStart[slot], termStart[slot + 1]),
        masks: termMasks.subarray(termStart[slot], termStart[slot + 1]),
      };
    }
    return { termIds: this.slotTerms[slot] ?? EMPTY_IDS, masks: this.slotMasks[slot] ?? EMPTY_MASKS };
  }

  /** Adds or replaces listings; anything not active is removed instead. */
  upsertMany(docs: SearchDoc[]): void {
    const patch = docs.length <= PATCH_LIMIT;
    if (!patch) this.orders.clear();
    for (const d of docs) {
      if (d.card.status !== 'active') this.removeOne(d.card.id, patch);
      else this.upsertOne(d, patch);
    }
    this.maybeCompact();
  }

  removeMany(ids: string[]): void {
    const patch = ids.length <= PATCH_LIMIT;
    if (!patch) this.orders.clear();
    for (const id of ids) this.removeOne(id, patch);
    this.maybeCompact();
  }

  /** Builds every sorted order now (after a cold-start load) so the first queries do not pay for it. */
  warm(): void {
    for (const key of PRESORTED) this.order(key);
  }

  /** The n newest active listings (result cards, with their price band). */
  latest(n: number): Listing[] {
    return this.order('relevance')
      .slice(0, n)
      .map((slot) => ({ ...this.card(slot), priceBand: this.bandOf(slot) }));
  }

  /** A slot's price band: from the column once derived, else rated now (a page's worth before the first full pass). */
  private bandOf(slot: number): Listing['priceBand'] {
    let rank: number;
    if (this.derivedReady) rank = this.band[slot];
    else rank = this.rater?.rate(this.card(slot))?.rank ?? -1;
    return rank >= 0 ? PRICE_BAND_VALUES[rank] : null;
  }

  /** Every active listing's card, newest first (benchmarks and the snapshot builder). */
  all(): Listing[] {
    return this.order('relevance').map((slot) => this.card(slot));
  }

  /** Every term the index knows, by id (the snapshot's vocabulary). */
  vocabulary(): string[] {
    return Array.from({ length: this.terms.termCount }, (_, i) => this.terms.termText(i));
  }

  /** A listing's term ids and field masks. */
  termsOf(id: string): { termIds: Int32Array; masks: Uint8Array } {
    const slot = this.slotById.get(id);
    if (slot === undefined) return { termIds: EMPTY_IDS, masks: EMPTY_MASKS };
    return this.slotTermsOf(slot);
  }

  /** Suggestions for what the buyer has typed so far. */
  suggest(typed: string): SearchSuggestion[] {
    return this.suggestions.suggest(typed);
  }

  /** The index as columns, live listings newest first (the snapshot writer). */
  exportImage(versionOf: (id: string) => number): IndexImage {
    const slots = this.order('relevance');
    const n = slots.length;
    const indexOf = new Int32Array(this.highWater).fill(-1);
    slots.forEach((slot, i) => {
      indexOf[slot] = i;
    });
    const pick = <T extends Float64Array | Int32Array | Uint8Array | Int8Array>(col: T, make: (n: number) => T): T => {
      const out = make(n);
      for (let i = 0; i < n; i++) out[i] = col[slots[i]];
      return out;
    };
    const encoder = new TextEncoder();
    const cardChunks: Uint8Array[] = [];
    const cardStart = new Int32Array(n + 1);
    const termStart = new Int32Array(n + 1);
    const termIds: number[] = [];
    const termMasks: number[] = [];
    for (let i = 0; i < n; i++) {
      const bytes = encoder.encode(this.cardJson(slots[i]));
      cardChunks.push(bytes);
      cardStart[i + 1] = cardStart[i] + bytes.length;
      const t = this.slotTermsOf(slots[i]);
      for (let k = 0; k < t.termIds.length; k++) {
        termIds.push(t.termIds[k]);
        termMasks.push(t.masks[k]);
      }
      termStart[i + 1] = termIds.length;
    }
    const cardBytes = new Uint8Array(cardStart[n]);
    for (let i = 0; i < n; i++) cardBytes.set(cardChunks[i], cardStart[i]);
    const orders: Record<string, Int32Array> = {};
    for (const key of PRESORTED) orders[key] = Int32Array.from(this.order(key), (slot) => indexOf[slot]);
    const ids = slots.map((slot) => this.ids[slot]);
    return {
      count: n,
      ids,
      versions: ids.map(versionOf),
      locationTexts: slots.map((slot) => this.locationText[slot]),
      vocab: this.vocabulary(),
      placeLat: [...this.placeLat],
      placeLon: [...this.placeLon],
      suggestions: this.suggestions.export(),
      price: pick(this.price, (k) => new Float64Array(k)),
      mileage: pick(this.mileage, (k) => new Float64Array(k)),
      created: pick(this.created, (k) => new Float64Array(k)),
      year: pick(this.year, (k) => new Int32Array(k)),
      placeId: pick(this.placeId, (k) => new Int32Array(k)),
      hasMileage: pick(this.hasMileage, (k) => new Uint8Array(k)),
      locState: pick(this.locState, (k) => new Uint8Array(k)),
      make: pick(this.make, (k) => new Int8Array(k)),
      category: pick(this.category, (k) => new Int8Array(k)),
      fuel: pick(this.fuel, (k) => new Int8Array(k)),
      transmission: pick(this.transmission, (k) => new Int8Array(k)),
      cardStart,
      cardBytes,
      termStart,
      termIds: Int32Array.from(termIds),
      termMasks: Uint8Array.from(termMasks),
      orders,
    };
  }

  /** Loads an empty index from columns (a snapshot): listing i takes slot i; cards and terms stay in the image's buffers. */
  importImage(image: IndexImage): void {
    if (this.highWater !== 0) throw new Error('importImage needs an empty index');
    const n = image.count;
    this.grow(Math.max(1024, n));
    this.price.set(image.price);
    this.mileage.set(image.mileage);
    this.created.set(image.created);
    this.year.set(image.year);
    this.hasMileage.set(image.hasMileage);
    this.locState.set(image.locState);
    this.make.set(image.make);
    this.category.set(image.category);
    this.fuel.set(image.fuel);
    this.transmission.set(image.transmission);
    this.derivedReady = false;
    // The image's place table becomes this index's (slot place ids point into it).
    image.placeLat.forEach((lat, i) => {
      this.placeLat.push(lat);
      this.placeLon.push(image.placeLon[i]);
      this.placeIdByKey.set(`${lat},${image.placeLon[i]}`, i);
    });
    this.placeId.set(image.placeId);
    this.alive.fill(1, 0, n);
    this.inSnap.fill(1, 0, n);
    this.ids = image.ids.slice();
    this.locationText = image.locationTexts.slice();
    this.cardText = new Array<string>(n).fill('');
    for (let i = 0; i < n; i++) this.slotById.set(image.ids[i], i);
    this.highWater = n;
    const termIds = new Int32Array(image.termIds);
    const mapped = new Int32Array(image.vocab.length);
    for (let i = 0; i < mapped.length; i++) mapped[i] = this.terms.intern(image.vocab[i]);
    for (let i = 0; i < termIds.length; i++) termIds[i] = mapped[termIds[i]];
    this.terms.addBulk(0, image.termStart, termIds, image.termMasks);
    this.snap = { cardBytes: image.cardBytes, cardStart: image.cardStart, termStart: image.termStart, termIds, termMasks: image.termMasks };
    this.suggestions.import(image.suggestions);
    for (const key of PRESORTED) {
      const order = image.orders[key];
      if (order) this.orders.set(key, Array.from(order));
    }
  }

  private allocate(id: string): number {
    const slot = this.freeSlots.pop() ?? this.highWater++;
    if (slot >= this.capacity) this.grow(Math.max(1024, this.capacity * 2));
    this.slotById.set(id, slot);
    return slot;
  }

  private upsertOne(d: SearchDoc, patch: boolean): void {
    if (this.slotById.has(d.card.id)) this.removeOne(d.card.id, patch);
    const slot = this.allocate(d.card.id);
    const ids = new Int32Array(d.terms.length);
    for (let i = 0; i < ids.length; i++) ids[i] = this.terms.intern(d.terms[i]);
    this.write(slot, d.card, ids, Uint8Array.from(d.masks));
    if (patch) for (const [key, order] of this.orders) this.insertIntoOrder(order, key, slot);
  }

  private removeOne(id: string, patch: boolean): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    if (patch) for (const [key, order] of this.orders) this.removeFromOrder(order, key, slot);
    this.slotById.delete(id);
    this.suggestions.add(this.card(slot), -1);
    this.terms.retire(this.slotTermsOf(slot).termIds.length);
    this.slotTerms[slot] = EMPTY_IDS;
    this.slotMasks[slot] = EMPTY_MASKS;
    this.alive[slot] = 0;
    this.inSnap[slot] = 0;
    this.cardText[slot] = '';
    this.parsedCards.delete(slot);
    this.ids[slot] = '';
    this.locationText[slot] = '';
    this.retired.push(slot);
  }

  private maybeCompact(): void {
    if (!this.terms.needsCompaction) return;
    this.terms.compact(this.alive);
    this.freeSlots = this.freeSlots.concat(this.retired);
    this.retired = [];
  }

  private write(slot: number, l: Listing, termIds: Int32Array, masks: Uint8Array): void {
    this.cardText[slot] = JSON.stringify(l);
    this.parsedCards.delete(slot);
    this.inSnap[slot] = 0;
    this.ids[slot] = l.id;
    this.alive[slot] = 1;
    this.price[slot] = hasKnownPrice(l.price) ? l.price : 0;
    this.year[slot] = l.year ?? 0;
    this.hasMileage[slot] = l.mileage == null ? 0 : 1;
    this.mileage[slot] = l.mileage ?? 0;
    this.created[slot] = Date.parse(l.createdAt) || 0;
    this.make[slot] = code(MAKE_CODE, l.make);
    this.category[slot] = code(CATEGORY_CODE, l.category);
    this.fuel[slot] = code(FUEL_CODE, l.fuelType);
    this.transmission[slot] = code(TRANSMISSION_CODE, l.transmission);
    this.derive(slot, l);
    const placeText = listingPlaceText(l);
    const place = placeText ? this.placeOf(placeText) : null;
    this.locState[slot] = placeText === null ? 0 : place ? 1 : 2;
    this.placeId[slot] = place ? this.placeIdOf(place) : -1;
    this.locationText[slot] = [l.location, l.postcode].filter(Boolean).join('\n').toLowerCase();
    this.terms.add(slot, termIds, masks);
    this.slotTerms[slot] = termIds;
    this.slotMasks[slot] = masks;
    this.suggestions.add(l, 1);
  }

  private derive(slot: number, l: Listing): void {
    const rating = this.rater?.rate(l) ?? null;
    this.band[slot] = rating ? rating.rank : -1;
    this.ratio[slot] = rating ? rating.ratio : 0;
    this.noCharge[slot] = noChargeZoneMask({
      euroStandard: l.euroStandard,
      fuelType: l.fuelType,
      gvwTonnes: l.gvwTonnes,
      dvsStars: l.dvsStars,
    });
  }

  /** The model ratings come from: a new version re-rates every listing (on its next need). */
  setRater(rater: ListingRater | null): void {
    if ((rater?.version ?? null) === (this.rater?.version ?? null)) return;
    this.rater = rater;
    this.derivedReady = false;
  }

  get raterVersion(): string | null {
    return this.rater?.version ?? null;
  }

  /** Fills the derived columns of every live slot (one parse of each card) after a snapshot load or a new model. */
  private ensureDerived(): void {
    if (this.derivedReady) return;
    for (const slot of this.slotById.values()) this.derive(slot, JSON.parse(this.cardJson(slot)) as Listing);
    this.derivedReady = true;
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

  /**
   * Query tokens as the index should look them up: a pair the buyer split that the listings write
   * as one word ("curtain sider" → "curtainsider") is glued when either half alone is unknown.
   */
  private lookupTokens(tokens: string[]): string[] {
    const out: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const a = tokens[i];
      const b = tokens[i + 1];
      if (b !== undefined && (this.terms.idOfTerm(a) === undefined || this.terms.idOfTerm(b) === undefined)) {
        const glued = stem(`${a}${b}`);
        if (this.terms.idOfTerm(glued) !== undefined) {
          out.push(glued);
          i++;
          continue;
        }
      }
      out.push(a);
    }
    return out;
  }

  /**
   * Scores the tokens: per slot, how many tokens (in order) matched and the sum of each token's
   * best match (field weight × match quality). A slot matches when all tokens did.
   */
  private scoreTokens(tokens: string[], fieldMask: number): { hits: Uint8Array; score: Float32Array } {
    if (this.scratchHits.length < this.capacity) {
      this.scratchHits = new Uint8Array(this.capacity);
      this.scratchScore = new Float32Array(this.capacity);
      this.scratchBest = new Float32Array(this.capacity);
    }
    const hits = this.scratchHits;
    const score = this.scratchScore;
    const best = this.scratchBest;
    hits.fill(0, 0, this.highWater);
    score.fill(0, 0, this.highWater);
    const touched: number[] = [];
    // Rarest token first: later, commoner tokens then only update the few slots still in the running.
    const expansions = tokens
      .map((t, k) => this.terms.expand(t, k === tokens.length - 1))
      .map((e) => ({ ...e, size: e.ids.reduce((n, id) => n + this.terms.postingsOf(id).length, 0) }))
      .sort((a, b) => a.size - b.size);
    for (let k = 0; k < expansions.length; k++) {
      const { ids, quality } = expansions[k];
      touched.length = 0;
      for (let e = 0; e < ids.length; e++) {
        const postings = this.terms.postingsOf(ids[e]);
        const q = quality[e];
        for (let i = 0; i < postings.length; i++) {
          const p = postings[i];
          const mask = p & fieldMask & (SLOT_FACTOR - 1);
          if (mask === 0) continue;
          const s = (p - (p & (SLOT_FACTOR - 1))) / SLOT_FACTOR;
          const h = hits[s];
          if (h < k) continue;
          const w = MASK_WEIGHT[mask] * q;
          if (h === k) {
            hits[s] = k + 1;
            best[s] = w;
            touched.push(s);
          } else if (best[s] < w) best[s] = w;
        }
      }
      for (let i = 0; i < touched.length; i++) score[touched[i]] += best[touched[i]];
      if (touched.length === 0) break;
    }
    return { hits, score };
  }

  /**
   * "Did you mean": each word no listing has, replaced by the nearest common word (in the
   * buyer's spelling where a make, model, category or place has it); null when nothing changes.
   */
  private didYouMean(q: string): string | null {
    const raw = words(q);
    let changed = false;
    const vocabulary = this.suggestions.wordCounts();
    const out = raw.map((w) => {
      const t = stem(w);
      if (w.length < 4 || this.terms.expand(t, false).ids.length > 0) return w;
      const maxEdits = w.length >= 7 ? 2 : 1;
      let best: string | null = null;
      let bestD = maxEdits + 1;
      let bestN = 0;
      for (const [v, n] of vocabulary) {
        if (v.charCodeAt(0) !== w.charCodeAt(0)) continue;
        const d = editDistance(w, v, maxEdits);
        if (d > maxEdits) continue;
        if (d < bestD || (d === bestD && n > bestN)) {
          best = v;
          bestD = d;
          bestN = n;
        }
      }
      const replacement = best ?? this.terms.nearest(t, maxEdits);
      if (replacement === null || replacement === w) return w;
      changed = true;
      return replacement;
    });
    return changed ? out.join(' ') : null;
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
    this.band = copy(this.band, (n) => new Int8Array(n));
    this.ratio = copy(this.ratio, (n) => new Float64Array(n));
    this.noCharge = copy(this.noCharge, (n) => new Int32Array(n));
    this.locState = copy(this.locState, (n) => new Uint8Array(n));
    this.placeId = copy(this.placeId, (n) => new Int32Array(n));
    this.alive = copy(this.alive, (n) => new Uint8Array(n));
    this.inSnap = copy(this.inSnap, (n) => new Uint8Array(n));
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
    const first = this.searchPage(query, viewer);
    // An out-of-range page answers with the last page (issue 9 §2), saying which page it is.
    if (first.total > 0 && query.page > first.totalPages) return this.searchPage({ ...query, page: first.totalPages }, viewer);
    if (first.total === 0 && query.q) first.didYouMean = this.didYouMean(query.q);
    return first;
  }

  private searchPage(query: ListingSearchQuery, viewer: SearchViewer): ListingSearchResult {
    const place: Place | null = query.location ? resolveLocation(query.location) : null;
    if (query.sort === 'distance' && !place) throw validationError('sort=distance needs a postcode or town location');
    const radius = query.radius ?? DEFAULT_RADIUS_MILES;
    const tokens = this.lookupTokens(queryTokens(query.q));
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

    const maxRank = query.rating ? PRICE_BAND_RANK[query.rating] : -1;
    const wantNoCharge = zoneMaskOf(query.cleanAir ?? []);
    const byRating = query.sort === 'rating';
    if (maxRank >= 0 || wantNoCharge !== 0 || byRating) this.ensureDerived();
    const { band, ratio, noCharge } = this;

    const { price, year, mileage, hasMileage, make, category, fuel, transmission, locState, placeId, locationText } = this;
    const pageSize = query.pageSize;
    const start = (query.page - 1) * pageSize;
    const end = start + pageSize;
    const byDistance = query.sort === 'distance';
    // With words, the default sort ranks by how well each listing matches (newest first among equals).
    const byScore = tokens.length > 0 && query.sort === 'relevance';
    const presorted: PresortedKey =
      query.sort === 'distance' || query.sort === 'newest' || query.sort === 'rating' ? 'relevance' : query.sort;
    const order = this.order(presorted);
    const placeDistance = new Float64Array(this.placeLat.length);
    if (place) {
      for (let i = 0; i < placeDistance.length; i++)
        placeDistance[i] = distanceMiles(place.lat, place.lon, this.placeLat[i], this.placeLon[i]);
    }
    const scored = tokens.length > 0 ? this.scoreTokens(tokens, viewer === 'user' ? ALL_FIELDS : PUBLIC_FIELDS) : null;
    const hits = scored?.hits ?? null;
    const score = scored?.score ?? null;
    const tokenCount = tokens.length;

    const pageSlots: number[] = [];
    // Distance sort: (distance in tenths of a mile) × 2^k + position in recency order; relevance: (max − score) × 2^k + position.
    const positionBits = 2 ** Math.max(20, Math.ceil(Math.log2(order.length + 1)));
    const byKey = byDistance || byScore || byRating;
    if (byKey && this.scratchKeys.length < order.length) this.scratchKeys = new Float64Array(this.capacity);
    const sortKeys = this.scratchKeys;
    let total = 0;

    for (let pos = 0; pos < order.length; pos++) {
      const s = order[pos];
      if (hits !== null && hits[s] !== tokenCount) continue;
      if (priceBounded) {
        const p = price[s];
        if (p === 0 || (priceMin !== undefined && p < priceMin) || (priceMax !== undefined && p > priceMax)) continue;
      }
      if (yearBounded) {
        const y = year[s];
        if (y === 0 || (yearMin !== undefined && y < yearMin) || (yearMax !== undefined && y > yearMax)) continue;
      }
      if (mileageBounded && hasMileage[s] === 1 && (mileage[s] < mileageMin || mileage[s] > mileageMax)) continue;
      if (maxRank >= 0 && (band[s] < 0 || band[s] > maxRank)) continue;
      if (wantNoCharge !== 0 && (noCharge[s] & wantNoCharge) !== wantNoCharge) continue;

      // Facet filters: a listing failing exactly one still counts towards that facet. A specific
      // make, fuel or gearbox matches only listings known to have it (issue 9 §2).
      let fails = 0;
      let failed = 0;
      const mk = make[s];
      if (wantMake >= 0 && mk !== wantMake) {
        fails++;
        failed = 1;
      }
      const cat = category[s];
      if (wantCategory >= 0 && cat !== wantCategory) {
        fails++;
        failed = 2;
      }
      const fu = fuel[s];
      if (fuelMask !== 0 && (fu < 0 || ((fuelMask >> fu) & 1) === 0)) {
        fails++;
        failed = 3;
      }
      const tr = transmission[s];
      if (transmissionMask !== 0 && (tr < 0 || ((transmissionMask >> tr) & 1) === 0)) {
        fails++;
        failed = 4;
      }
      if (fails > 1) continue;

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
        if (failed === 1) {
          if (mk >= 0) makeFacet[mk]++;
        } else if (failed === 2) {
          if (cat >= 0) categoryFacet[cat]++;
        } else if (failed === 3) {
          if (fu >= 0) fuelFacet[fu]++;
        } else if (tr >= 0) transmissionFacet[tr]++;
        continue;
      }

      if (mk >= 0) makeFacet[mk]++;
      if (cat >= 0) categoryFacet[cat]++;
      if (fu >= 0) fuelFacet[fu]++;
      if (tr >= 0) transmissionFacet[tr]++;
      if (byDistance) {
        sortKeys[total] = tenths * positionBits + pos;
      } else if (byRating) {
        // Lowest price ÷ typical price first, in ten-thousandths; newest first among equals.
        sortKeys[total] = (band[s] < 0 ? UNRATED_KEY : Math.min(UNRATED_KEY - 1, Math.round(ratio[s] * 10_000))) * positionBits + pos;
      } else if (byScore) {
        sortKeys[total] = (MAX_SCORE_TENTHS - Math.min(MAX_SCORE_TENTHS - 1, Math.round(score![s] * 10))) * positionBits + pos;
      } else if (total >= start && total < end) pageSlots.push(s);
      total++;
    }

    if (byKey) {
      for (const key of smallestKeys(sortKeys.subarray(0, total), end).slice(start, end)) {
        pageSlots.push(order[key % positionBits]);
      }
    }

    const items = pageSlots.map((s) => {
      const listing = { ...this.card(s), priceBand: this.bandOf(s) };
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
      didYouMean: null,
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
