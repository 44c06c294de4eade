import { noChargeZoneMask, zoneMaskOf } from '../../../../shared/compliance/compliance.js';
import { DEFAULT_RADIUS_MILES, type SortOption } from '../../../../shared/constants.js';
import { PRICE_BAND_RANK, PRICE_BAND_VALUES } from '../../../../shared/pricing.js';
import type { Listing, ListingSearchQuery, ListingSearchResult, SearchSuggestion } from '../../../../shared/schemas/listing.js';
import { CATEGORY_VALUES, FUEL_VALUES, MAKE_VALUES, TRANSMISSION_VALUES } from '../../../../shared/values.js';
import { ANONYMOUS } from '../caller.js';
import { validationError } from '../errors.js';
import { maskForCaller } from '../listings/mask.js';
import { type Place, createPlaceCache, distanceMiles, latitudeDegreesBeyond, resolveLocation } from '../geo/geo.js';
import { asciiJson } from './ascii-json.js';
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

/**
 * A listing's four facet codes as one number (each code + 1, so unknown is 0): a query counts
 * listings per combination — one counter per listing instead of four — and derives each facet's
 * counts from the few thousand combinations afterwards.
 */
const FACET_SIZES = [MAKE_VALUES.length + 1, CATEGORY_VALUES.length + 1, FUEL_VALUES.length + 1, TRANSMISSION_VALUES.length + 1];
const COMBOS = FACET_SIZES.reduce((a, b) => a * b, 1);
const comboOf = (mk: number, cat: number, fu: number, tr: number) =>
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

/** Where a listing is, for radius search: its postcode, else its location text. */
export function listingPlaceText(l: Pick<Listing, 'postcode' | 'location'>): string | null {
  return l.postcode?.trim() || l.location?.trim() || null;
}

export const hasKnownPrice = (price: number | null | undefined) => typeof price === 'number' && Number.isFinite(price) && price > 0;

/**
 * Relevance keys: (MAX_SCORE − score in quarters) × 2^positionBits + position in recency order.
 * Every match is worth a field weight (whole) × a quality of 1, 0.75 or 0.5, so scores counted in
 * quarters are exact integers.
 */
const MAX_SCORE = 2 ** 20;
/** Per match quality, per field mask: the match's worth in quarters. */
const QUARTER_WEIGHTS = new Map<number, Int32Array>();
function quarterWeights(quality: number): Int32Array {
  let table = QUARTER_WEIGHTS.get(quality);
  if (!table) {
    table = Int32Array.from(MASK_WEIGHT, (w) => Math.round(w * quality * 4));
    QUARTER_WEIGHTS.set(quality, table);
  }
  return table;
}
const SLOT_MASK = (1 << FIELD_BITS) - 1;
const EMPTY_IDS = new Int32Array(0);
const decoder = new TextDecoder();
/** Parsed result cards kept for reuse: popular listings show on many pages. */
const PARSED_CARDS = 5_000;
const EMPTY_MASKS = new Uint8Array(0);

/** Each result made for an anonymous viewer: its items as JSON texts (anonymousItemsJson). */
const anonymousItemTexts = new WeakMap<ListingSearchResult, string[]>();

/**
 * The items of a result the index made for an anonymous viewer, each the JSON text of
 * `maskForCaller(item, ANONYMOUS)` with characters outside ASCII escaped (asciiJson): assembled
 * from each card's masked text, kept per slot, so a page is written without parsing, copying and
 * re-serialising its cards. Undefined for results made for signed-in viewers (their masking
 * depends on who asks).
 */
export function anonymousItemsJson(result: ListingSearchResult): string[] | undefined {
  return anonymousItemTexts.get(result);
}

