import type { Listing } from '../../../../shared/schemas/listing.js';

/** Where a listing is, for radius search and distances: its postcode, else its location text. */
export function listingPlaceText(l: Pick<Listing, 'postcode' | 'location'>): string | null {
  return l.postcode?.trim() || l.location?.trim() || null;
}
