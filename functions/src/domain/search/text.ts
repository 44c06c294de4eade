/**
 * Text analysis for keyword search (issue 9 §1): how listing text and what buyers type become
 * comparable terms. The same functions analyse both sides, so case, punctuation, plurals and the
 * trade's words meet in the middle.
 */
import { type Category, MAKES, type Make } from '../../../../shared/values.js';

/** Which part of a listing a term came from; a term's postings carry the OR of these bits. */
export const FIELD = {
  /** Title, make (label and aliases), model. */
  title: 1,
  /** Category with the trade's words, body spec (axles, cab, GVW, Euro standard, fuel, gearbox). */
  body: 2,
  features: 4,
  /** Location text and postcode district. */
  place: 8,
  description: 16,
  /** Company and contact name: matched for signed-in users only (they are masked for anonymous visitors). */
  seller: 32,
} as const;
export const FIELD_BITS = 6;
export const PUBLIC_FIELDS = FIELD.title | FIELD.body | FIELD.features | FIELD.place | FIELD.description;
export const ALL_FIELDS = PUBLIC_FIELDS | FIELD.seller;

/** What a match in each field is worth: title, make and model hits rank above description hits. */
const FIELD_WEIGHT: ReadonlyArray<[number, number]> = [
  [FIELD.title, 10],
  [FIELD.body, 6],
  [FIELD.seller, 4],
  [FIELD.features, 3],
  [FIELD.place, 3],
  [FIELD.description, 1],
];
/** Best weight of any field in a mask, precomputed for every mask. */
export const MASK_WEIGHT: Float32Array = (() => {
  const w = new Float32Array(1 << FIELD_BITS);
  for (let m = 0; m < w.length; m++) for (const [bit, weight] of FIELD_WEIGHT) if (m & bit) w[m] = Math.max(w[m], weight);
  return w;
})();

/** Words that say nothing about which truck: dropped from queries and from the index. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'at',
  'by',
  'for',
  'from',
  'in',
  'is',
  'it',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
  'very',
  'our',
  'we',
  'this',
  'all',
]);
/** Words buyers add that every listing would match ("used tipper truck for sale"). */
const QUERY_NOISE = new Set(['truck', 'trucks', 'lorry', 'lorries', 'hgv', 'hgvs', 'used', 'sale', 'uk', 'vehicle', 'vehicles']);

/** The trade's words for each category, indexed with the listing's category (body field). */
export const CATEGORY_WORDS: Record<Category, string[]> = {
  articulated: ['articulated', 'artic', 'tractor unit', 'unit', 'tractor'],
  rigid: ['rigid'],
  tipper: ['tipper'],
  'box-van': ['box van', 'box'],
  curtainsider: ['curtainsider', 'curtain', 'curtain sider'],
  flatbed: ['flatbed', 'flat bed'],
  refrigerated: ['refrigerated', 'fridge', 'reefer', 'chiller', 'freezer'],
  specialist: ['specialist'],
  beavertail: ['beavertail', 'beaver', 'beaver tail', 'plant'],
  other: [],
};

/** Make labels and the names people use for them. */
export const MAKE_WORDS: Record<Make, string[]> = Object.fromEntries(MAKES.map((m) => [m.value, [m.label]])) as Record<Make, string[]>;
MAKE_WORDS.mercedes.push('Mercedes', 'Merc', 'Benz', 'Mercedes Benz');
MAKE_WORDS.mitsubishi.push('Fuso');
MAKE_WORDS.renault.push('Renault Trucks');

/** Folds case and accents. */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  // Most listing text is ASCII: skip the (costly) decomposition then.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
  return /^[\x00-\x7f]*$/.test(lower) ? lower : lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

/** Plural and possessive endings off, so "tippers", "tipper's" and "tipper" meet. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

const TONNE_WORDS = new Set(['t', 'ton', 'tons', 'tonne', 'tonnes', 'tonner', 'tonners']);

/**
 * Raw words of a text: lower case, split on anything but letters and digits (a point stays
 * between digits: "7.5t"), with weights written like "18 tonne", "18-tonne", "18tonner" made "18t".
 */
export function words(text: string): string[] {
  const raw = fold(text).match(/\d+(?:\.\d+)+|[a-z0-9]+/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const w = raw[i];
    const glued = /^(\d+(?:\.\d+)?)(t|ton|tons|tonne|tonnes|tonner|tonners)$/.exec(w);
    if (glued) {
      out.push(`${glued[1]}t`);
    } else if (/^\d+(?:\.\d+)?$/.test(w) && i + 1 < raw.length && TONNE_WORDS.has(raw[i + 1])) {
      out.push(`${w}t`);
      i++;
    } else out.push(w);
  }
  return out;
}

/** Terms of a text: words minus stop words, stemmed. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) if (!STOP_WORDS.has(w)) out.push(stem(w));
  return out;
}

/**
 * Adjacent pairs glued, so "XF 480" also gives "xf480" and "Curtain sider" "curtainsider": buyers
 * type model codes and compound words either way. Used for the short fields only.
 */
export function gluedPairs(ts: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < ts.length; i++) out.push(stem(`${ts[i]}${ts[i + 1]}`));
  return out;
}

/** What the buyer typed, as query tokens: stop words and "truck"-like noise dropped. */
export function queryTokens(q: string | undefined): string[] {
  if (!q) return [];
  const out: string[] = [];
  for (const w of words(q)) if (!STOP_WORDS.has(w) && !QUERY_NOISE.has(w)) out.push(stem(w));
  return out;
}

/** Levenshtein distance of at most 1 (one insertion, deletion, substitution or swap of neighbours). */
export function withinOneEdit(a: string, b: string): boolean {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === la && i === lb) return true;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return i + 1 < la && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Levenshtein distance, giving up (returning max + 1) once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}

/** Shortest word a typo is forgiven in (issue 9: "one typo in words of five letters or more"). */
export const FUZZY_MIN_LENGTH = 5;
/** Shortest last word that also matches as the start of longer words (as the buyer types). */
export const PREFIX_MIN_LENGTH = 2;
