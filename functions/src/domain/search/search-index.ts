import { PRICE_BAND_VALUES } from '../../../../shared/pricing.js';
import type { Listing, ListingSearchResult, SearchSuggestion } from '../../../../shared/schemas/listing.js';
import { createPlaceCache } from '../geo/geo.js';
import { CardStore, setAnonymousItemsJson } from './card-store.js';
import { listingPlaceText } from '../geo/listing-place.js';
import { IndexColumns } from './index-columns.js';
import { facetCounts, forgetFacetTables } from './index-facets.js';
import { exportImage, importImage, vocabularyOf } from './index-image.js';
import { LiveSummary } from './live-summary.js';
import { PlaceTable } from './place-table.js';
import { type IndexParts, type IndexQuery, countPassing, pageSlotsOf, planQuery } from './query-planner.js';
import { QueryScratch } from './query-scratch.js';
import type { SearchDoc } from './search-doc.js';
import type { IndexImage } from './snapshot.js';
import { PRESORTED, SortedOrders } from './sorted-orders.js';
import { Suggestions } from './suggestions.js';
import { TermIndex } from './term-index.js';
import { ALL_FIELDS, PUBLIC_FIELDS, queryTokens } from './text.js';
import { didYouMean, lookupTokens } from './word-match.js';

export { anonymousItemsJson } from './card-store.js';

/** Whose search it is: anonymous visitors cannot match on seller names (they are masked). */
export type SearchViewer = 'anonymous' | 'user';

/**
 * Rates a result card against the current fair-price model (composed in deps.ts from the stored
 * model): the band's rank (PRICE_BAND_RANK) and price ÷ typical price, or null for no rating.
 * `version` names the model, so the index re-rates only when the model changes.
 */
export interface ListingRater {
  version: string;
  rate(card: Listing): { rank: number; ratio: number } | null;
}

/** Larger change batches rebuild the sorted orders instead of patching them one by one. */
const PATCH_LIMIT = 2_000;
const EMPTY_IDS = new Int32Array(0);
const EMPTY_MASKS = new Uint8Array(0);

/**
 * The in-memory search index (docs/data-model.md "Search"): a columnar projection of every active
 * listing — typed arrays for the numeric and coded fields (IndexColumns), an inverted index of
 * analysed terms (TermIndex) for the words — plus a presorted slot order per sort key
 * (SortedOrders), patched in place on small changes and rebuilt lazily after large ones. A query
 * visits only the listings that can match it: with words, those the term index scores as
 * matching them all (word-match.ts); else, when a radius or a price, year or mileage range lets
 * few through, just those (query-planner.ts); else every slot, in memory order. One pass over
 * them (scan-kernels.ts) evaluates the filters and counts listings per facet combination (the
 * total and the disjunctive facets come from those counts: index-facets.ts); the page is then the
 * first passing slots of the presorted order, or, for relevance and distance, the smallest packed
 * keys. A query with facet filters only (category pages, makes, the home page) needs no pass at
 * all: the counts of every live listing per combination are kept until the next change
 * (LiveSummary).
 *
 * A changed listing takes a new slot (its old slot is retired until the term index is compacted),
 * so postings never need to be found and removed one by one.
 */
export class SearchIndex {
  private readonly slotById = new Map<string, number>();
  private freeSlots: number[] = [];
  /** Slots of removed or replaced listings whose postings may still be in the term index. */
  private retired: number[] = [];
  private readonly cols = new IndexColumns();
  private readonly cards = new CardStore();
  private readonly places = new PlaceTable();
  private readonly terms = new TermIndex();
  private readonly suggestions = new Suggestions();
  private readonly orders = new SortedOrders(this.cols, this.slotById);
  private readonly live = new LiveSummary(this.cols, this.places);
  private readonly scratch = new QueryScratch();
  private readonly parts: IndexParts = {
    cols: this.cols,
    cards: this.cards,
    places: this.places,
    orders: this.orders,
    live: this.live,
    scratch: this.scratch,
    terms: this.terms,
    suggestions: this.suggestions,
    slotById: this.slotById,
  };
  private readonly placeOf = createPlaceCache();
  /**
   * Whether the band and ratio columns are current: not in the snapshot (the model changes apart
   * from it), so after a snapshot load or a new model they are worked out on first need (ensureRated).
   */
  private ratedReady = true;
  private rater: ListingRater | null = null;

