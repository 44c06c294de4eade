import type { z } from 'zod';
import type { Category, Fuel, Transmission } from '../../../../shared/values.js';
import type { PriceChange } from '../../../../shared/price-history.js';
import type { ListingStatus } from '../../../../shared/listing-options.js';
import type { sellListingSchema } from '../../../../shared/schemas/sell.js';

/** An image as stored: the key prefix in the truck-images bucket and the original's size. Variants are `${key}/w{400,800,1600}.webp`. */
export interface StoredImage {
  key: string;
  width: number;
  height: number;
}

/**
 * The listing's own fields as the sell form's schema gives them (shared/schemas/sell.ts), so each
 * field's type is defined once. How they are stored differs in a few ways, named here:
 * - `Nullable`: stored nullable, as the spec's columns are (docs/data-model.md): the forms require
 *   them, but a reader may not assume every stored item has them;
 * - `AddedLater`: absent on listings written before the issue that added them (13, 27);
 * - the price is stored as a number (0 is "Price on application", `storedPrice`), the images as
 *   `StoredImage`s, and the form's POA tick box is not stored.
 */
type SellFields = z.output<typeof sellListingSchema>;
type Nullable = 'make' | 'model' | 'year' | 'category';
type AddedLater = 'dvsStars' | 'registration' | 'showFullRegistration' | 'dvlaFields' | 'dvlaMake';
type FormOnly = 'price' | 'priceOnApplication' | 'images';

/** A user listing as stored (the table item without its keys): the schema's fields plus the stored-only ones. */
export type ListingRecord = Omit<SellFields, Nullable | AddedLater | FormOnly> & {
  [K in Nullable]: SellFields[K] | null;
} & {
  [K in AddedLater]?: SellFields[K];
} & ListingStoredFields;

/** What only the stored listing has: identity, ownership, title, status, times and the table's bookkeeping. */
interface ListingStoredFields {
  id: string;
  userId: string;
  title: string;
  /** Whole pounds; 0 is "Price on application" (shared/schemas/sell.ts storedPrice). */
  price: number;
  images: StoredImage[];
  /** Summary of the vehicle checks (domain/vehicle-checks), written with them: the card badge and browse filter. */
  mileageConsistent?: boolean;
  /** When the stored vehicle checks were read (the nightly job refreshes those older than 7 days). */
  vehicleChecksAt?: string | null;
  status: ListingStatus;
  createdAt: string;
  updatedAt: string;
  /** Staff set the current status (sold/expired…): the owner sees why instead of an Activate button (README, admin area). */
  statusSetByStaff?: boolean;
  /** Every change of asking price, oldest first, written with the change (shared/price-history.ts); absent until the first. */
  priceChanges?: PriceChange[];
  /** The stock import that created the listing (issue 23: its one batched event finds them by it). */
  importId?: string | null;
  /** Set while the dealer's first import waits for staff review (status 'pending'): the owner cannot activate it. */
  pendingImportId?: string | null;
  /** The owner's account is suspended: hidden from browse and detail pages until reactivated. */
  ownerSuspended?: boolean;
  /**
   * Set by the table on every write (listings-repo.ts), never by the writer: the search index
   * applies changes by it, so a writer whose clock is behind cannot be ignored (issue 7).
   */
  version?: number;
}

/**
 * What a source page says about a truck, mapped onto the product's canonical values; null means
 * the page did not say ("Not stated"). The parsers' output, the stored record and the demo seed's
 * rows all carry these fields.
 */
export interface ScrapedFields {
  /** As the source spells it (the listing mapping normalises it for filters). */
  make: string | null;
  model: string | null;
  year: number | null;
  /** Miles. */
  mileage: number | null;
  /** Pounds, whole. */
  price: number | null;
  location: string | null;
  dealerName: string | null;
  dealerContact: string | null;
  category: Category | null;
  fuelType: Fuel | null;
  transmission: Transmission | null;
  description: string | null;
}

/** A listing collected from another website (spec §3 scraped_listings), as stored. */
export interface ScrapedRecord extends ScrapedFields {
  /** Without the 'scraped-' namespace prefix. */
  id: string;
  /** Every change of price the scraper saw, oldest first (shared/price-history.ts); absent until the first. */
  priceChanges?: PriceChange[];
  externalId: string;
  sourceWebsite: string;
  sourceUrl: string | null;
  /** When the content last changed (spec scraped_at; browse orders scraped listings by it). */
  scrapedAt: string;
  /** Seen on the source's latest runs (false after 3 successful runs without it). */
  isActive: boolean;
  /** Every write (the change feed's version). */
  updatedAt: string;
  /** Set by the table on every write, as on ListingRecord. */
  version?: number;
  /** When the scraper first saw it (kept across updates). */
  firstSeenAt?: string;
  /** Hash of the parsed content (`contentHash` in domain/scraper/upsert.ts): an unchanged listing is not rewritten. */
  contentHash?: string;
  /** Registration mark when the source shows it (used to match a seller's own listing). */
  registration?: string | null;
  /** Our copies of the source's photos (truck-images `scraped/<id>/<n>`), same shape as a listing's. */
  images?: StoredImage[];
  /**
   * The source's photo URLs the copies are made from: all copied again when these change, and a
   * copy that failed (an error, a bad file) is fetched again on the next run (domain/scraper/upsert.ts).
   */
  imageSourceUrls?: string[];
  /** Of those, the ones robots.txt refused: not fetched again until the URLs change (they show the placeholder). */
  imagesRefused?: string[];
  /** Set by staff (admin area): stays hidden whatever later runs see. */
  hiddenByStaff?: boolean;
  /** Id of the seller's own listing this one duplicates: hidden behind it in browse. */
  duplicateOf?: string | null;
}

/** Whether a scraped listing shows in browse: active, not hidden by staff, not a copy of a seller's own listing. */
export function isScrapedListed(record: Pick<ScrapedRecord, 'isActive' | 'hiddenByStaff' | 'duplicateOf'>): boolean {
  return record.isActive && !record.hiddenByStaff && !record.duplicateOf;
}

export const SCRAPED_ID_PREFIX = 'scraped-';
