/**
 * The search index's result cards and each slot's terms, and the caches that turn a card into a
 * result item: a card is kept as JSON text (or left in the loaded snapshot's buffers) and parsed
 * only when shown; recently shown cards are kept parsed, as item templates, and as their masked
 * text for anonymous viewers.
 */
import type { Listing, ListingSearchResult } from '../../../../shared/schemas/listing.js';
import { ANONYMOUS } from '../caller.js';
import { maskForCaller } from '../listings/mask.js';
import { asciiJson } from './ascii-json.js';

const EMPTY_IDS = new Int32Array(0);
const EMPTY_MASKS = new Uint8Array(0);
const decoder = new TextDecoder();
/** Parsed result cards kept for reuse: popular listings show on many pages. */
const PARSED_CARDS = 5_000;

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

/** Records the items' JSON texts of a result made for an anonymous viewer (anonymousItemsJson). */
export function setAnonymousItemsJson(result: ListingSearchResult, texts: string[]): void {
  anonymousItemTexts.set(result, texts);
}

/** The cards and terms of a loaded snapshot, listing i in slot i. */
export interface SnapshotCards {
  cardBytes: Uint8Array;
  cardStart: Int32Array;
  termStart: Int32Array;
  termIds: Int32Array;
  termMasks: Uint8Array;
}

export class CardStore {
  /** Result cards as JSON, parsed only when shown; '' for a slot whose card is in the loaded snapshot. */
  private cardText: string[] = [];
  /** The snapshot this index was loaded from: its cards and terms stay in its buffers. */
  private snap: SnapshotCards | null = null;
  /** 1 when a slot's card and terms are the snapshot's. */
  private inSnap = new Uint8Array(0);
  /** Each slot's term ids and field masks (what the snapshot writer needs; its postings point back here). */
  private slotTerms: Int32Array[] = [];
  private slotMasks: Uint8Array[] = [];
  /** Cards parsed for get(), ratings and suggestions (cleared per slot on every change; bounded). */
  private readonly parsedCards = new Map<number, Listing>();
  /**
   * Recently shown cards as result items: parsed, with `priceBand` and `distanceMiles` added as
   * own properties (undefined), so every item copied from them has one shape (cleared per slot on
   * every change; bounded). Spreading a card into a new object with those two keys made V8 build
   * a hidden class for every single item (~6 µs and ~1.5 KB each, in old space).
   */
  private readonly itemTemplates = new Map<number, Listing>();
  /**
   * Recently shown cards masked for anonymous viewers, as ASCII JSON (asciiJson) without the
   * closing brace (cleared per slot on every change; bounded); null when the card's text cannot be
   * extended that way.
   */
  private readonly publicCardTexts = new Map<number, string | null>();

  grow(capacity: number): void {
    const next = new Uint8Array(capacity);
    next.set(this.inSnap);
    this.inSnap = next;
  }

  /** Slots 0 … n − 1 take the snapshot's cards and terms. */
  loadSnapshot(snap: SnapshotCards, n: number): void {
    this.snap = snap;
    this.inSnap.fill(1, 0, n);
    this.cardText = new Array<string>(n).fill('');
  }

  json(slot: number): string {
    if (this.inSnap[slot] === 1 && this.snap) {
      const { cardBytes, cardStart } = this.snap;
      return decoder.decode(cardBytes.subarray(cardStart[slot], cardStart[slot + 1]));
    }
    return this.cardText[slot];
  }

  /** A slot's term ids and field masks. */
  termsOf(slot: number): { termIds: Int32Array; masks: Uint8Array } {
    if (this.inSnap[slot] === 1 && this.snap) {
      const { termStart, termIds, termMasks } = this.snap;
      return {
        termIds: termIds.subarray(termStart[slot], termStart[slot + 1]),
        masks: termMasks.subarray(termStart[slot], termStart[slot + 1]),
      };
    }
    return { termIds: this.slotTerms[slot] ?? EMPTY_IDS, masks: this.slotMasks[slot] ?? EMPTY_MASKS };
  }

  /** A slot's new card and terms. */
  write(slot: number, l: Listing, termIds: Int32Array, masks: Uint8Array): void {
    this.cardText[slot] = JSON.stringify(l);
    this.forget(slot);
    this.inSnap[slot] = 0;
    this.slotTerms[slot] = termIds;
    this.slotMasks[slot] = masks;
  }

  /** A slot whose listing was removed. */
  clear(slot: number): void {
    this.slotTerms[slot] = EMPTY_IDS;
    this.slotMasks[slot] = EMPTY_MASKS;
    this.inSnap[slot] = 0;
    this.cardText[slot] = '';
    this.forget(slot);
  }

  private forget(slot: number): void {
    this.parsedCards.delete(slot);
    this.itemTemplates.delete(slot);
    this.publicCardTexts.delete(slot);
  }

  /** The slot's card, parsed (kept for reuse; read only). */
  card(slot: number): Listing {
    let card = this.parsedCards.get(slot);
    if (!card) {
      card = JSON.parse(this.json(slot)) as Listing;
      if (this.parsedCards.size >= PARSED_CARDS) this.parsedCards.clear();
      this.parsedCards.set(slot, card);
    }
    return card;
  }

  /** The slot's card parsed, with `priceBand` and `distanceMiles` last (undefined): read only. */
  private itemTemplate(slot: number): Listing {
    let template = this.itemTemplates.get(slot);
    if (!template) {
      template = JSON.parse(this.json(slot)) as Listing;
      template.priceBand = undefined;
      template.distanceMiles = undefined;
      if (this.itemTemplates.size >= PARSED_CARDS) this.itemTemplates.clear();
      this.itemTemplates.set(slot, template);
    }
    return template;
  }

  /** A result item: the slot's card with its price band, and its distance when the query has a place. */
  item(slot: number, band: Listing['priceBand'], distance: number | null | undefined): Listing {
    // A copy of a template keeps its hidden class; assigning existing keys keeps it too.
    const item = { ...this.itemTemplate(slot) };
    item.priceBand = band;
    // Undefined (no place) is left out of the JSON, as the key was before.
    item.distanceMiles = distance;
    return item;
  }

  /** An item's ASCII JSON for an anonymous viewer: the card's masked text, then its band and distance. */
  anonymousItemText(slot: number, item: Listing, distance: number | null | undefined): string {
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
}
