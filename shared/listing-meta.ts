/**
 * A listing's meta description: the page head the server renders (functions/src/domain/seo/page-head.ts)
 * and the listing page in the browser (usePageMeta in listing-detail-page.tsx) use this one rule.
 */
import { SITE_NAME } from './constants.js';
import type { Listing } from './schemas/listing.js';
import { fuelLabel } from './values.js';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-GB');

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** `text`, or its first max - 1 characters and an ellipsis. */
export const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** '£45,000 +VAT', '£12,500' or 'POA' (price 0 means unknown), as the listing page shows it. */
export function listingPriceText(price: number, vatStatus: Listing['vatStatus']): string {
  if (!price || !Number.isFinite(price) || price <= 0) return 'POA';
  return vatStatus === 'plus_vat' ? `${gbp.format(price)} +VAT` : gbp.format(price);
}

/** Price, key facts (year, mileage, fuel, place), then the seller's text on one line, clipped to 160 characters. */
export function listingMetaDescription(
  l: Pick<Listing, 'price' | 'vatStatus' | 'year' | 'mileage' | 'fuelType' | 'location' | 'description' | 'title'>,
): string {
  const facts = [l.year, l.mileage != null ? `${count.format(l.mileage)} mi` : null, fuelLabel(l.fuelType), l.location]
    .filter(Boolean)
    .join(', ');
  const text = l.description?.trim() ? oneLine(l.description) : `${l.title} for sale on ${SITE_NAME}.`;
  return clip(`${listingPriceText(l.price, l.vatStatus)}${facts ? ` · ${facts}` : ''}. ${text}`, 160);
}
