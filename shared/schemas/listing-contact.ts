/**
 * Seller contact details are not part of a listing as search or the detail GET return it: a
 * signed-in, non-suspended user asks for them with POST /api/listings/{id}/contact, a limited
 * number of sellers a day (contact harvesting, issue 7 §4).
 */
export interface ListingContact {
  contactName: string | null;
  companyName: string | null;
  phone: string | null;
  email: string | null;
}

/** Different sellers whose contact details one account may see per day (the same seller again is free). */
export const CONTACT_REVEALS_PER_DAY = 30;

export const CONTACT_REVEAL_TEXTS = {
  show: 'Show phone and email',
  limited: `You have viewed the contact details of ${CONTACT_REVEALS_PER_DAY} sellers today. Please try again tomorrow, or message the seller below.`,
} as const;
