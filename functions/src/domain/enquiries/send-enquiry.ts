import { ENQUIRY_TEXTS, type Enquiry, type EnquiryBody } from '../../../../shared/schemas/enquiry.js';
import { type Profile, type ProfileStore, assertCanWrite } from '../accounts/profiles.js';
import type { Caller } from '../caller.js';
import { DomainError, notFound, unauthenticated, validationError } from '../errors.js';
import { TRUCK_NOT_FOUND } from '../listings/read-listing.js';
import { scrapedIdOf } from '../listings/to-listing.js';
import type { ListingRecord } from '../listings/types.js';
import type { MailContext } from '../mail/layout.js';
import type { Mailer } from '../mail/mailer.js';
import { enquiryToSeller } from '../mail/templates.js';
import type { RateLimiter } from '../rate-limit.js';

/** Enquiries one buyer may send per hour: enough to contact every seller on a shortlist, not a spam run. */
const ENQUIRY_RATE_LIMIT = { scope: 'enquiry', limit: 10, windowSeconds: 3600 } as const;

/** A lead as stored (pattern 22, and 23 for the seller's list). */
export interface EnquiryRecord extends Enquiry {
  sellerId: string;
  buyerId: string;
}

export interface EnquiryStore {
  /** Writes the enquiry and counts it on the listing's stats. */
  save(record: EnquiryRecord): Promise<void>;
  /** Pattern 23: enquiries a seller received, newest first. */
  listBySeller(sellerId: string): Promise<EnquiryRecord[]>;
}

export interface SendEnquiryDeps {
  listings: { get(id: string): Promise<ListingRecord | null> };
  profiles: ProfileStore;
  enquiries: EnquiryStore;
  mailer: Mailer;
  rateLimit: RateLimiter;
  now: () => Date;
  newId: () => string;
  mail: MailContext;
}

export type SendEnquiryResult = { id: string; createdAt: string; emailFailure: unknown | null };

/**
 * "Message the seller" (issue 3 §4): a signed-in buyer's enquiry about a user listing, stored as
 * a lead and e-mailed to the seller with Reply-To the buyer. Scraped listings show the dealer's
 * own contact instead; nobody enquires about their own truck; suspended accounts write nothing.
 * The lead is kept even if the e-mail fails (the seller sees it on the dashboard).
 */
export async function sendEnquiry(
  deps: SendEnquiryDeps,
  caller: Caller,
  buyer: Profile,
  listingId: string,
  input: EnquiryBody,
): Promise<SendEnquiryResult> {
  if (caller.kind !== 'user') throw unauthenticated();
  assertCanWrite(caller, buyer);
  if (scrapedIdOf(listingId) !== null) throw validationError(ENQUIRY_TEXTS.scraped);
  const listing = await deps.listings.get(listingId);
  if (!listing) throw notFound(TRUCK_NOT_FOUND);
  if (listing.userId === caller.userId) throw validationError(ENQUIRY_TEXTS.ownListing);
  if (listing.status !== 'active') {
    // Sold trucks stay public with a badge; anything else is not public at all.
    if (listing.status === 'sold') throw validationError(ENQUIRY_TEXTS.notAvailable);
    throw notFound(TRUCK_NOT_FOUND);
  }

  const limit = await deps.rateLimit({ ...ENQUIRY_RATE_LIMIT, key: caller.userId });
  if (!limit.allowed) {
    throw new DomainError('RATE_LIMITED', ENQUIRY_TEXTS.rateLimited, { retryAfterSeconds: limit.retryAfterSeconds });
  }

  const record: EnquiryRecord = {
    id: deps.newId(),
    listingId: listing.id,
    listingTitle: listing.title,
    sellerId: listing.userId,
    buyerId: caller.userId,
    buyerName: buyer.fullName,
    buyerEmail: buyer.email,
    phone: input.phone ?? null,
    message: input.message,
    createdAt: deps.now().toISOString(),
  };
  await deps.enquiries.save(record);

  let emailFailure: unknown = null;
  try {
    const seller = await deps.profiles.get(listing.userId);
    const to = seller?.email ?? listing.email;
    if (!to) throw new Error(`Seller ${listing.userId} has no e-mail address`);
    await deps.mailer.send({
      to,
      ...(buyer.email ? { replyTo: buyer.fullName ? { name: buyer.fullName, address: buyer.email } : buyer.email } : {}),
      ...enquiryToSeller(
        {
          id: record.id,
          createdAt: record.createdAt,
          listingId: listing.id,
          listingTitle: listing.title,
          sellerName: seller?.fullName ?? listing.contactName,
          buyerName: buyer.fullName ?? undefined,
          buyerEmail: buyer.email ?? undefined,
          phone: record.phone ?? undefined,
          message: record.message,
        },
        deps.mail,
      ),
    });
  } catch (err) {
    emailFailure = err;
  }
  return { id: record.id, createdAt: record.createdAt, emailFailure };
}

/** GET /api/my-enquiries: what the caller received as a seller, newest first. */
export async function listSellerEnquiries(store: EnquiryStore, caller: Caller): Promise<Enquiry[]> {
  if (caller.kind !== 'user') throw unauthenticated();
  const records = await store.listBySeller(caller.userId);
  return records.map(({ sellerId: _s, buyerId: _b, ...enquiry }) => enquiry);
}