/**
 * The in-memory search index (docs/data-model.md "Search"): a columnar projection of every active
 * listing — typed arrays for the numeric and coded fields, an inverted index of analysed terms
 * (TermIndex) for the words — plus a presorted slot order per sort key, patched in place on small
 * changes and rebuilt lazily after large ones. A query visits only the listings that can match
 * it: with words, those the term index scores as matching them all; else, when a radius or a
 * price, year or mileage range lets few through, just those (plan); else every slot, in memory
 * order. One pass over them evaluates the filters and counts listings per facet combination (the
 * total and the disjunctive facets come from those counts); the page is then the first passing
 * slots of the presorted order, or, for relevance and distance, the smallest packed keys. A query
 * with facet filters only (category pages, makes, the home page) needs no pass at all: the counts
 * of every live listing per combination are kept until the next change.
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
   * Fair-price band rank (−1: none) and price ÷ typical price per slot, from `rater`: not in the
   * snapshot (the model changes apart from it), so after a snapshot load or a new model they are
   * worked out on first need (ensureRated).
   */
  private band = new Int8Array(0);
  private ratio = new Float64Array(0);
  private ratedReady = true;
  /** The clean-air zones each slot enters without a charge (noChargeZoneMask bits), in the snapshot too. */
  private noCharge = new Int32Array(0);
  private rater: ListingRater | null = null;
  /** The four facet codes as one (comboOf). */
  private combo = new Uint16Array(0);
  /** Live listings per facet combination, for queries with no other filter; null after a change. */
  private comboCounts: Int32Array | null = null;
  /** The facet combinations that have live listings, in order (no other can count anywhere); null after a change. */
  private liveComboList: Int32Array | null = null;
  /** Live slots grouped by place id + 1 (group 0: no place), for radius searches; null after a change. */
  private placeGroups: { start: Int32Array; slots: Int32Array } | null = null;
  /** Live slots grouped by facet combination, for queries with facet filters; null after a change. */
  private comboGroups: { start: Int32Array; slots: Int32Array } | null = null;
  /** The lowest and highest known mileage of the live listings; null after a change. */
  private mileageRange: { lo: number; hi: number } | null = null;
  /** Candidate slots of a query planned from one selective filter. */
  private scratchCandidates = new Int32Array(0);
  /** One bit per slot: the candidates plan() puts in slot order. */
  private scratchPlanned = new Uint32Array(0);
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
  /** Per slot, a query's score in quarters (scoreTokens), and its best match for the current word. */
  private scratchScore = new Int32Array(0);
  private scratchBest = new Int32Array(0);
  /** The slots that matched every word of the last scored query. */
  private scratchMatched = new Int32Array(0);
  /** Per slot, the stamp of the last query it passed (so nothing is cleared between queries). */
  private scratchPass = new Int32Array(0);
  /** Per place id + 1, the tables of a query without a place (noPlaceTables; placeTablesFor for one with). */
  private scratchPlaceDistance = new Float64Array(0);
  private scratchPlaceWithin = new Uint8Array(0);
  private scratchPlaceTenths = new Float64Array(0);
  /** Per slot, the stamp of the last query whose ranges left it out (countLeftOut). */
  private scratchOut = new Int32Array(0);
  /** Per facet combination, the listings passing a query's other filters. */
  private readonly scratchCounts = new Int32Array(COMBOS);
  private passStamp = 0;
  /** Each slot's position in the recency order (the tie-break of keyed sorts), valid until a change. */
  private recencyRanks = new Int32Array(0);
  private recencyValid = false;

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

  /**
   * Recently shown cards masked for anonymous viewers, as ASCII JSON (asciiJson) without the
   * closing brace (cleared per slot on every change; bounded); null when the card's text cannot be
   * extended that way.
   */
  private readonly publicCardTexts = new Map<number, string | null>();

  /** An item's ASCII JSON for an anonymous viewer: the card's masked text, then its band and distance. */
  private anonymousItemText(slot: number, item: Listing, distance: number | null | undefined): string {
    let prefix = this.publicCardTexts.get(slot);
    if (prefix === undefined) {
      // The item's template: band and distance are undefined there, so left out of the text.
      const card = this.itemTemplate(slot);
      const masked = maskForCaller(card, ANONYMOUS);
      const cardKeys = Object.keys(card);
      // Masking must only replace values (no key added), and band and distance must come last.
      const sameKeys = Object.keys(masked).every((k, i) => k === cardKeys[i]) && Object.keys(masked).length === cardKeys.length;
      const text = asciiJson(JSON.stringify(masked));
      const lastTwo = cardKeys.slice(-2).join();
      prefix = sameKeys && cardKeys.length > 2 && lastTwo === 'priceBand,distanceMiles' ? text.slice(0, -1) : null;
      if (this.publicCardTexts.size >= PARSED_CARDS) this.publicCardTexts.clear();
      this.publicCardTexts.set(slot, prefix);
    }
    if (prefix === null) return asciiJson(JSON.stringify(maskForCaller(item, ANONYMOUS)));
    const band = `,"priceBand":${JSON.stringify(item.priceBand)}`;
    return distance === undefined ? `${prefix}${band}}` : `${prefix}${band},"distanceMiles":${JSON.stringify(distance)}}`;
  }

  /**
   * Recently shown cards as result items: parsed, with `priceBand` and `distanceMiles` added as
   * own properties (undefined), so every item copied from them has one shape (cleared per slot on
   * every change; bounded). Spreading a card into a new object with those two keys made V8 build
   * a hidden class for every single item (~6 µs and ~1.5 KB each, in old space).
   */
  private readonly itemTemplates = new Map<number, Listing>();

  /** The slot's card parsed, with `priceBand` and `distanceMiles` last (undefined): read only. */
  private itemTemplate(slot: number): Listing {
    let template = this.itemTemplates.get(slot);
    if (!template) {
      template = JSON.parse(this.cardJson(slot)) as Listing;
      template.priceBand = undefined;
      template.distanceMiles = undefined;
      if (this.itemTemplates.size >= PARSED_CARDS) this.itemTemplates.clear();
      this.itemTemplates.set(slot, template);
    }
    return template;
  }

  /** A result item: the slot's card with its price band, and its distance when the query has a place. */
  private item(slot: number, distance: number | null | undefined): Listing {
    // A copy of a template keeps its hidden class; assigning existing keys keeps it too.
    const item = { ...this.itemTemplate(slot) };
    item.priceBand = this.bandOf(slot);
    // Undefined (no place) is left out of the JSON, as the key was before.
    item.distanceMiles = distance;
    return item;
  }

  /** Cards parsed for get(), ratings and suggestions (cleared per slot on every change; bounded). */
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
    this.derivedChanged();
    const patch = docs.length <= PATCH_LIMIT;
    if (!patch) this.orders.clear();
    for (const d of docs) {
      if (d.card.status !== 'active') this.removeOne(d.card.id, patch);
      else this.upsertOne(d, patch);
    }
    this.maybeCompact();
  }

  removeMany(ids: string[]): void {
    this.derivedChanged();
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
      .map((slot) => this.item(slot, undefined));
  }

  /** A slot's price band: from the column once rated, else rated now (a page's worth before the first full pass). */
  private bandOf(slot: number): Listing['priceBand'] {
    let rank: number;
    if (this.ratedReady) rank = this.band[slot];
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
      noCharge: pick(this.noCharge, (k) => new Int32Array(k)),
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
    this.noCharge.set(image.noCharge);
    this.ratedReady = false;
    for (let i = 0; i < n; i++) this.combo[i] = comboOf(image.make[i], image.category[i], image.fuel[i], image.transmission[i]);
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
    this.itemTemplates.delete(slot);
    this.publicCardTexts.delete(slot);
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
    this.itemTemplates.delete(slot);
    this.publicCardTexts.delete(slot);
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
    this.rate(slot, l);
    this.noCharge[slot] = noChargeZoneMask({
      euroStandard: l.euroStandard,
      fuelType: l.fuelType,
      gvwTonnes: l.gvwTonnes,
      dvsStars: l.dvsStars,
    });
    this.combo[slot] = comboOf(this.make[slot], this.category[slot], this.fuel[slot], this.transmission[slot]);
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

  private rate(slot: number, l: Listing): void {
    const rating = this.rater?.rate(l) ?? null;
    this.band[slot] = rating ? rating.rank : -1;
    this.ratio[slot] = rating ? rating.ratio : 0;
  }

  /** The model ratings come from: a new version re-rates every listing (on its next need). */
  setRater(rater: ListingRater | null): void {
    if ((rater?.version ?? null) === (this.rater?.version ?? null)) return;
    this.rater = rater;
    this.ratedReady = false;
  }

  get raterVersion(): string | null {
    return this.rater?.version ?? null;
  }

  /**
   * Rates every live slot (one parse of each card) after a snapshot load or a new model; without a
   * model no listing has a band, and no card is parsed.
   */
  private ensureRated(): void {
    if (this.ratedReady) return;
    if (this.rater) for (const slot of this.slotById.values()) this.rate(slot, JSON.parse(this.cardJson(slot)) as Listing);
    else {
      this.band.fill(-1);
      this.ratio.fill(0);
    }
    this.ratedReady = true;
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
   * The tables of a query without a place: scratch arrays as long as the place tables, which no
   * pass reads for their distances (the place check is off), only for their length.
   */
  private noPlaceTables(): PlaceTables {
    const places = this.placeLat.length;
    if (this.scratchPlaceWithin.length < places + 1) {
      this.scratchPlaceDistance = new Float64Array(places + 1);
      this.scratchPlaceWithin = new Uint8Array(places + 1);
      this.scratchPlaceTenths = new Float64Array(places + 1);
    }
    this.scratchPlaceWithin[0] = 1;
    this.scratchPlaceTenths[0] = NO_DISTANCE_TENTHS;
    return { distance: this.scratchPlaceDistance, within: this.scratchPlaceWithin, tenths: this.scratchPlaceTenths };
  }

  /** Recently asked places and radii: their tables (placeTablesFor); at most PLACE_TABLES_KEPT. */
  private readonly placeTables = new Map<string, PlaceTables>();

  /**
   * Per place id + 1, the distance from `place`, whether it is within `radius`, and the distance
   * sort key in tenths of a mile. Buyers ask for the same towns and radii again and again, so the
   * tables of recent ones are kept (a place added since makes them too short: they are made again).
   */
  private placeTablesFor(place: Place, radius: number): PlaceTables {
    const places = this.placeLat.length;
    const key = `${place.lat},${place.lon},${radius}`;
    let tables = this.placeTables.get(key);
    if (tables && tables.within.length === places + 1) return tables;
    tables = { distance: new Float64Array(places + 1), within: new Uint8Array(places + 1), tenths: new Float64Array(places + 1) };
    const { distance, within, tenths } = tables;
    within[0] = 1;
    tenths[0] = NO_DISTANCE_TENTHS;
    // Places further north or south than the radius are outside it without measuring.
    const band = latitudeDegreesBeyond(radius);
    const { placeLat, placeLon } = this;
    for (let i = 0; i < places; i++) {
      if (Math.abs(placeLat[i] - place.lat) > band) continue;
      const d = distanceMiles(place.lat, place.lon, placeLat[i], placeLon[i]);
      distance[i + 1] = d;
      within[i + 1] = d <= radius ? 1 : 0;
      tenths[i + 1] = Math.round(d * 10);
    }
    if (this.placeTables.size >= PLACE_TABLES_KEPT) this.placeTables.clear();
    this.placeTables.set(key, tables);
    return tables;
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
   * best match (field weight × match quality, in quarters). Returns how many slots matched every
   * token (they are in `scratchMatched`, their scores in `scratchScore`); only postings are
   * visited, never every slot, and without branches on the postings' values.
   */
  private scoreTokens(tokens: string[], fieldMask: number): number {
    if (this.scratchHits.length < this.capacity) {
      this.scratchHits = new Uint8Array(this.capacity);
      this.scratchScore = new Int32Array(this.capacity);
      this.scratchBest = new Int32Array(this.capacity);
      this.scratchMatched = new Int32Array(this.capacity);
    }
    const hits = this.scratchHits;
    const score = this.scratchScore;
    const best = this.scratchBest;
    const matched = this.scratchMatched;
    hits.fill(0, 0, this.highWater);
    // Rarest token first: later, commoner tokens then only update the slots still in the running.
    const expansions = tokens
      .map((t, k) => this.terms.expand(t, k === tokens.length - 1))
      .map((e) => ({ ...e, size: e.ids.reduce((n, id) => n + this.terms.postingsOf(id).length, 0) }))
      .sort((a, b) => a.size - b.size);
    const mask = fieldMask & SLOT_MASK;
    let count = 0;
    for (let k = 0; k < expansions.length; k++) {
      const { ids, quality } = expansions[k];
      // The slots reaching k + 1 matched tokens in this pass (a subset of the last pass's).
      count = 0;
      for (let e = 0; e < ids.length; e++) {
        const postings = this.terms.postingsOf(ids[e]);
        const weights = quarterWeights(quality[e]);
        for (let i = 0; i < postings.length; i++) {
          const p = postings[i];
          const w = weights[p & mask];
          const s = p >>> FIELD_BITS;
          const h = hits[s];
          // 1 when the slot matched the k tokens before and this one in an allowed field, first in this pass.
          const first = +(h === k) & +(w !== 0);
          hits[s] = h + first;
          // A slot behind (h < k) gets a meaningless best; it is never read.
          const before = best[s] & (first - 1);
          best[s] = Math.max(before, w);
          matched[count] = s;
          count += first;
        }
      }
      if (k === 0) for (let i = 0; i < count; i++) score[matched[i]] = best[matched[i]];
      else for (let i = 0; i < count; i++) score[matched[i]] += best[matched[i]];
      if (count === 0) break;
    }
    return count;
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
    const copy = <T extends Float64Array | Int32Array | Int8Array | Uint8Array | Uint16Array>(old: T, make: (n: number) => T): T => {
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
    this.combo = copy(this.combo, (n) => new Uint16Array(n));
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
      if (key === 'relevance') this.recencyValid = false;
      order = [...this.slotById.values()];
      order.sort(this.comparator(key));
      this.orders.set(key, order);
    }
    return order;
  }

  /** What is derived from the live listings is rebuilt on first use after a change. */
  private derivedChanged(): void {
    this.recencyValid = false;
    this.rankArrays.clear();
    this.comboCounts = null;
    this.liveComboList = null;
    this.placeGroups = null;
    this.comboGroups = null;
    this.mileageRange = null;
  }

  /**
   * Puts in `scratchKeys` the position in `key`'s sorted order of every listing passing the query
   * (as the page walk would find them) and returns how many: from the facet combinations' groups
   * when the counts came without a scan (less those the ranges left out), else from what the scan
   * visited and stamped.
   */
  private passingPositions(
    key: PresortedKey,
    comboOk: Uint8Array,
    stamp: number,
    onlyFacets: boolean,
    complement: boolean,
    scanned: { list: Int32Array | null; candidates: number } | null,
  ): number {
    const ranks = this.ranksOf(key);
    const keys = this.scratchKeys;
    let n = 0;
    if (onlyFacets || complement) {
      const { start, slots } = this.comboGroupsOf();
      const out = this.scratchOut;
      const live = this.liveCombos();
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
      const pass = this.scratchPass;
      const { list, candidates } = scanned;
      for (let c = 0; c < candidates; c++) {
        const s = list === null ? c : list[c];
        if (pass[s] === stamp) keys[n++] = ranks[s];
      }
    }
    return n;
  }

  /** Per key, each live slot's position in that sorted order; cleared on every change. */
  private readonly rankArrays = new Map<PresortedKey, Int32Array>();

  /** Each live slot's position in a sorted order (built on first use after a change). */
  private ranksOf(key: PresortedKey): Int32Array {
    if (key === 'relevance') return this.recencyRank();
    let ranks = this.rankArrays.get(key);
    if (!ranks || ranks.length < this.capacity) {
      ranks = new Int32Array(this.capacity);
      const order = this.order(key);
      for (let i = 0; i < order.length; i++) ranks[order[i]] = i;
      this.rankArrays.set(key, ranks);
    }
    return ranks;
  }

  /** Each live slot's position in the recency order, rebuilt on the first keyed query after a change. */
  private recencyRank(): Int32Array {
    if (!this.recencyValid) {
      const order = this.order('relevance');
      if (this.recencyRanks.length < this.capacity) this.recencyRanks = new Int32Array(this.capacity);
      const ranks = this.recencyRanks;
      for (let i = 0; i < order.length; i++) ranks[order[i]] = i;
      this.recencyValid = true;
    }
    return this.recencyRanks;
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
    const maxRank = query.rating ? PRICE_BAND_RANK[query.rating] : -1;
    const wantNoCharge = zoneMaskOf(query.cleanAir ?? []);
    const byRating = query.sort === 'rating';
    // Band and price ÷ typical come from the current model: rated on first need.
    if (maxRank >= 0 || byRating) this.ensureRated();
    const pageSize = query.pageSize;
    const start = (query.page - 1) * pageSize;
    const end = start + pageSize;
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
    const {
      distance: placeDistance,
      within: placeWithin,
      tenths: placeTenths,
    } = place ? this.placeTablesFor(place, radius) : this.noPlaceTables();
    const { facetOk, comboOk, comboNear } = facetTables(query);
    const facetFiltered =
      query.make !== undefined || query.category !== undefined || query.fuel.length > 0 || query.transmission.length > 0;
    const filter: ScanFilter = {
      priceBounded: query.priceMin !== undefined || query.priceMax !== undefined,
      priceMin: query.priceMin ?? Number.NEGATIVE_INFINITY,
      priceMax: query.priceMax ?? Number.POSITIVE_INFINITY,
      yearBounded: query.yearMin !== undefined || query.yearMax !== undefined,
      yearMin: query.yearMin ?? Number.NEGATIVE_INFINITY,
      yearMax: query.yearMax ?? Number.POSITIVE_INFINITY,
      mileageBounded: !this.mileageFilterIsInert(query.mileageMin, query.mileageMax),
      // Unknown mileage is kept as 0, which any maximum of 0 or more lets through as it should.
      mileageMaxOnly: (query.mileageMin ?? 0) <= 0 && (query.mileageMax ?? 0) >= 0,
      mileageMin: query.mileageMin ?? Number.NEGATIVE_INFINITY,
      mileageMax: query.mileageMax ?? Number.POSITIVE_INFINITY,
      comboOk,
      comboNear: facetFiltered ? comboNear : null,
      placed: place !== null,
      placeWithin,
      placeTenths,
      locationNeedle: !place && query.location ? query.location.toLowerCase() : '',
      maxRank,
      wantNoCharge,
      keyed,
    };
    const words = tokens.length > 0;
    const onlyFacets =
      keyed === KEYED.none &&
      !words &&
      !place &&
      !query.location &&
      !filter.priceBounded &&
      !filter.yearBounded &&
      !filter.mileageBounded &&
      maxRank < 0 &&
      wantNoCharge === 0;

    let counts: Int32Array;
    let total = 0;
    if (this.scratchKeys.length < this.capacity) {
      this.scratchKeys = new Float64Array(this.capacity);
      this.scratchPass = new Int32Array(this.capacity);
      this.scratchOut = new Int32Array(this.capacity);
    }
    if (this.passStamp === 0x7fffffff) {
      this.scratchPass.fill(0);
      this.scratchOut.fill(0);
      this.passStamp = 0;
    }
    const stamp = ++this.passStamp;
    // Besides the facets, only price, year or mileage ranges that leave out few listings (a
    // buyer's "up to 500,000 miles"): the live counts less those of the listings left out, found
    // in the presorted orders, so only those are visited.
    const complement =
      keyed === KEYED.none &&
      !words &&
      !place &&
      !query.location &&
      maxRank < 0 &&
      wantNoCharge === 0 &&
      !onlyFacets &&
      this.countLeftOut(filter, query, stamp);
    // What scan() visited (null when the counts came without a scan).
    let scanned: { list: Int32Array | null; candidates: number } | null = null;
    if (onlyFacets || complement) {
      // Only facet filters (category pages, makes, the home page): the counts per combination of
      // every live listing serve every such query; the page is found walking the sorted order.
      counts = complement ? this.scratchCounts : this.liveComboCounts();
      const live = this.liveCombos();
      for (let j = 0; j < live.length; j++) total += counts[live[j]] * comboOk[live[j]];
    } else {
      // The candidates: with words, only the slots that matched them all; otherwise the listings
      // one selective filter lets through, or every slot.
      let list: Int32Array | null = null;
      let candidates = this.highWater;
      if (words) {
        candidates = this.scoreTokens(tokens, viewer === 'user' ? ALL_FIELDS : PUBLIC_FIELDS);
        list = this.scratchMatched;
      } else {
        const planned = this.plan(query, filter);
        if (planned >= 0) {
          candidates = planned;
          list = this.scratchCandidates;
        }
      }
      counts = this.scratchCounts;
      counts.fill(0);
      total = this.scan(filter, counts, list, candidates, stamp);
      scanned = { list, candidates };
    }

    const pageSlots: number[] = [];
    if (keyed !== KEYED.none) {
      const order = this.order('relevance');
      const factor = this.positionFactor();
      for (const key of smallestKeys(this.scratchKeys.subarray(0, total), end).slice(start, end)) pageSlots.push(order[key % factor]);
    } else if (start < total && Math.min(end, total) * (this.slotById.size / total) > 2 * total) {
      // So few pass, so far apart in the sorted order, that walking it to the page's last one
      // would visit many more positions than there are passing listings: the page is the
      // smallest of their positions instead.
      const key = query.sort === 'newest' ? 'relevance' : (query.sort as PresortedKey);
      const n = this.passingPositions(key, comboOk, stamp, onlyFacets, complement, scanned);
      const order = this.order(key);
      for (const position of smallestKeys(this.scratchKeys.subarray(0, n), end).slice(start, end)) pageSlots.push(order[position]);
    } else if (start < total) {
      // The page: the passing slots in sorted order, walking only as far as the page's last one.
      const order = this.order(query.sort === 'newest' ? 'relevance' : (query.sort as PresortedKey));
      const { combo } = this;
      const pass = this.scratchPass;
      const out = this.scratchOut;
      const last = Math.min(end, total);
      let seen = 0;
      for (let pos = 0; pos < order.length && seen < last; pos++) {
        const s = order[pos];
        if (onlyFacets ? comboOk[combo[s]] === 0 : complement ? comboOk[combo[s]] === 0 || out[s] === stamp : pass[s] !== stamp) continue;
        if (seen >= start) pageSlots.push(s);
        seen++;
      }
    }

    const facets = {
      make: new Int32Array(MAKE_VALUES.length),
      category: new Int32Array(CATEGORY_VALUES.length),
      fuelType: new Int32Array(FUEL_VALUES.length),
      transmission: new Int32Array(TRANSMISSION_VALUES.length),
    };
    // Only combinations with live listings can have counts.
    const live = this.liveCombos();
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

    const { locState, placeId } = this;
    const distances = pageSlots.map((s) =>
      place ? (locState[s] === 1 ? Math.round(placeDistance[placeId[s] + 1] * 10) / 10 : null) : undefined,
    );
    const items = pageSlots.map((s, i) => this.item(s, place ? (distances[i] ?? null) : undefined));

    const result: ListingSearchResult = {
      items,
      total,
      page: query.page,
      pageSize,
      totalPages: Math.ceil(total / pageSize),
      facets: {
        make: toCounts(MAKE_VALUES, facets.make),
        category: toCounts(CATEGORY_VALUES, facets.category),
        fuelType: toCounts(FUEL_VALUES, facets.fuelType),
        transmission: toCounts(TRANSMISSION_VALUES, facets.transmission),
      },
      near: place ? { outcode: place.outcode, label: place.label, radiusMiles: radius } : null,
      didYouMean: null,
    };
    if (viewer === 'anonymous') {
      anonymousItemTexts.set(
        result,
        pageSlots.map((s, i) => this.anonymousItemText(s, items[i], distances[i])),
      );
    }
    return result;
  }

  /**
   * The listings passing the query's most selective filter, when one lets through few enough
   * that visiting just them beats reading every slot: a radius (the places within it), the facet
   * filters (the listings of the combinations failing at most one of them: no other listing
   * counts anywhere), or a price, year or mileage range (a stretch of that sorted order). They go
   * into `scratchCandidates` in slot order; returns how many, or -1 to scan every slot. The scan
   * still checks every filter on them.
   */
  private plan(query: ListingSearchQuery, f: ScanFilter): number {
    // Planned candidates come back in slot order, so visiting them costs little more per listing
    // than the pass over every slot: worth it while they are under 60 % of the slots (measured on
    // the benchmark's queries at 100k: 10 % less time than a third).
    const worthIt = this.highWater * 0.6;
    let bestSize = worthIt;
    // What the smallest source is: its slots are then marked as bits, one per slot.
    let best: (() => void) | null = null;
    const consider = (size: number, mark: () => void) => {
      if (size < bestSize) {
        bestSize = size;
        best = mark;
      }
    };
    if (this.scratchCandidates.length < this.capacity) {
      this.scratchCandidates = new Int32Array(this.capacity);
      this.scratchPlanned = new Uint32Array((this.capacity + 31) >>> 5);
    }
    const bits = this.scratchPlanned;
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
    if (f.placed) {
      const { start, slots } = this.placeGroupsOf();
      const groups = start.length - 1;
      let size = 0;
      for (let g = 0; g < groups; g++) if (f.placeWithin[g] === 1) size += start[g + 1] - start[g];
      consider(size, () => markGroups(start, slots, f.placeWithin, null, groups));
    }
    if (f.comboNear) {
      // The listings of the facet combinations that count at all: those passing every facet filter
      // but one at most (they count towards that facet), found grouped by combination.
      const { start, slots } = this.comboGroupsOf();
      const near = f.comboNear;
      const live = this.liveCombos();
      let size = 0;
      for (let j = 0; j < live.length; j++) if (near[live[j]] === 1) size += start[live[j] + 1] - start[live[j]];
      consider(size, () => markGroups(start, slots, near, live, live.length));
    }
    const range = (key: PresortedKey, column: Float64Array | Int32Array, min: number, max: number, unknownLast: boolean) => {
      const order = this.order(key);
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
    if (f.priceBounded) range('price-low', this.price, f.priceMin, f.priceMax, true);
    if (f.yearBounded) range('year-old', this.year, f.yearMin, f.yearMax, true);
    // Unknown mileage (kept as 0, first in this order) passes a mileage filter: only a maximum makes a range of it.
    if (f.mileageBounded && query.mileageMax !== undefined && query.mileageMin === undefined) {
      range('mileage-low', this.mileage, 0, f.mileageMax, false);
    }
    if (best === null) return -1;
    // In slot order, so the scan reads the columns front to back: marked as bits, then read back
    // word by word (a sort of 30,000 slots took most of the time of a query visiting them).
    const words = (this.highWater + 31) >>> 5;
    bits.fill(0, 0, words);
    (best as () => void)();
    const candidates = this.scratchCandidates;
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

  /**
   * For a query whose only filters besides the facets are price, year and mileage ranges: when
   * the listings those ranges may leave out are few (fewer than a third of the slots, and fewer
   * than the smallest range lets through, which plan() would visit instead), puts in
   * `scratchCounts` the live counts per facet combination less those of the listings left out,
   * marks those with `stamp` in `scratchOut`, and returns true. Each range's candidates for
   * leaving out are the two ends of its presorted order (ascending, unknown price or year last,
   * unknown mileage first as 0): all fail that range but unknown mileage, which is passed over; a
   * listing left out by two ranges is counted once. Returns false (nothing done) otherwise.
   */
  private countLeftOut(f: ScanFilter, query: ListingSearchQuery, stamp: number): boolean {
    const stretches: Array<{ order: number[]; lo: number; hi: number; which: 0 | 1 | 2 }> = [];
    const { price, year, mileage, hasMileage } = this;
    let visits = 0;
    let smallestIn = Number.POSITIVE_INFINITY;
    const add = (key: PresortedKey, column: Float64Array | Int32Array, min: number, max: number, which: 0 | 1 | 2) => {
      const order = this.order(key);
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
    if (stretches.length === 0 || visits >= this.highWater / 3 || visits >= smallestIn) return false;
    const counts = this.scratchCounts;
    counts.set(this.liveComboCounts());
    const { combo } = this;
    const out = this.scratchOut;
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

  /** Live slots grouped by facet combination (comboOf). */
  private comboGroupsOf(): { start: Int32Array; slots: Int32Array } {
    this.comboGroups ??= this.liveSlotsGrouped(this.combo, 0, COMBOS);
    return this.comboGroups;
  }

  /** Live slots grouped by place id + 1 (group 0: listings without a place). */
  private placeGroupsOf(): { start: Int32Array; slots: Int32Array } {
    this.placeGroups ??= this.liveSlotsGrouped(this.placeId, 1, this.placeLat.length + 1);
    return this.placeGroups;
  }

  /**
   * Live slots grouped by `key[slot] + offset` (a counting sort): group g's slots, in slot order,
   * are `slots[start[g]]` up to `slots[start[g + 1]]`.
   */
  private liveSlotsGrouped(key: ArrayLike<number>, offset: number, groups: number): { start: Int32Array; slots: Int32Array } {
    const start = new Int32Array(groups + 1);
    const { alive } = this;
    for (let s = 0; s < this.highWater; s++) if (alive[s] === 1) start[key[s] + offset + 1]++;
    for (let g = 0; g < groups; g++) start[g + 1] += start[g];
    const fill = start.slice(0, groups);
    const slots = new Int32Array(start[groups]);
    for (let s = 0; s < this.highWater; s++) if (alive[s] === 1) slots[fill[key[s] + offset]++] = s;
    return { start, slots };
  }

  /**
   * Whether a mileage filter lets every listing through: no bounds, or bounds around every known
   * mileage (unknown mileage passes any). Such a filter is dropped, so it costs nothing: a buyer's
   * "up to 2,000,000 miles" is the same query as none.
   */
  private mileageFilterIsInert(min: number | undefined, max: number | undefined): boolean {
    if (min === undefined && max === undefined) return true;
    if (this.mileageRange === null) {
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      const { mileage, hasMileage, alive } = this;
      for (let s = 0; s < this.highWater; s++) {
        if (alive[s] === 0 || hasMileage[s] === 0) continue;
        if (mileage[s] < lo) lo = mileage[s];
        if (mileage[s] > hi) hi = mileage[s];
      }
      this.mileageRange = { lo, hi };
    }
    return (min === undefined || min <= this.mileageRange.lo) && (max === undefined || max >= this.mileageRange.hi);
  }

  /** The facet combinations with live listings, in order (rebuilt on the first query after a change). */
  private liveCombos(): Int32Array {
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

  /** Live listings per facet combination (rebuilt on the first query after a change). */
  private liveComboCounts(): Int32Array {
    if (this.comboCounts === null) {
      const counts = new Int32Array(COMBOS);
      const { combo, alive } = this;
      for (let s = 0; s < this.highWater; s++) counts[combo[s]] += alive[s];
      this.comboCounts = counts;
    }
    return this.comboCounts;
  }

  /** Sort keys pack a position in the recency order below this factor. */
  private positionFactor(): number {
    return 2 ** Math.max(20, Math.ceil(Math.log2(this.slotById.size + 1)));
  }

  /**
   * One pass over the candidates in slot order (the columns are read front to back): the filters
   * and the counts per facet combination of the listings passing the filters other than facets.
   * Listings passing the facets too get a sort key (keyed sorts) or this query's stamp (the
   * presorted ones). Kept apart from the rest of the query, with inputs of one shape, so the
   * engine keeps it optimised; and without branches on the listings' values (they come in no
   * order the processor could predict), which makes it several times faster. The common shapes
   * go to scanRanges and scanPlacedOrKeyed, which also fold the checks that are off into the same
   * expression; this loop serves the rating, clean-air and text-location filters.
   */
  private scan(f: ScanFilter, counts: Int32Array, matched: Int32Array | null, candidates: number, stamp: number): number {
    if (f.locationNeedle === '' && f.maxRank < 0 && f.wantNoCharge === 0) {
      if (f.keyed === KEYED.none && !f.placed) return this.scanRanges(f, counts, matched, candidates, stamp);
      if (f.keyed !== KEYED.rating) return this.scanPlacedOrKeyed(f, counts, matched, candidates, stamp);
    }
    const { price, year, mileage, hasMileage, combo, locState, placeId, locationText, alive } = this;
    const { priceBounded, priceMin, priceMax, yearBounded, yearMin, yearMax, mileageBounded, mileageMaxOnly, mileageMin, mileageMax } = f;
    const { comboOk, placed, placeWithin, placeTenths, locationNeedle, keyed, maxRank, wantNoCharge } = f;
    const { band, ratio, noCharge } = this;
    const recency = keyed === KEYED.none ? EMPTY_IDS : this.recencyRank();
    const byStamp = keyed === KEYED.none;
    const byDistance = keyed === KEYED.distance;
    const byRating = keyed === KEYED.rating;
    const positionFactor = this.positionFactor();
    const score = this.scratchScore;
    const sortKeys = this.scratchKeys;
    const pass = this.scratchPass;
    let total = 0;

    for (let c = 0; c < candidates; c++) {
      const s = matched === null ? c : matched[c];
      if (alive[s] === 0) continue;
      // 1 while the listing passes the filters that are not facets.
      let ok = 1;
      if (priceBounded) {
        const p = price[s];
        ok &= +(p !== 0) & +(p >= priceMin) & +(p <= priceMax);
      }
      if (yearBounded) {
        const y = year[s];
        ok &= +(y !== 0) & +(y >= yearMin) & +(y <= yearMax);
      }
      if (mileageBounded) {
        const m = mileage[s];
        // A maximum alone (a buyer's "up to …") needs neither the minimum nor whether it is known.
        if (mileageMaxOnly) ok &= +(m <= mileageMax);
        else ok &= (1 - hasMileage[s]) | (+(m >= mileageMin) & +(m <= mileageMax));
      }
      if (maxRank >= 0) {
        const b = band[s];
        ok &= +(b >= 0) & +(b <= maxRank);
      }
      if (wantNoCharge !== 0) ok &= +((noCharge[s] & wantNoCharge) === wantNoCharge);
      let tenths = 0;
      if (placed) {
        // Placed listings within the radius, and those without a location; never those whose place is unknown.
        const p = placeId[s] + 1;
        ok &= placeWithin[p] & +(locState[s] !== 2);
        tenths = placeTenths[p];
      } else if (locationNeedle !== '') {
        const text = locationText[s];
        if (text !== '' && !text.includes(locationNeedle)) continue;
      }
      const k = combo[s];
      counts[k] += ok;
      const all = ok & comboOk[k];
      // Distance: (distance in tenths of a mile) × factor + recency position; relevance: (max − score in quarters) × factor + position.
      if (byStamp) pass[s] = stamp * all;
      else if (byDistance) sortKeys[total] = tenths * positionFactor + recency[s];
      else if (byRating) {
        // Lowest price ÷ typical price first (in ten-thousandths), unrated last; newest first among equals.
        const key = band[s] < 0 ? UNRATED_KEY : Math.min(UNRATED_KEY - 1, Math.round(ratio[s] * 10_000));
        sortKeys[total] = key * positionFactor + recency[s];
      } else sortKeys[total] = (MAX_SCORE - score[s]) * positionFactor + recency[s];
      total += all;
    }
    return total;
  }

  /**
   * scan() for the commonest shape: price, year and mileage ranges and facets, the page from a
   * presorted order (no place, rating, clean-air or text-location filter; the candidates may be a
   * word match's when the sort is not by relevance). The same result as scan(), with every check
   * branch-free in one expression (rangeBounds); a dead slot counts nowhere. On the benchmark's
   * such scans at 100k (same inputs, same process): 1.2–1.5× the general loop's speed.
   * scanPlacedOrKeyed could serve these too, but its place check and key choice made them take
   * 1.2–1.8× as long, so this shape keeps a loop of its own.
   */
  private scanRanges(f: ScanFilter, counts: Int32Array, matched: Int32Array | null, candidates: number, stamp: number): number {
    const { price, year, mileage, hasMileage, combo, alive } = this;
    const pass = this.scratchPass;
    const { comboOk } = f;
    const { priceAny, priceMin, priceMax, yearAny, yearMin, yearMax, mileageMin, mileageMax } = rangeBounds(f);
    let total = 0;
    for (let c = 0; c < candidates; c++) {
      const s = matched === null ? c : matched[c];
      const p = price[s];
      const y = year[s];
      const m = mileage[s];
      const ok =
        alive[s] &
        (+(p !== 0) | priceAny) &
        +(p >= priceMin) &
        +(p <= priceMax) &
        (+(y !== 0) | yearAny) &
        +(y >= yearMin) &
        +(y <= yearMax) &
        ((1 - hasMileage[s]) | (+(m >= mileageMin) & +(m <= mileageMax)));
      const k = combo[s];
      counts[k] += ok;
      const all = ok & comboOk[k];
      pass[s] = stamp * all;
      total += all;
    }
    return total;
  }

  /**
   * scanRanges() with a place (the listings within the radius and those without a location, never
   * those whose place is unknown), or with the page chosen by distance or by word score. The same
   * result as scan(); 1.1–1.4× the general loop's speed on the benchmark's such scans.
   */
  private scanPlacedOrKeyed(f: ScanFilter, counts: Int32Array, matched: Int32Array | null, candidates: number, stamp: number): number {
    const { price, year, mileage, hasMileage, combo, alive, placeId, locState } = this;
    const { comboOk, placeWithin, placeTenths, keyed } = f;
    const { priceAny, priceMin, priceMax, yearAny, yearMin, yearMax, mileageMin, mileageMax } = rangeBounds(f);
    // 1 without a place: every listing passes the place check.
    const placeAny = f.placed ? 0 : 1;
    const pass = this.scratchPass;
    const sortKeys = this.scratchKeys;
    const score = this.scratchScore;
    const byDistance = keyed === KEYED.distance;
    const byScore = keyed === KEYED.score;
    const recency = keyed === KEYED.none ? EMPTY_IDS : this.recencyRank();
    const positionFactor = this.positionFactor();
    let total = 0;
    for (let c = 0; c < candidates; c++) {
      const s = matched === null ? c : matched[c];
      const p = price[s];
      const y = year[s];
      const m = mileage[s];
      const place = placeId[s] + 1;
      const ok =
        alive[s] &
        (+(p !== 0) | priceAny) &
        +(p >= priceMin) &
        +(p <= priceMax) &
        (+(y !== 0) | yearAny) &
        +(y >= yearMin) &
        +(y <= yearMax) &
        ((1 - hasMileage[s]) | (+(m >= mileageMin) & +(m <= mileageMax))) &
        ((placeWithin[place] & +(locState[s] !== 2)) | placeAny);
      const k = combo[s];
      counts[k] += ok;
      const all = ok & comboOk[k];
      // Distance: (distance in tenths of a mile) × factor + recency position; score: (max − score in quarters) × factor + position.
      if (byDistance) sortKeys[total] = placeTenths[place] * positionFactor + recency[s];
      else if (byScore) sortKeys[total] = (MAX_SCORE - score[s]) * positionFactor + recency[s];
      else pass[s] = stamp * all;
      total += all;
    }
    return total;
  }
}

/** A place and radius as the passes read them (SearchIndex.placeTablesFor), per place id + 1; read only. */
interface PlaceTables {
  distance: Float64Array;
  within: Uint8Array;
  tenths: Float64Array;
}

/** Places and radii whose tables are kept (each about 40 KB at 2,300 places). */
const PLACE_TABLES_KEPT = 64;

/** How a query's page is chosen: from the presorted orders, or from keys by distance or by score. */
const KEYED = { none: 0, distance: 1, score: 2, rating: 3 } as const;

interface ScanFilter {
  priceBounded: boolean;
  priceMin: number;
  priceMax: number;
  yearBounded: boolean;
  yearMin: number;
  yearMax: number;
  mileageBounded: boolean;
  mileageMin: number;
  mileageMax: number;
  /** No minimum above 0 and a maximum of 0 or more: unknown mileage (0) passes by the maximum alone. */
  mileageMaxOnly: boolean;
  /** Per facet combination, 1 when it passes every facet filter. */
  comboOk: Uint8Array;
  /** Per facet combination, 1 when it fails at most one facet filter; null without facet filters. */
  comboNear: Uint8Array | null;
  placed: boolean;
  /** Per place id + 1 (0: none), 1 when within the radius of the query's place. */
  placeWithin: Uint8Array;
  /** Per place id + 1 (0: none), the distance sort key in tenths of a mile. */
  placeTenths: Float64Array;
  /** A location that is not a place: matched as text ('' for none). */
  locationNeedle: string;
  /** Fair-price band rank or better (−1: no rating filter). */
  maxRank: number;
  /** Clean-air zones (noChargeZoneMask bits) the listing must enter without a charge; 0: no filter. */
  wantNoCharge: number;
  keyed: (typeof KEYED)[keyof typeof KEYED];
}

/**
 * A query's ranges as the branch-free passes check them: an absent range is −∞…∞, and an absent
 * price or year range's "any" flag lets an unknown value (0) through. Unknown mileage passes any
 * mileage range (hasMileage is 0), as in the general loop.
 */
function rangeBounds(f: ScanFilter) {
  return {
    priceAny: f.priceBounded ? 0 : 1,
    priceMin: f.priceMin,
    priceMax: f.priceMax,
    yearAny: f.yearBounded ? 0 : 1,
    yearMin: f.yearMin,
    yearMax: f.yearMax,
    mileageMin: f.mileageBounded ? f.mileageMin : Number.NEGATIVE_INFINITY,
    mileageMax: f.mileageBounded ? f.mileageMax : Number.POSITIVE_INFINITY,
  };
}

/** A query's facet filters as tables (facetTables); read only. */
interface FacetTables {
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
function facetTables(query: ListingSearchQuery): FacetTables {
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

/** The first position in `order` where `past` holds (it holds from there to the end). */
function firstWhere(order: number[], past: (slot: number) => boolean): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (past(order[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
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
