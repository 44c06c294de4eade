import { FIELD_BITS, FUZZY_MIN_LENGTH, PREFIX_MIN_LENGTH, editDistance, withinOneEdit } from './text.js';

/** How much a match through each route counts, against an exact term's 1. */
const QUALITY = { exact: 1, prefix: 0.75, fuzzy: 0.5 } as const;
/** A last word matching more words than this by prefix keeps the most common ones. */
const MAX_PREFIX_TERMS = 64;
const SLOT_FACTOR = 1 << FIELD_BITS;
const EMPTY = new Int32Array(0);

/** The terms a query token stands for, with how well each matches it. */
export interface Expansion {
  ids: number[];
  quality: number[];
}

/**
 * The word part of search: an inverted index from term to postings (slot × 64 + field mask).
 * Postings are append-only; a changed listing moves to a new slot (SearchIndex), so an old
 * posting points at a dead slot and is skipped, and `compact` drops dead postings once they are
 * as many as the live ones. Query tokens expand to terms exactly, by prefix (the last word, as
 * the buyer types) and, when nothing else matches, within one typo.
 */
export class TermIndex {
  private readonly idOf = new Map<string, number>();
  private readonly text: string[] = [];
  /** Per term: postings in a typed array with spare room at the end, and how many are used. */
  private postings: Int32Array[] = [];
  private lengths: number[] = [];
  /** Term ids in text order, for prefix lookups; re-sorted on the first lookup after new terms arrive. */
  private sorted: number[] = [];
  private sortedCount = 0;
  /** Term ids by length, for typo lookups. */
  private readonly byLength: number[][] = [];
  private readonly cache = new Map<string, Expansion>();
  private live = 0;
  private total = 0;

  get termCount(): number {
    return this.text.length;
  }

  get postingCount(): number {
    return this.total;
  }

  /** The id of a term, added when new. */
  intern(term: string): number {
    let id = this.idOf.get(term);
    if (id !== undefined) return id;
    id = this.text.length;
    this.idOf.set(term, id);
    this.text.push(term);
    this.postings.push(EMPTY);
    this.lengths.push(0);
    const sameLength = this.byLength[term.length];
    if (sameLength) sameLength.push(id);
    else this.byLength[term.length] = [id];
    // A new word can change what a typed word expands to.
    if (this.cache.size > 0) this.cache.clear();
    return id;
  }

  idOfTerm(term: string): number | undefined {
    return this.idOf.get(term);
  }

  termText(id: number): string {
    return this.text[id];
  }

  /** Postings of a term: slot × 64 + field mask (a view, valid until the next change). */
  postingsOf(id: number): Int32Array {
    return this.postings[id].subarray(0, this.lengths[id]);
  }

  private count(id: number): number {
    return this.lengths[id];
  }

  add(slot: number, termIds: ArrayLike<number>, masks: ArrayLike<number>): void {
    const base = slot * SLOT_FACTOR;
    for (let i = 0; i < termIds.length; i++) {
      const id = termIds[i];
      const n = this.lengths[id];
      let list = this.postings[id];
      if (n === list.length) {
        const grown = new Int32Array(Math.max(4, n * 2));
        grown.set(list);
        this.postings[id] = list = grown;
      }
      list[n] = base + masks[i];
      this.lengths[id] = n + 1;
    }
    this.live += termIds.length;
    this.total += termIds.length;
  }

  /**
   * Adds many slots at once (a snapshot load): slot `first + d` has the terms
   * `termIds[docStart[d] .. docStart[d + 1])`. Counts first, so every list is allocated once.
   */
  addBulk(first: number, docStart: Int32Array, termIds: Int32Array, masks: Uint8Array): void {
    const extra = new Int32Array(this.text.length);
    for (let i = 0; i < termIds.length; i++) extra[termIds[i]]++;
    for (let id = 0; id < extra.length; id++) {
      if (extra[id] === 0) continue;
      const need = this.lengths[id] + extra[id];
      if (need > this.postings[id].length) {
        const grown = new Int32Array(need);
        grown.set(this.postings[id].subarray(0, this.lengths[id]));
        this.postings[id] = grown;
      }
    }
    const docs = docStart.length - 1;
    const { postings } = this;
    const fill = Int32Array.from(this.lengths);
    for (let d = 0; d < docs; d++) {
      const base = (first + d) * SLOT_FACTOR;
      const end = docStart[d + 1];
      for (let i = docStart[d]; i < end; i++) {
        const id = termIds[i];
        postings[id][fill[id]++] = base + masks[i];
      }
    }
    for (let id = 0; id < fill.length; id++) this.lengths[id] = fill[id];
    this.live += termIds.length;
    this.total += termIds.length;
  }