  get size(): number {
    return this.slotById.size;
  }

  has(id: string): boolean {
    return this.slotById.has(id);
  }

  /** The result card of a listing. */
  get(id: string): Listing | undefined {
    const slot = this.slotById.get(id);
    return slot === undefined ? undefined : this.cards.card(slot);
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
    for (const key of PRESORTED) this.orders.order(key);
  }

  /**
   * Forgets what is kept per query shape (word expansions, distance tables per place and radius,
   * facet tables per filter set), so the next query pays for them as a first-time one does. Only
   * the benchmark's uncached figure calls it (bench/run.ts); the listings' own data is untouched.
   */
  forgetQueryMemos(): void {
    this.terms.forgetExpansions();
    this.places.forgetKept();
    forgetFacetTables();
  }

  /** The n newest active listings (result cards, with their price band). */
  latest(n: number): Listing[] {
    return this.orders
      .order('relevance')
      .slice(0, n)
      .map((slot) => this.cards.item(slot, this.bandOf(slot), undefined));
  }

  /** A slot's price band: from the column once rated, else rated now (a page's worth before the first full pass). */
  private bandOf(slot: number): Listing['priceBand'] {
    let rank: number;
    if (this.ratedReady) rank = this.cols.band[slot];
    else rank = this.rater?.rate(this.cards.card(slot))?.rank ?? -1;
    return rank >= 0 ? PRICE_BAND_VALUES[rank] : null;
  }

  /** Every active listing's card, newest first (benchmarks and the snapshot builder). */
  all(): Listing[] {
    return this.orders.order('relevance').map((slot) => this.cards.card(slot));
  }

  /** Every term the index knows, by id (the snapshot's vocabulary). */
  vocabulary(): string[] {
    return vocabularyOf(this.parts);
  }

  /** A listing's term ids and field masks. */
  termsOf(id: string): { termIds: Int32Array; masks: Uint8Array } {
    const slot = this.slotById.get(id);
    if (slot === undefined) return { termIds: EMPTY_IDS, masks: EMPTY_MASKS };
    return this.cards.termsOf(slot);
  }

  /** Suggestions for what the buyer has typed so far. */
  suggest(typed: string): SearchSuggestion[] {
    return this.suggestions.suggest(typed);
  }

  /** The index as columns, live listings newest first (the snapshot writer). */
  exportImage(versionOf: (id: string) => number): IndexImage {
    return exportImage(this.parts, versionOf);
  }

  /** Loads an empty index from columns (a snapshot): listing i takes slot i; cards and terms stay in the image's buffers. */
  importImage(image: IndexImage): void {
    if (this.cols.highWater !== 0) throw new Error('importImage needs an empty index');
    this.grow(Math.max(1024, image.count));
    importImage(this.parts, image);
    this.ratedReady = false;
  }

  private grow(capacity: number): void {
    this.cols.grow(capacity);
    this.cards.grow(capacity);
  }

  private allocate(id: string): number {
    const slot = this.freeSlots.pop() ?? this.cols.highWater++;
    if (slot >= this.cols.capacity) this.grow(Math.max(1024, this.cols.capacity * 2));
    this.slotById.set(id, slot);
    return slot;
  }

  private upsertOne(d: SearchDoc, patch: boolean): void {
    if (this.slotById.has(d.card.id)) this.removeOne(d.card.id, patch);
    const slot = this.allocate(d.card.id);
    const ids = new Int32Array(d.terms.length);
    for (let i = 0; i < ids.length; i++) ids[i] = this.terms.intern(d.terms[i]);
    this.write(slot, d.card, ids, Uint8Array.from(d.masks));
    if (patch) this.orders.insert(slot);
  }

