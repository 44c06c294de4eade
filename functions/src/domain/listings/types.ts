import type { Category, Fuel, Make, Transmission } from '../../../../shared/values.js';
import type { PriceChange } from '../../../../shared/price-history.js';
import type { AxleConfig, CabType, EuroStandard, ListingStatus, VatStatus } from '../../../../shared/listing-options.js';

/** An image as stored: the key prefix in the truck-images bucket and the original's size. Variants are `${key}/w{400,800,1600}.webp`. */
export interface StoredImage {
  key: string;
  width: number;
  height: number;
}

/** A user listing as stored (the table item without its keys). */
export interface ListingRecord {
  id: string;
  userId: string;
  title: string;
  make: Make | null;
  model: string | null;
  year: number | null;
  category: Category | null;
  fuelType: Fuel | null;
  transmission: Transmission | null;
  mileage: number | null;
  engineSize: string | null;
  price: number;
  vatStatus: VatStatus | null;
  axleConfig: AxleConfig | null;
  gvwTonnes: number | null;
  euroStandard: EuroStandard | null;
  cabType: CabType | null;
  /** London DVS stars 0–5 as the seller gave them (absent on listings written before issue 13). */
  dvsStars?: number | null;
  /** UK registration mark, "AB12CDE" (issue 27; absent on listings written before it). */
  registration?: string | null;
  /** The seller lets anonymous visitors see the whole mark; otherwise they see "AB12 •••". */
  showFullRegistration?: boolean;
  /** The fields the seller took from the DVLA look-up and kept. */
  dvlaFields?: string[];
  /** The DVLA's make text when our make list has no match (make is then 'other'). */
  dvlaMake?: string | null;
  /** Summary of the vehicle checks (domain/vehicle-checks), written with them: the card badge and browse filter. */
  mileageConsistent?: boolean;
  /** When the stored vehicle checks were read (the nightly job refreshes those older than 7 days). */
  vehicleChecksAt?: string | null;
  description: string | null;
  features: string[] | null;
  contactName: string;
  companyName: string | null;
  phone: string;
  email: string | null;
  location: string | null;
  postcode: string | null;
  images: StoredImage[];
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
