import { COMBOS } from './index-facets.js';

/**
 * Scratch buffers reused by every query of one index (search is synchronous), so a query
 * allocates next to nothing. Each group grows to the index's capacity on first need.
 */
export class QueryScratch {
  /** A query's sort keys, or the positions of its passing listings in a sorted order. */
  keys = new Float64Array(0);
  /** Per slot, how many of a query's words it matched so far (scoreTokens). */
  hits = new Uint8Array(0);
  /** Per slot, a query's score in quarters (scoreTokens), and its best match for the current word. */
  score = new Int32Array(0);
  best = new Int32Array(0);
  /** The slots that matched every word of the last scored query. */
  matched = new Int32Array(0);
  /** Per slot, the stamp of the last query it passed (so nothing is cleared between queries). */
  pass = new Int32Array(0);
  /** Per slot, the stamp of the last query whose ranges left it out (countLeftOut). */
  out = new Int32Array(0);
  /** Per facet combination, the listings passing a query's other filters. */
  readonly counts = new Int32Array(COMBOS);
  /** Candidate slots of a query planned from one selective filter. */
  candidates = new Int32Array(0);
  /** One bit per slot: the candidates plan() puts in slot order. */
  planned = new Uint32Array(0);
  private passStamp = 0;

  /** The buffers word scoring uses. */
  ensureScoring(capacity: number): void {
    if (this.hits.length < capacity) {
      this.hits = new Uint8Array(capacity);
      this.score = new Int32Array(capacity);
      this.best = new Int32Array(capacity);
      this.matched = new Int32Array(capacity);
    }
  }

  /** The buffers every query uses. */
  ensurePass(capacity: number): void {
    if (this.keys.length < capacity) {
      this.keys = new Float64Array(capacity);
      this.pass = new Int32Array(capacity);
      this.out = new Int32Array(capacity);
    }
  }

  /** The buffers plan() uses. */
  ensurePlanning(capacity: number): void {
    if (this.candidates.length < capacity) {
      this.candidates = new Int32Array(capacity);
      this.planned = new Uint32Array((capacity + 31) >>> 5);
    }
  }

  /** A new query's stamp (ensurePass first); the stamps start again from 1 before they overflow. */
  nextStamp(): number {
    if (this.passStamp === 0x7fffffff) {
      this.pass.fill(0);
      this.out.fill(0);
      this.passStamp = 0;
    }
    return ++this.passStamp;
  }
}
