/**
 * The search projection of a listing (issue 8 §2): what search and the result cards need, and
 * nothing else — the card's fields, a short description for the list view, the first photo, and
 * the listing's analysed terms with the fields each came from. The index, the S3 snapshot and the
 * result pages are built from it, so none of them carries full listings (no gallery, no full
 * description, no contact details: issue 7 "search results never carry contact details").
 */
import { hideContactDetails } from '../../../../shared/contact-redaction.js';
import type { Listing } from '../../../../shared/schemas/listing.js';
import { categoryLabel, fuelLabel, transmissionLabel } from '../../../../shared/values.js';
import { cabLabel, euroLabel } from '../../../../shared/listing-options.js';
import { mapScrapedToListing, toListingDto } from '../listings/to-listing.js';
import type { ListingRecord, ScrapedRecord } from '../listings/types.js';
import { CATEGORY_WORDS, FIELD, MAKE_WORDS, gluedPairs, terms } from './text.js';

/** Characters of description a card shows (three lines in the list view). */
const CARD_DESCRIPTION_CHARS = 240;

export interface SearchDoc {
  /** The result card: a Listing with only the card's fields filled. */
  card: Listing;
  /** The listing's version in the table (incremented on every write); changes apply by it. */
  version: number;
  /** Distinct terms and, per term, the OR of the FIELD bits it occurs in. */
  terms: string[];
  masks: number[];
}

/** Cuts a description to what a card shows, at a word boundary. */
function cardDescription(text: string | null): string | null {
  if (!text) return null;
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= CARD_DESCRIPTION_CHARS) return flat;
  const cut = flat.slice(0, CARD_DESCRIPTION_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > CARD_DESCRIPTION_CHARS / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/** Postcode district ("LS11 5AB" → "LS11"), the part people search by. */
const postcodeDistrict = (postcode: string | null) => postcode?.trim().split(/\s+/)[0] ?? null;

/** The fields of a listing to search, and where each counts. */
export function searchFields(l: Listing): Array<[number, string | null | undefined, boolean]> {
  const makeWords = l.make ? MAKE_WORDS[l.make].join(' ') : '';
  const categoryWords = l.category ? [categoryLabel(l.category), ...CATEGORY_WORDS[l.category]].join(' ') : '';
  const body = [
    categoryWords,
    l.axleConfig,
    l.cabType ? cabLabel(l.cabType) : null,
    l.euroStandard ? euroLabel(l.euroStandard) : null,
    l.gvwTonnes ? `${l.gvwTonnes}t` : null,
    l.fuelType ? fuelLabel(l.fuelType) : null,
    l.transmission ? transmissionLabel(l.transmission) : null,
  ]
    .filter(Boolean)
    .join(' ');
  // [field, text, glue adjacent words too]
  return [
    [FIELD.title, `${l.title} ${makeWords} ${l.model ?? ''}`, true],
    [FIELD.body, body, true],
    [FIELD.features, (l.features ?? []).join(' \n '), true],
    [FIELD.place, `${l.location ?? ''} ${postcodeDistrict(l.postcode) ?? ''} ${l.postcode ?? ''}`, false],
    // Contact details typed into the text are neither searchable nor shown on a card (mask.ts).
    [FIELD.description, l.description ? hideContactDetails(l.description) : l.description, false],
    [FIELD.seller, `${l.companyName ?? ''} ${l.contactName ?? ''}`, false],
  ];
}

/**
 * Comfort features nearly every truck lists: indexed as one glued word ("electricwindow"), so
 * "electric" finds electric trucks, not every cab with electric windows, while the whole phrase
 * still finds them.
 */
const COMMON_FEATURES = new Set(['electric windows', 'central locking', 'air con', 'air conditioning', 'spare keys', 'cruise control']);

/** A full listing → its search projection. */
export function searchDocOf(l: Listing, version: number): SearchDoc {
  const byTerm = new Map<string, number>();
  const add = (t: string, bit: number) => byTerm.set(t, (byTerm.get(t) ?? 0) | bit);
  for (const [bit, raw, glue] of searchFields(l)) {
    let text = raw;
    if (bit === FIELD.features && l.features) {
      text = l.features.filter((f) => !COMMON_FEATURES.has(f.trim().toLowerCase())).join(' \n ');
      for (const f of l.features) if (COMMON_FEATURES.has(f.trim().toLowerCase())) for (const t of gluedPairs(terms(f))) add(t, bit);
    }
    if (!text) continue;
    const ts = terms(text);
    for (const t of ts) add(t, bit);
    if (glue) for (const t of gluedPairs(ts)) add(t, bit);
  }
  const card: Listing = {
    ...l,
    description: cardDescription(l.description ? hideContactDetails(l.description) : l.description),
    images: l.images.slice(0, 1),
    features: null,
    // The card carries only the latest cut (its "Reduced" badge and the index's column); the page reads the history.
    priceChanges: undefined,
    engineSize: null,
    phone: null,
    email: null,
  };
  return { card, version, terms: [...byTerm.keys()], masks: [...byTerm.values()] };
}

export const searchDocOfRecord = (r: ListingRecord, imagesBaseUrl: string): SearchDoc =>
  searchDocOf(toListingDto(r, imagesBaseUrl), r.version ?? 0);

export const searchDocOfScraped = (r: ScrapedRecord): SearchDoc => searchDocOf(mapScrapedToListing(r), r.version ?? 0);
