import { z } from 'zod';
import { text } from './text.js';
import { optionalPhoneSchema } from './phone.js';
import type { Listing } from './listing.js';

/** Lengths for "Message the seller"; the API rejects anything else with the same messages. */
export const ENQUIRY_LIMITS = { messageMin: 10, messageMax: 2000 } as const;

/** POST /api/listings/{id}/enquiries: a signed-in buyer's message to a private seller. */
export const enquirySchema = z.object({
  message: text({ label: 'Message', multiline: true, error: 'Message is required' })
    .trim()
    .min(1, { message: 'Message is required', abort: true })
    .min(ENQUIRY_LIMITS.messageMin, `Message must be at least ${ENQUIRY_LIMITS.messageMin} characters`)
    .max(ENQUIRY_LIMITS.messageMax, `Message must be ${ENQUIRY_LIMITS.messageMax} characters or fewer`),
  /** Optional; blank becomes undefined. */
  phone: optionalPhoneSchema,
});

/** What the form holds (all text). */
export type EnquiryInput = z.input<typeof enquirySchema>;
/** What the API receives after parsing. */
export type EnquiryBody = z.output<typeof enquirySchema>;

/** An enquiry as the seller sees it on the dashboard (GET /api/my-enquiries). */
export interface Enquiry {
  id: string;
  listingId: string;
  /** The listing's title when the enquiry was sent. */
  listingTitle: string;
  buyerName: string | null;
  buyerEmail: string | null;
  phone: string | null;
  message: string;
  createdAt: string;
}

/** Per-listing counters shown on the dealer dashboard. */
export interface ListingCounts {
  /** Detail-page loads by anyone but the owner. */
  views: number;
  enquiries: number;
}

/** GET /api/my-listings items: the owner's listing with its counters. */
export type OwnerListing = Listing & ListingCounts;

export const ENQUIRY_TEXTS = {
  sent: 'Your message has been sent to the seller. They will reply to your e-mail address.',
  failed: 'Failed to send your message. Please try again.',
  rateLimited: 'You have sent a lot of messages in the last hour. Please try again later.',
  ownListing: 'This is your own listing.',
  scraped: 'This truck is listed by a dealer on another website: contact them using the details shown.',
  notAvailable: 'This truck is no longer available.',
} as const;