  /** Forgets `n` postings of a slot that died (they stay in the lists until `compact`). */
  retire(n: number): void {
    this.live -= n;
  }

  /** Whether enough postings are dead that `compact` is worth it. */
  get needsCompaction(): boolean {
    return this.total - this.live > Math.max(this.live, 50_000);
  }

  /** Drops postings of dead slots. */
  compact(alive: Uint8Array): void {
    let total = 0;
    this.postings = this.postings.map((list, id) => {
      const kept = list.subarray(0, this.lengths[id]).filter((p) => alive[Math.floor(p / SLOT_FACTOR)] === 1);
      this.lengths[id] = kept.length;
      total += kept.length;
      return kept;
    });
    this.total = total;
    this.live = total;
  }

  private lowerBound(term: string): number {
    if (this.sortedCount !== this.text.length) {
      const { text } = this;
      this.sorted = Array.from({ length: text.length }, (_, i) => i).sort((a, b) => (text[a] < text[b] ? -1 : text[a] > text[b] ? 1 : 0));
      this.sortedCount = text.length;
    }
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.text[this.sorted[mid]] < term) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The terms a query token matches: itself, longer words it starts (`prefix`), else words one typo away. */
  /** Forgets the kept expansions of typed words (SearchIndex.forgetQueryMemos). */
  forgetExpansions(): void {
    this.cache.clear();
  }

  expand(token: string, prefix: boolean): Expansion {
    const key = `${prefix ? 'p' : 'x'}${token}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const out: Expansion = { ids: [], quality: [] };
    const exact = this.idOf.get(token);
    if (exact !== undefined && this.count(exact) > 0) {
      out.ids.push(exact);
      out.quality.push(QUALITY.exact);
    }
    if (prefix && token.length >= PREFIX_MIN_LENGTH) {
      const found: number[] = [];
      for (let i = this.lowerBound(token); i < this.sorted.length; i++) {
        const id = this.sorted[i];
        const t = this.text[id];
        if (!t.startsWith(token)) break;
        if (id !== exact && this.count(id) > 0) found.push(id);
      }
      if (found.length > MAX_PREFIX_TERMS) found.sort((a, b) => this.count(b) - this.count(a)).length = MAX_PREFIX_TERMS;
      for (const id of found) {
        out.ids.push(id);
        out.quality.push(QUALITY.prefix);
      }
    }
    if (out.ids.length === 0 && token.length >= FUZZY_MIN_LENGTH && !/^\d+$/.test(token)) {
      for (let len = token.length - 1; len <= token.length + 1; len++) {
        for (const id of this.byLength[len] ?? []) {
          if (this.count(id) > 0 && withinOneEdit(token, this.text[id])) {
            out.ids.push(id);
            out.quality.push(QUALITY.fuzzy);
          }
        }
      }
    }
    if (this.cache.size > 5_000) this.cache.clear();
    this.cache.set(key, out);
    return out;
  }

  /** The most used term within `maxEdits` of a token (for "did you mean"), or null. */
  nearest(token: string, maxEdits: number): string | null {
    let best: number | null = null;
    let bestDistance = maxEdits + 1;
    for (let len = token.length - maxEdits; len <= token.length + maxEdits; len++) {
      for (const id of this.byLength[len] ?? []) {
        // People rarely get the first letter wrong; checking only those keeps this cheap.
        if (this.text[id].charCodeAt(0) !== token.charCodeAt(0)) continue;
        const n = this.count(id);
        if (n === 0) continue;
        const d = editDistance(token, this.text[id], maxEdits);
        if (d > maxEdits) continue;
        if (d < bestDistance || (d === bestDistance && best !== null && n > this.count(best))) {
          best = id;
          bestDistance = d;
        }
      }
    }
    return best === null ? null : this.text[best];
  }
}
