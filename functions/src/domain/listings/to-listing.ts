import type { Listing, ListingImage } from '../../../../shared/schemas/listing.js';
import { lastCutOf } from '../../../../shared/price-history.js';
import { parsePhone } from '../../../../shared/phone.js';
import { normaliseMake } from '../../../../shared/listing-options.js';
import { type ListingRecord, type ScrapedRecord, type StoredImage, SCRAPED_ID_PREFIX, isScrapedListed } from './types.js';

const IMAGE_WIDTHS = [400, 800, 1600] as const;

/** A stored image → the URLs the web shows (variants `${key}/w{400,800,1600}.webp` under the images base URL). */
export function toListingImage(image: StoredImage, imagesBaseUrl: string): ListingImage {
  const base = imagesBaseUrl.replace(/\/+$/, '');
  const variant = (w: number) => `${base}/${image.key}/w${w}.webp`;
  return {
    key: image.key,
    url: variant(800),
    thumbUrl: variant(400),
    srcSet: IMAGE_WIDTHS.map((w) => `${variant(w)} ${w}w`).join(', '),
    width: image.width,
    height: image.height,
  };
}

/** A user listing as stored → the API shape, unmasked (mask with maskForCaller before it leaves the server). */
export function toListingDto(record: ListingRecord, imagesBaseUrl: string): Listing {
  return {
    id: record.id,
    source: 'user',
    userId: record.userId,
    title: record.title,
    make: record.make,
    model: record.model,
    year: record.year,
    category: record.category,
    fuelType: record.fuelType,
    transmission: record.transmission,
    mileage: record.mileage,
    engineSize: record.engineSize,
    price: record.price ?? 0,
    vatStatus: record.vatStatus,
    axleConfig: record.axleConfig,
    gvwTonnes: record.gvwTonnes,
    euroStandard: record.euroStandard,
    cabType: record.cabType,
    dvsStars: record.dvsStars ?? null,
    registration: record.registration ?? null,
    showFullRegistration: record.showFullRegistration ?? false,
    dvlaFields: record.dvlaFields ?? [],
    dvlaMake: record.dvlaMake ?? null,
    mileageConsistent: Boolean(record.registration && record.mileageConsistent),
    description: record.description,
    features: record.features,
    contactName: record.contactName,
    companyName: record.companyName,
    phone: record.phone,
    email: record.email,
    location: record.location,
    postcode: record.postcode,
    images: (record.images ?? []).map((img) => toListingImage(img, imagesBaseUrl)),
    // A suspended owner's listings leave browse and detail pages (isVisibleTo, the search index)
    // until reactivation; showing them as inactive does that without a second visibility rule.
    // The account-listings job sets the flag in batches; until it has, the detail page hides them
    // by the seller's profile (read-listing.ts), and search once the job's write reaches its feed.
    status: record.ownerSuspended ? 'inactive' : record.status,
    ...(record.statusSetByStaff ? { statusSetByStaff: true } : {}),
    priceChanges: record.priceChanges ?? [],
    lastPriceCut: lastCutOf(record.priceChanges),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    sourceWebsite: null,
    sourceUrl: null,
  };
}

const clean = (s: string | null | undefined) => {
  const t = s?.trim();
  return t ? t : null;
};

/** What source sites write when they do not know: treated as not said. */
const UNKNOWN = /^(unknown|n\/?a|none|not stated|-+|\?+)$/i;
const knownText = (s: string | null | undefined) => {
  const t = clean(s);
  return t && !UNKNOWN.test(t) ? t : null;
};

/**
 * A scraped listing's title from what is known (spec §3, issue 9 §2): year, make and model, each
 * only when the source gave it ("Renault T 480" without a year), and 'Used Truck' when neither
 * make nor model is known — a year alone ("2014") says nothing to a buyer.
 */
function scrapedTitle(year: number | null, make: string | null, model: string | null): string {
  const makeText = knownText(make);
  let modelText = knownText(model);
  // Sources often repeat the make in the model ("Volvo" / "Volvo FH 460").
  if (makeText && modelText?.toLowerCase().startsWith(`${makeText.toLowerCase()} `))
    modelText = modelText.slice(makeText.length + 1).trim();
  if (!makeText && !modelText) return 'Used Truck';
  return [year, makeText, modelText].filter((p) => p !== null && p !== '').join(' ');
}

/**
 * A scraped listing → the listing shape (spec §3, corrected by issue 2): what the source did not
 * say stays null (the UI shows "Not stated") instead of the spec's invented defaults (diesel,
 * manual, 2020, 'trucks'); an unknown price is 0, which the UI shows as POA.
 * Dealer name and contact travel as contactName/phone; maskForCaller applies their defaults.
 */
export function mapScrapedToListing(record: ScrapedRecord, imagesBaseUrl = '/images'): Listing {
  const makeText = knownText(record.make);
  const model = knownText(record.model);
  const location = clean(record.location);
  const title = scrapedTitle(record.year ?? null, makeText, model);
  const description =
    clean(record.description) ?? (location ? `Listed on the source site. Located in ${location}.` : 'Listed on the source site.');
  return {
    id: `${SCRAPED_ID_PREFIX}${record.id}`,
    source: 'scraped',
    userId: null,
    title,
    make: makeText ? (normaliseMake(makeText) ?? 'other') : null,
    model,
    year: record.year ?? null,
    category: record.category ?? null,
    fuelType: record.fuelType ?? null,
    transmission: record.transmission ?? null,
    mileage: record.mileage ?? null,
    engineSize: null,
    price: record.price ?? 0,
    vatStatus: null,
    axleConfig: null,
    gvwTonnes: null,
    euroStandard: null,
    cabType: null,
    description,
    features: null,
    contactName: clean(record.dealerName),
    companyName: null,
    // One stored form for phone numbers (E.164); other contact text ('see website') stays as it is.
    phone: parsePhone(record.dealerContact) ?? clean(record.dealerContact),
    email: null,
    location,
    postcode: null,
    // Copies made by the scraper through our photo pipeline (never the source's URLs).
    images: (record.images ?? []).map((img) => toListingImage(img, imagesBaseUrl)),
    // Hidden by staff or behind a seller's own listing: out of browse like an inactive one.
    status: isScrapedListed(record) ? 'active' : 'inactive',
    priceChanges: record.priceChanges ?? [],
    lastPriceCut: lastCutOf(record.priceChanges),
    createdAt: record.scrapedAt,
    updatedAt: record.updatedAt ?? record.scrapedAt,
    sourceWebsite: record.sourceWebsite,
    sourceUrl: record.sourceUrl ?? null,
  };
}

/** 'scraped-abc' → 'abc'; null for user listing ids. */
export function scrapedIdOf(listingId: string): string | null {
  return listingId.startsWith(SCRAPED_ID_PREFIX) ? listingId.slice(SCRAPED_ID_PREFIX.length) : null;
}
