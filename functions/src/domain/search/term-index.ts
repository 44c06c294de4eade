import { FIELD_BITS, FUZZY_MIN_LENGTH, PREFIX_MIN_LENGTH, editDistance, withinOneEdit } from './text.js';

/** How much a match through each route counts, against an exact term's 1. */
export const QUALITY = { exact: 1, prefix: 0.75, fuzzy: 0.5 } as const;
/** A last word matching more words than this by prefix keeps the most common ones. */
const MAX_PREFIX_TERMS = 64;
const SLOT_FACTOR = 1 << FIELD_BITS;

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
  private postings: number[][] = [];
  /** Term ids in text order, for prefix lookups; kept sorted as terms arrive. */
  private readonly sorted: number[] = [];
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
    this.postings.push([]);
    const sameLength = this.byLength[term.length];
    if (sameLength) sameLength.push(id);
    else this.byLength[term.length] = [id];
    this.sorted.splice(this.lowerBound(term), 0, id);
    // A new word can change what a typed word expands to.
    this.cache.clear();
    return id;
  }

  idOfTerm(term: string): number | undefined {
    return this.idOf.get(term);
  }

  termText(id: number): string {
    return this.text[id];
  }

  /** Postings of a term: slot × 64 + field mask. */
  postingsOf(id: number): number[] {
    return this.postings[id];
  }

  add(slot: number, termIds: ArrayLike<number>, masks: ArrayLike<number>): void {
    const base = slot * SLOT_FACTOR;
    for (let i = 0; i < termIds.length; i++) this.postings[termIds[i]].push(base + masks[i]);
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
    this.postings = this.postings.map((list) => {
      const kept = list.filter((p) => alive[Math.floor(p / SLOT_FACTOR)] === 1);
      total += kept.length;
      return kept;
    });
    this.total = total;
    this.live = total;
  }

  private lowerBound(term: string): number {
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
  expand(token: string, prefix: boolean): Expansion {
    const key = `${prefix ? 'p' : 'x'}${token}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const out: Expansion = { ids: [], quality: [] };
    const exact = this.idOf.get(token);
    if (exact !== undefined && this.postings[exact].length > 0) {
      out.ids.push(exact);
      out.quality.push(QUALITY.exact);
    }
    if (prefix && token.length >= PREFIX_MIN_LENGTH) {
      const found: number[] = [];
      for (let i = this.lowerBound(token); i < this.sorted.length; i++) {
        const id = this.sorted[i];
        const t = this.text[id];
        if (!t.startsWith(token)) break;
        if (id !== exact && this.postings[id].length > 0) found.push(id);
      }
      if (found.length > MAX_PREFIX_TERMS)
        found.sort((a, b) => this.postings[b].length - this.postings[a].length).length = MAX_PREFIX_TERMS;
      for (const id of found) {
        out.ids.push(id);
        out.quality.push(QUALITY.prefix);
      }
    }
    if (out.ids.length === 0 && token.length >= FUZZY_MIN_LENGTH && !/^\d+$/.test(token)) {
      for (let len = token.length - 1; len <= token.length + 1; len++) {
        for (const id of this.byLength[len] ?? []) {
          if (this.postings[id].length > 0 && withinOneEdit(token, this.text[id])) {
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
        const n = this.postings[id].length;
        if (n === 0) continue;
        const d = editDistance(token, this.text[id], maxEdits);
        if (d > maxEdits) continue;
        if (d < bestDistance || (d === bestDistance && best !== null && n > this.postings[best].length)) {
          best = id;
          bestDistance = d;
        }
      }
    }
    return best === null ? null : this.text[best];
  }
}
