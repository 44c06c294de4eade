/**
 * The search index's word part: a query's tokens as the term index should look them up, each
 * slot's match score over the postings, and "did you mean" for words no listing has.
 */
import type { QueryScratch } from './query-scratch.js';
import type { Suggestions } from './suggestions.js';
import type { TermIndex } from './term-index.js';
import { FIELD_BITS, MASK_WEIGHT, editDistance, stem, words } from './text.js';

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

/**
 * Query tokens as the index should look them up: a pair the buyer split that the listings write
 * as one word ("curtain sider" → "curtainsider") is glued when either half alone is unknown.
 */
export function lookupTokens(terms: TermIndex, tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const a = tokens[i];
    const b = tokens[i + 1];
    if (b !== undefined && (terms.idOfTerm(a) === undefined || terms.idOfTerm(b) === undefined)) {
      const glued = stem(`${a}${b}`);
      if (terms.idOfTerm(glued) !== undefined) {
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
 * token (they are in `scratch.matched`, their scores in `scratch.score`); only postings are
 * visited, never every slot, and without branches on the postings' values. `highWater`: the
 * slots used so far; the scratch must already hold the index's capacity (ensureScoring).
 */
export function scoreTokens(terms: TermIndex, scratch: QueryScratch, highWater: number, tokens: string[], fieldMask: number): number {
  const { hits, score, best, matched } = scratch;
  hits.fill(0, 0, highWater);
  // Rarest token first: later, commoner tokens then only update the slots still in the running.
  const expansions = tokens
    .map((t, k) => terms.expand(t, k === tokens.length - 1))
    .map((e) => ({ ...e, size: e.ids.reduce((n, id) => n + terms.postingsOf(id).length, 0) }))
    .sort((a, b) => a.size - b.size);
  const mask = fieldMask & SLOT_MASK;
  let count = 0;
  for (let k = 0; k < expansions.length; k++) {
    const { ids, quality } = expansions[k];
    // The slots reaching k + 1 matched tokens in this pass (a subset of the last pass's).
    count = 0;
    for (let e = 0; e < ids.length; e++) {
      const postings = terms.postingsOf(ids[e]);
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
export function didYouMean(terms: TermIndex, suggestions: Suggestions, q: string): string | null {
  const raw = words(q);
  let changed = false;
  const vocabulary = suggestions.wordCounts();
  const out = raw.map((w) => {
    const t = stem(w);
    if (w.length < 4 || terms.expand(t, false).ids.length > 0) return w;
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
    const replacement = best ?? terms.nearest(t, maxEdits);
    if (replacement === null || replacement === w) return w;
    changed = true;
    return replacement;
  });
  return changed ? out.join(' ') : null;
}
