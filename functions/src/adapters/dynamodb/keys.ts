/** Key builders for every item type (docs/data-model.md). One place, so keys never drift. */
export const keys = {
  listing: (id: string) => ({ pk: `LISTING#${id}`, sk: 'LISTING' }),
  listingByOwner: (userId: string, createdAt: string, id: string) => ({ gsi1pk: `OWNER#${userId}`, gsi1sk: `${createdAt}#${id}` }),
  listingByStatus: (status: string, createdAt: string, id: string) => ({ gsi2pk: `LSTATUS#${status}`, gsi2sk: `${createdAt}#${id}` }),
  listingTombstone: (id: string) => ({ pk: `LISTING#${id}`, sk: 'TOMBSTONE' }),
  scraped: (id: string) => ({ pk: `SCRAPED#${id}`, sk: 'SCRAPED' }),
  scrapedBySource: (sourceWebsite: string, externalId: string) => ({ gsi1pk: `SOURCE#${sourceWebsite}`, gsi1sk: externalId }),
  scrapedByStatus: (active: boolean, scrapedAt: string, id: string) => ({
    gsi2pk: `SSTATUS#${active ? 'active' : 'inactive'}`,
    gsi2sk: `${scrapedAt}#${id}`,
  }),
  /** Change feed shared by listings and scraped listings; sharded so one hot key never takes every write. */
  change: (updatedAt: string, id: string) => ({ gsi3pk: `CHANGES#${shardOf(id)}`, gsi3sk: `${updatedAt}#${id}` }),
  profile: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  tier: (name: string) => ({ pk: 'TIER', sk: name }),
  /** Pattern 25: a contact-form message; GSI2 lists them newest first for staff. */
  contactMessage: (id: string) => ({ pk: `CONTACT#${id}`, sk: 'CONTACT' }),
  contactMessagesByDate: (createdAt: string) => ({ gsi2pk: 'CONTACTS', gsi2sk: createdAt }),
  /** Pattern 26: a valuation request; GSI2 lists them newest first for staff. */
  valuationRequest: (id: string) => ({ pk: `VALUATION#${id}`, sk: 'VALUATION' }),
  valuationRequestsByDate: (createdAt: string) => ({ gsi2pk: 'VALUATIONS', gsi2sk: createdAt }),
  /** Pattern 29: the counter of one rate-limit window (windowStart is an ISO time). */
  rateCounter: (scope: string, key: string, windowStart: string) => ({ pk: `RATE#${scope}#${key}`, sk: windowStart }),
  /** Pattern 11: all profiles for admins, newest first. */
  profilesByDate: (createdAt: string, userId: string) => ({ gsi2pk: 'PROFILES', gsi2sk: `${createdAt}#${userId}` }),
  /** Pattern 20: a truck the user saved. */
  savedTruck: (userId: string, listingId: string) => ({ pk: `USER#${userId}`, sk: `SAVED#${listingId}` }),
  /** Pattern 21: who saved a listing (to remove the entries when it is deleted). */
  savedTruckByListing: (listingId: string, userId: string) => ({ gsi1pk: `SAVEDBY#${listingId}`, gsi1sk: userId }),
  /** Pattern 22: an enquiry (lead) about a listing, newest last in the partition. */
  enquiry: (listingId: string, createdAt: string, id: string) => ({ pk: `LISTING#${listingId}`, sk: `ENQUIRY#${createdAt}#${id}` }),
  /** Pattern 23: enquiries a seller received, by time. */
  enquiryBySeller: (sellerId: string, createdAt: string) => ({ gsi1pk: `SELLERENQ#${sellerId}`, gsi1sk: createdAt }),
  /** Pattern 24: a listing's view and enquiry counters. */
  listingStats: (listingId: string) => ({ pk: `LISTING#${listingId}`, sk: 'STATS' }),
  /** A processed listing image waiting for its owner's create or edit (TTL). */
  pendingUpload: (userId: string, imageKey: string) => ({ pk: `USER#${userId}`, sk: `UPLOAD#${imageKey}` }),
  /** Pattern 39: a dealer's stock import (dry run, then apply), newest last in the partition. */
  stockImport: (userId: string, importId: string) => ({ pk: `USER#${userId}`, sk: `IMPORT#${importId}` }),
  /** Pattern 37: something that counts once per (scope, who, subject) per UTC day: listing views, contact reveals. */
  dailyMark: (scope: string, who: string, day: string, subject: string) => ({ pk: `ONCE#${scope}#${who}`, sk: `${day}#${subject}` }),
  /** Pattern 38: which listing a create with this Idempotency-Key made (TTL 24 hours). */
  idempotentCreate: (userId: string, idempotencyKey: string) => ({ pk: `IDEMP#${userId}`, sk: `CREATE#${idempotencyKey}` }),
  /** Pattern 36: when the sitemap was last built and whether listings changed since (one item). */
  sitemapState: () => ({ pk: 'SITEMAP', sk: 'STATE' }),
};

export const CHANGE_SHARDS = 4;
export function shardOf(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) | 0;
  return Math.abs(h) % CHANGE_SHARDS;
}