  private removeOne(id: string, patch: boolean): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    if (patch) this.orders.remove(slot);
    this.slotById.delete(id);
    this.suggestions.add(this.cards.card(slot), -1);
    this.terms.retire(this.cards.termsOf(slot).termIds.length);
    this.cards.clear(slot);
    this.cols.clear(slot);
    this.retired.push(slot);
  }

  private maybeCompact(): void {
    if (!this.terms.needsCompaction) return;
    this.terms.compact(this.cols.alive);
    this.freeSlots = this.freeSlots.concat(this.retired);
    this.retired = [];
  }

  private write(slot: number, l: Listing, termIds: Int32Array, masks: Uint8Array): void {
    this.cards.write(slot, l, termIds, masks);
    this.cols.write(slot, l);
    this.rate(slot, l);
    const placeText = listingPlaceText(l);
    const place = placeText ? this.placeOf(placeText) : null;
    this.cols.locState[slot] = placeText === null ? 0 : place ? 1 : 2;
    this.cols.placeId[slot] = place ? this.places.idOf(place) : -1;
    this.terms.add(slot, termIds, masks);
    this.suggestions.add(l, 1);
  }

  private rate(slot: number, l: Listing): void {
    const rating = this.rater?.rate(l) ?? null;
    this.cols.band[slot] = rating ? rating.rank : -1;
    this.cols.ratio[slot] = rating ? rating.ratio : 0;
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
    if (this.rater) for (const slot of this.slotById.values()) this.rate(slot, JSON.parse(this.cards.json(slot)) as Listing);
    else {
      this.cols.band.fill(-1);
      this.cols.ratio.fill(0);
    }
    this.ratedReady = true;
  }

  /** What is derived from the live listings is rebuilt on first use after a change. */
  private derivedChanged(): void {
    this.orders.changed();
    this.live.changed();
  }

  /** Live listings per seller account (the dealer directory's stock counts), from the owner groups: no pass over the listings. */
  liveCountsByOwner(): Map<string, number> {
    const { start } = this.live.ownerGroupsOf();
    const out = new Map<string, number>();
    for (let code = 1; code + 1 < start.length; code++) {
      const n = start[code + 1] - start[code];
      if (n > 0) out.set(this.cols.ownerIds[code], n);
    }
    return out;
  }

  /** `nowMs`: the time "Recently reduced" counts back from (UK days, shared/price-history.ts). */
  search(query: IndexQuery, viewer: SearchViewer, nowMs: number = Date.now()): ListingSearchResult {
    const first = this.searchPage(query, viewer, nowMs);
    // An out-of-range page answers with the last page (issue 9 §2), saying which page it is.
    if (first.total > 0 && query.page > first.totalPages) return this.searchPage({ ...query, page: first.totalPages }, viewer, nowMs);
    if (first.total === 0 && query.q) first.didYouMean = didYouMean(this.terms, this.suggestions, query.q);
    return first;
  }

  private searchPage(query: IndexQuery, viewer: SearchViewer, nowMs: number): ListingSearchResult {
    const plan = planQuery(this.parts, query, lookupTokens(this.terms, queryTokens(query.q)), nowMs);
    // Band and price ÷ typical come from the current model: rated on first need.
    if (plan.rated) this.ensureRated();
    const counted = countPassing(this.parts, plan, query, viewer === 'user' ? ALL_FIELDS : PUBLIC_FIELDS);
    const pageSlots = pageSlotsOf(this.parts, plan, query, counted);
    const { place, placeDistance } = plan;
    const { locState, placeId } = this.cols;
    const distances = pageSlots.map((s) =>
      place ? (locState[s] === 1 ? Math.round(placeDistance[placeId[s] + 1] * 10) / 10 : null) : undefined,
    );
    const items = pageSlots.map((s, i) => this.cards.item(s, this.bandOf(s), place ? (distances[i] ?? null) : undefined));
    const { total } = counted;
    const result: ListingSearchResult = {
      items,
      total,
      page: query.page,
      pageSize: query.pageSize,
      totalPages: Math.ceil(total / query.pageSize),
      // Only combinations with live listings can have counts.
      facets: facetCounts(counted.counts, this.live.liveCombos(), plan.facetOk),
      near: place ? { outcode: place.outcode, label: place.label, radiusMiles: plan.radius } : null,
      didYouMean: null,
    };
    if (viewer === 'anonymous') {
      setAnonymousItemsJson(
        result,
        pageSlots.map((s, i) => this.cards.anonymousItemText(s, items[i], distances[i])),
      );
    }
    return result;
  }
}
