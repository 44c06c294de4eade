import type { Listing, SearchSuggestion } from '../../../../shared/schemas/listing.js';
import { CATEGORIES, makeLabel } from '../../../../shared/values.js';
import { fold } from './text.js';

const KIND_ORDER: Record<SearchSuggestion['kind'], number> = { make: 0, category: 1, model: 2, place: 3 };
const MAX_SUGGESTIONS = 8;

interface Entry {
  kind: SearchSuggestion['kind'];
  text: string;
  /** Folded words of the text, each a place a typed prefix may match. */
  words: string[];
  folded: string;
  count: number;
}

/** The place part of a location ("Leeds, West Yorkshire" → "Leeds"). */
const townOf = (location: string | null) => location?.split(',')[0]?.trim() || null;

/**
 * What the search box suggests as the buyer types: makes, categories, models and places of the
 * active listings, with how many listings each finds. Counted on every index change, so a
 * suggestion never leads to an empty page.
 */
export class Suggestions {
  private readonly entries = new Map<string, Entry>();

  private keysOf(l: Listing): Array<[SearchSuggestion['kind'], string]> {
    const out: Array<[SearchSuggestion['kind'], string]> = [];
    const make = l.make && l.make !== 'other' ? makeLabel(l.make) : null;
    if (make) out.push(['make', make]);
    if (l.category && l.category !== 'other') {
      const c = CATEGORIES.find((x) => x.value === l.category);
      if (c) out.push(['category', c.label]);
    }
    if (l.model) out.push(['model', make ? `${make} ${l.model}` : l.model]);
    const town = townOf(l.location);
    if (town) out.push(['place', town]);
    return out;
  }

  add(l: Listing, delta: 1 | -1): void {
    this.words = null;
    for (const [kind, text] of this.keysOf(l)) {
      const key = `${kind}|${text}`;
      let e = this.entries.get(key);
      if (!e) {
        if (delta < 0) continue;
        const folded = fold(text);
        e = { kind, text, folded, words: folded.split(/[^a-z0-9]+/).filter(Boolean), count: 0 };
        this.entries.set(key, e);
      }
      e.count += delta;
      if (e.count <= 0) this.entries.delete(key);
    }
  }

  /** Suggestions for what has been typed: whole-text or word prefix matches, makes and categories first, then by count. */
  suggest(typed: string): SearchSuggestion[] {
    const q = fold(typed).trim().replace(/\s+/g, ' ');
    if (!q) return [];
    const found: Entry[] = [];
    for (const e of this.entries.values()) {
      if (e.folded.startsWith(q) || (q.length >= 2 && !q.includes(' ') && e.words.some((w) => w.startsWith(q)))) found.push(e);
    }
    found.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || b.count - a.count || (a.text < b.text ? -1 : 1));
    return found.slice(0, MAX_SUGGESTIONS).map(({ kind, text, count }) => ({ kind, text, count }));
  }

  /** Every entry as [kind, text, count] (the snapshot keeps them, so a load need not count again). */
  export(): Array<[SearchSuggestion['kind'], string, number]> {
    return [...this.entries.values()].map((e) => [e.kind, e.text, e.count]);
  }

  import(entries: Array<[SearchSuggestion['kind'], string, number]>): void {
    this.words = null;
    for (const [kind, text, count] of entries) {
      const folded = fold(text);
      this.entries.set(`${kind}|${text}`, { kind, text, folded, words: folded.split(/[^a-z0-9]+/).filter(Boolean), count });
    }
  }

  private words: Map<string, number> | null = null;

  /** Whole words of suggestion texts with their listing counts (for "did you mean" in the buyer's own spelling). */
  wordCounts(): Map<string, number> {
    if (!this.words) {
      this.words = new Map();
      for (const e of this.entries.values()) for (const w of e.words) this.words.set(w, (this.words.get(w) ?? 0) + e.count);
    }
    return this.words;
  }
}
