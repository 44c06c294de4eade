import { MASK } from '../../../../shared/constants.js';
import { hideContactDetails } from '../../../../shared/contact-redaction.js';
import type { ListingContact } from '../../../../shared/schemas/listing-contact.js';
import type { Listing } from '../../../../shared/schemas/listing.js';
import { maskRegistration } from '../../../../shared/registration.js';
import type { Caller } from '../caller.js';

/**
 * Field-level access control on seller contact (spec §6, ASVS 8.2.3), for search results and the
 * detail GET alike. Phone and e-mail never travel with a listing, for any caller: they are
 * revealed one seller at a time by POST /api/listings/{id}/contact (revealContact), which is
 * limited per user per day, so one search call cannot harvest them. Anonymous callers also get
 * placeholders instead of names and no owner id, and a private seller's postcode is cut to its
 * outcode (the area, not the house), and the registration mark to its first 4 characters unless
 * the seller chose to show it in full (issue 27). Signed-in callers see seller and company names
 * and the whole mark; owners their own listing in full. A phone number or e-mail address typed
 * into the description is hidden from everyone but the owner (shared/contact-redaction.ts), so the
 * free text cannot carry what the fields keep back. Never mutates the input.
 */
export function maskForCaller(listing: Listing, caller: Caller): Listing {
  // Sellers see their own listing as it is.
  if (caller.kind !== 'anonymous' && listing.source !== 'scraped' && listing.userId !== null && listing.userId === caller.userId) {
    return listing;
  }
  const description = listing.description ? hideContactDetails(listing.description) : listing.description;
  if (caller.kind === 'anonymous') {
    return {
      ...listing,
      description,
      contactName: MASK.contactName,
      phone: MASK.phone,
      companyName: null,
      email: null,
      userId: null,
      postcode: isPrivateSeller(listing) ? outcodeOf(listing.postcode) : listing.postcode,
      ...(listing.registration && !listing.showFullRegistration ? { registration: maskRegistration(listing.registration) } : {}),
    };
  }
  if (listing.source === 'scraped') {
    return { ...listing, description, contactName: listing.contactName ?? MASK.scrapedDealerName, phone: null, email: null, userId: null };
  }
  return { ...listing, description, phone: null, email: null };
}

/** A seller without a company name lists as a private individual (dealers must give theirs). */
const isPrivateSeller = (listing: Pick<Listing, 'source' | 'companyName'>) => listing.source === 'user' && !listing.companyName?.trim();

/**
 * The outward code of a UK postcode ('LS11 5AB' → 'LS11'): the inward code is always the last
 * three characters (digit, letter, letter), with or without the space. Anything that is not a
 * full postcode is passed on only when it is already no more than an outcode; otherwise dropped.
 */
function outcodeOf(postcode: string | null): string | null {
  if (!postcode) return null;
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  const full = /^([A-Z]{1,2}[0-9][0-9A-Z]?)([0-9][A-Z]{2})$/.exec(compact);
  if (full) return full[1];
  return /^[A-Z]{1,2}[0-9][0-9A-Z]?$/.test(compact) ? compact : null;
}

/** What POST /api/listings/{id}/contact answers: the seller's details, with scraped dealers' defaults. */
export function contactOf(listing: Listing): ListingContact {
  if (listing.source === 'scraped') {
    return {
      contactName: listing.contactName ?? MASK.scrapedDealerName,
      companyName: null,
      phone: listing.phone ?? MASK.scrapedDealerContact,
      email: null,
    };
  }
  return { contactName: listing.contactName, companyName: listing.companyName, phone: listing.phone, email: listing.email };
}
