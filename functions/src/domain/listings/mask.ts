import { MASK } from '../../../../shared/constants.js';
import type { Listing } from '../../../../shared/schemas/listing.js';
import type { Caller } from '../caller.js';

/**
 * Field-level access control on seller contact (spec §6, ASVS 8.2.3): anonymous callers get the
 * placeholders and no company, e-mail or owner id, for user and scraped listings alike; signed-in
 * callers see user listings in full and scraped dealers with their defaults. Never mutates the input.
 */
export function maskForCaller(listing: Listing, caller: Caller): Listing {
  if (caller.kind === 'anonymous') {
    return { ...listing, contactName: MASK.contactName, phone: MASK.phone, companyName: null, email: null, userId: null };
  }
  if (listing.source === 'scraped') {
    return {
      ...listing,
      contactName: listing.contactName ?? MASK.scrapedDealerName,
      phone: listing.phone ?? MASK.scrapedDealerContact,
      email: null,
      userId: null,
    };
  }
  return listing;
}
