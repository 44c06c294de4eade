import type { Listing, ListingImage } from '../../../../shared/schemas/listing.js';
import { normaliseMake } from '../../../../shared/values.js';
import { scrapedListingTitle } from './scraped-title.js';
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
    description: record.description,
    features: record.features,
    contactName: record.contactName,
    companyName: record.companyName,
    phone: record.phone,
    email: record.email,
    location: record.location,
    postcode: record.postcode,
    images: (record.images ?? []).map((img) => toListingImage(img, imagesBaseUrl)),
    status: record.status,
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

/**
 * A scraped listing → the listing shape (spec §3, corrected by issue 2): what the source did not
 * say stays null (the UI shows "Not stated") instead of the spec's invented defaults (diesel,
 * manual, 2020, 'trucks'); an unknown price is 0, which the UI shows as POA.
 * Dealer name and contact travel as contactName/phone; maskForCaller applies their defaults.
 */
export function mapScrapedToListing(record: ScrapedRecord, imagesBaseUrl = '/images'): Listing {
  const makeText = clean(record.make);
  const model = clean(record.model);
  const location = clean(record.location);
  const title = scrapedListingTitle({ year: record.year, make: makeText, model });
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
    phone: clean(record.dealerContact),
    email: null,
    location,
    postcode: null,
    // Copies made by the scraper through our photo pipeline (never the source's URLs).
    images: (record.images ?? []).map((img) => toListingImage(img, imagesBaseUrl)),
    // Hidden by staff or behind a seller's own listing: out of browse like an inactive one.
    status: isScrapedListed(record) ? 'active' : 'inactive',
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
