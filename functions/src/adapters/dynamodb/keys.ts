/** The partition-key prefix of deleted accounts' tombstones (every authenticated writer reads it). */
export const DELETED_ACCOUNT_PREFIX = 'DELETEDUSER#';

/** Key builders for every item type (docs/data-model.md). One place, so keys never drift. */
export const keys = {
  listing: (id: string) => ({ pk: `LISTING#${id}`, sk: 'LISTING' }),
  listingByOwner: (userId: string, createdAt: string, id: string) => ({ gsi1pk: `OWNER#${userId}`, gsi1sk: `${createdAt}#${id}` }),
  listingByStatus: (status: string, createdAt: string, id: string) => ({ gsi2pk: `LSTATUS#${status}`, gsi2sk: `${createdAt}#${id}` }),
  listingTombstone: (id: string) => ({ pk: `LISTING#${id}`, sk: 'TOMBSTONE' }),
  /** Pattern 60 (issue 27): a listing's vehicle checks (DVLA and DVSA records), beside the listing. */
  vehicleChecks: (id: string) => ({ pk: `LISTING#${id}`, sk: 'VCHECKS' }),
  scraped: (id: string) => ({ pk: `SCRAPED#${id}`, sk: 'SCRAPED' }),
  scrapedBySource: (sourceWebsite: string, externalId: string) => ({ gsi1pk: `SOURCE#${sourceWebsite}`, gsi1sk: externalId }),
  scrapedByStatus: (active: boolean, scrapedAt: string, id: string) => ({
    gsi2pk: `SSTATUS#${active ? 'active' : 'inactive'}`,
    gsi2sk: `${scrapedAt}#${id}`,
  }),
  /** Change feed of listings, scraped listings and tombstones, spread over CHANGE_SHARDS keys by a hash of the id (each takes about a quarter of the writes). */
  change: (updatedAt: string, id: string) => ({ gsi3pk: `CHANGES#${shardOf(id)}`, gsi3sk: `${updatedAt}#${id}` }),
  profile: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  /** A saved search (issue 26 §4): the user's searches are the SEARCH# items of their partition. */
  savedSearch: (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `SEARCH#${id}` }),
  /** Pattern 60: a deleted account's tombstone: its still-valid access tokens may not write. */
  deletedAccount: (userId: string) => ({ pk: `${DELETED_ACCOUNT_PREFIX}${userId}`, sk: 'TOMBSTONE' }),
  tier: (name: string) => ({ pk: 'TIER', sk: name }),
  /** Pattern 25: a contact-form message; GSI2 lists them newest first for staff. */
  contactMessage: (id: string) => ({ pk: `CONTACT#${id}`, sk: 'CONTACT' }),
  contactMessagesByDate: (createdAt: string) => ({ gsi2pk: 'CONTACTS', gsi2sk: createdAt }),
  /**
   * Pattern 61: contact messages and valuation requests by the address they were sent from (GSI1),
   * for an account's data download and deletion.
   */
  messageBySender: (email: string, kind: 'CONTACT' | 'VALUATION', createdAt: string, id: string) => ({
    gsi1pk: `SENDER#${email.trim().toLowerCase()}`,
    gsi1sk: `${kind}#${createdAt}#${id}`,
  }),
  /** Pattern 62: a visitor's report of a listing (issue 24 §6); GSI2 lists them newest first for staff. */
  listingReport: (id: string) => ({ pk: `REPORT#${id}`, sk: 'REPORT' }),
  listingReportsByDate: (createdAt: string, id: string) => ({ gsi2pk: 'REPORTS', gsi2sk: `${createdAt}#${id}` }),
  /** Pattern 26: a valuation request; GSI2 lists them newest first for staff. */
  valuationRequest: (id: string) => ({ pk: `VALUATION#${id}`, sk: 'VALUATION' }),
  valuationRequestsByDate: (createdAt: string) => ({ gsi2pk: 'VALUATIONS', gsi2sk: createdAt }),
  /** Pattern 29: the counter of one rate-limit window (windowStart is an ISO time). */
  rateCounter: (scope: string, key: string, windowStart: string) => ({ pk: `RATE#${scope}#${key}`, sk: windowStart }),
  /** Pattern 60: an ALTCHA solution already used (the challenge's signature), kept until the challenge expires. */
  usedChallenge: (signature: string) => ({ pk: `CHALLENGE#${signature}`, sk: 'USED' }),
  /** Pattern 61: the pending e-mail code of an address (purpose 'verify' or 'reset'), hashed, until used or expired. */
  accountCode: (purpose: string, email: string) => ({ pk: `ACCOUNTCODE#${purpose}#${email}`, sk: 'CODE' }),
  /** Pattern 11: all profiles for admins, newest first. */
  profilesByDate: (createdAt: string, userId: string) => ({ gsi2pk: 'PROFILES', gsi2sk: `${createdAt}#${userId}` }),
  /** Pattern 20: a truck the user saved. */
  savedTruck: (userId: string, listingId: string) => ({ pk: `USER#${userId}`, sk: `SAVED#${listingId}` }),
  /** Pattern 63 (issue 26 §4): the user's recently-viewed trucks, one item of at most 12 entries. */
  recentlyViewed: (userId: string) => ({ pk: `USER#${userId}`, sk: 'RECENTLYVIEWED' }),
  /** Pattern 21: who saved a listing (to remove the entries when it is deleted). */
  savedTruckByListing: (listingId: string, userId: string) => ({ gsi1pk: `SAVEDBY#${listingId}`, gsi1sk: userId }),
  /** Pattern 22: an enquiry (lead) about a listing, newest last in the partition. */
  enquiry: (listingId: string, createdAt: string, id: string) => ({ pk: `LISTING#${listingId}`, sk: `ENQUIRY#${createdAt}#${id}` }),
  /** Pattern 23: enquiries a seller received, by time. */
  enquiryBySeller: (sellerId: string, createdAt: string) => ({ gsi1pk: `SELLERENQ#${sellerId}`, gsi1sk: createdAt }),
  /** Pattern 22b: enquiries a buyer sent (their data download and account deletion). */
  enquiryByBuyer: (buyerId: string, createdAt: string) => ({ gsi2pk: `BUYERENQ#${buyerId}`, gsi2sk: createdAt }),
  /** Pattern 24: a listing's view and enquiry counters. */
  listingStats: (listingId: string) => ({ pk: `LISTING#${listingId}`, sk: 'STATS' }),
  /** Pattern 13: a user's alert preferences (one per user). */
  alertPreferences: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PREFS' }),
  /** Pattern 14: a user's subscription (one per user), a copy of the payment provider's state. */
  subscription: (userId: string) => ({ pk: `USER#${userId}`, sk: 'SUBSCRIPTION' }),
  /** The user's payment-provider customer (one per user), found by customer id for webhooks (pattern 15). */
  billingCustomer: (userId: string) => ({ pk: `USER#${userId}`, sk: 'BILLING' }),
  /** The user's open subscription Checkout Session (at most one), reused while it is open. */
  openCheckout: (userId: string) => ({ pk: `USER#${userId}`, sk: 'OPEN_CHECKOUT' }),
  billingCustomerById: (customerId: string, userId: string) => ({ gsi1pk: `STRIPECUST#${customerId}`, gsi1sk: userId }),
  /** Pattern 17: a user's alert schedule. */
  alertSchedule: (userId: string) => ({ pk: `USER#${userId}`, sk: 'ALERTSCHEDULE' }),
  /** Pattern 18: schedules that get alerts now (paid, active), by cadence. */
  alertScheduleDue: (frequency: string, userId: string) => ({ gsi2pk: `ALERTS#${frequency}#active`, gsi2sk: userId }),
  /** Pattern 19: an alert sent (or held for a flood message) for (user, listing); GSI1 finds them by listing (price drops). */
  alertSent: (userId: string, listingId: string) => ({ pk: `USER#${userId}`, sk: `ALERTSENT#${listingId}` }),
  alertSentByListing: (listingId: string, userId: string) => ({ gsi1pk: `ALERTSENTFOR#${listingId}`, gsi1sk: userId }),
  /** Held flood alerts, by user, for the flush job. */
  alertPendingByUser: (userId: string, listingId: string) => ({ gsi2pk: 'ALERTPENDING', gsi2sk: `${userId}#${listingId}` }),
  /** A one-off marker for a user (e.g. a price drop already announced). */
  alertMarker: (userId: string, marker: string) => ({ pk: `USER#${userId}`, sk: `ALERTMARK#${marker}` }),
  /** The outstanding WhatsApp verification code (a hash of it), one per user. */
  whatsappCode: (userId: string) => ({ pk: `USER#${userId}`, sk: 'WACODE' }),
  /** Pattern 27: an equipment order (id = the checkout session's id); by buyer on GSI1, newest first for staff on GSI2. */
  equipmentOrder: (id: string) => ({ pk: `ORDER#${id}`, sk: 'ORDER' }),
  equipmentOrdersByUser: (userId: string, createdAt: string) => ({ gsi1pk: `ORDERSOF#${userId}`, gsi1sk: createdAt }),
  equipmentOrdersByDate: (createdAt: string) => ({ gsi2pk: 'ORDERS', gsi2sk: createdAt }),
  /** Pattern 28: a payment webhook event already processed. */
  /**
   * Pattern 28: Stripe event leases, written by Powertools' idempotency utility
   * (adapters/dynamodb/webhook-events.ts): one partition, the sort key `stripe-webhook#<md5 of the event id>`.
   */
  webhookEventLeasePk: 'STRIPEEVENT#LEASE',
  /** Pattern 30: a scraper run, newest last in the partition (run ids sort by start time). */
  scraperRun: (runId: string) => ({ pk: 'SCRAPERUN', sk: runId }),
  /** Pattern 30b: a batch job's run (alert digests), newest last (run ids start with the start time). */
  batchRun: (runId: string) => ({ pk: 'JOBRUN', sk: runId }),
  /** Pattern 30c: one batch of a run, recorded once (a queue may deliver its message twice). */
  batchRunBatch: (runId: string, batch: number) => ({ pk: `JOBRUN#${runId}`, sk: `BATCH#${String(batch).padStart(5, '0')}` }),
  /** Pattern 40: one source's report in one run, under the source (its runs, newest last). */
  scraperSourceRun: (sourceId: string, runId: string) => ({ pk: `SCRAPESRC#${sourceId}`, sk: `RUN#${runId}` }),
  /** Pattern 41: a run's source reports (the admin Jobs panel). */
  scraperSourceRunByRun: (runId: string, sourceId: string) => ({ gsi1pk: `SCRAPERUN#${runId}`, gsi1sk: sourceId }),
  /** Pattern 42: the external ids one step of a run saw (deactivation after 3 runs without them). */
  scraperSeen: (sourceId: string, runId: string, step: number) => ({
    pk: `SCRAPESRC#${sourceId}`,
    sk: `SEEN#${runId}#${String(step).padStart(5, '0')}`,
  }),
  /** Pattern 43: what a source page answered last time (validators for conditional GETs, its listings). */
  scraperPage: (sourceId: string, url: string) => ({ pk: `SCRAPESRC#${sourceId}`, sk: `PAGE#${url}` }),
  /** Pattern 11b: profiles by account type (dealers / individuals), newest first. */
  profilesByType: (accountType: string, createdAt: string, userId: string) => ({
    gsi1pk: `PROFILES#${accountType}`,
    gsi1sk: `${createdAt}#${userId}`,
  }),
  /** Pattern 11c: suspended profiles only (sparse: removed on reactivation). */
  suspendedProfile: (createdAt: string, userId: string) => ({ gsi3pk: 'PROFILES#suspended', gsi3sk: `${createdAt}#${userId}` }),
  /** Pattern 12b: staff membership, one small item per admin (the admins filter reads these, then the profiles). */
  staffMember: (userId: string) => ({ pk: 'STAFF', sk: userId }),
  /** Pattern 34: audit entries, keyed four ways so every filter is a key condition (no filter expressions). */
  auditEntry: (resource: string, action: string, createdAt: string, id: string) => ({
    pk: `AUDITRES#${resource}`,
    sk: `${createdAt}#${id}`,
    gsi1pk: `AUDITACT#${action}`,
    gsi1sk: `${createdAt}#${id}`,
    gsi2pk: 'AUDIT',
    gsi2sk: `${createdAt}#${id}`,
    gsi3pk: `AUDIT#${action}#${resource}`,
    gsi3sk: `${createdAt}#${id}`,
  }),
  /** Pattern 35: one analytics counter. */
  counter: (name: string) => ({ pk: 'COUNTER', sk: name }),
  /** Pattern 32: a page-content section; GSI2 orders them by page slug and section key. */
  pageContent: (id: string) => ({ pk: `CONTENT#${id}`, sk: 'CONTENT' }),
  pageContentBySlug: (pageSlug: string, sectionKey: string, id: string) => ({
    gsi2pk: 'CONTENTS',
    gsi2sk: `${pageSlug}#${sectionKey}#${id}`,
  }),
  /** The finance settings (issue 26 §3): one item, read by every page that shows a monthly figure. */
  financeSettings: () => ({ pk: 'SETTINGS#FINANCE', sk: 'SETTINGS' }),
  /** Pattern 33: a promotion; newest first on GSI2, by position on GSI1. */
  promotion: (id: string) => ({ pk: `PROMO#${id}`, sk: 'PROMO' }),
  promotionsByDate: (createdAt: string, id: string) => ({ gsi2pk: 'PROMOS', gsi2sk: `${createdAt}#${id}` }),
  promotionsByPosition: (position: string, createdAt: string, id: string) => ({
    gsi1pk: `PROMOPOS#${position}`,
    gsi1sk: `${createdAt}#${id}`,
  }),
  /** Pattern 31: a media asset; newest first on GSI2, by category on GSI1. */
  mediaAsset: (id: string) => ({ pk: `MEDIA#${id}`, sk: 'MEDIA' }),
  mediaByDate: (createdAt: string, id: string) => ({ gsi2pk: 'MEDIA', gsi2sk: `${createdAt}#${id}` }),
  mediaByCategory: (category: string, createdAt: string, id: string) => ({ gsi1pk: `MEDIACAT#${category}`, gsi1sk: `${createdAt}#${id}` }),
  /** Pattern 30: the partition of scraper run reports (the scraper writes them; the admin Jobs panel reads them newest first). */
  scraperRunsPartition: 'SCRAPERUN',
  /** Pattern 55: a processed listing image waiting for its owner's create or edit (valid a day). */
  pendingUpload: (userId: string, imageKey: string) => ({ pk: `USER#${userId}`, sk: `UPLOAD#${imageKey}` }),
  /** Pattern 55 on GSI2: pending images by age, for the sweeper of images never attached. */
  pendingUploadsByDate: (createdAt: string, userId: string, imageKey: string) => ({
    gsi2pk: 'PENDINGUPLOADS',
    gsi2sk: `${createdAt}#${userId}#${imageKey}`,
  }),
  /** Pattern 39: a dealer's stock import (dry run, then apply), newest last in the partition. */
  stockImport: (userId: string, importId: string) => ({ pk: `USER#${userId}`, sk: `IMPORT#${importId}` }),
  /** Pattern 56: a user's dealer application (one per user); GSI2 lists pending ones, oldest first, for staff. */
  dealerApplication: (userId: string) => ({ pk: `USER#${userId}`, sk: 'DEALERAPP' }),
  dealerApplicationsPending: (submittedAt: string, userId: string) => ({
    gsi2pk: 'DEALERAPPS#pending',
    gsi2sk: `${submittedAt}#${userId}`,
  }),
  /** Pattern 57: stock imports waiting for staff review (a dealer's first), oldest first (sparse GSI2). */
  stockImportsAwaitingReview: (createdAt: string, userId: string, importId: string) => ({
    gsi2pk: 'IMPORTREVIEW#pending',
    gsi2sk: `${createdAt}#${userId}#${importId}`,
  }),
  /** Pattern 51: something that counts once per (scope, who, subject) per UTC day: listing views, contact reveals. */
  dailyMark: (scope: string, who: string, day: string, subject: string) => ({ pk: `ONCE#${scope}#${who}`, sk: `${day}#${subject}` }),
  /** Pattern 52: which listing a create with this Idempotency-Key made (TTL 24 hours). */
  idempotentCreate: (userId: string, idempotencyKey: string) => ({ pk: `IDEMP#${userId}`, sk: `CREATE#${idempotencyKey}` }),
  /** Pattern 53: an e-mail in the outbox. GSI2 lists pending ones by when they are due, failed ones newest first. */
  outboxEmail: (id: string) => ({ pk: `EMAIL#${id}`, sk: 'EMAIL' }),
  outboxPending: (nextAttemptAt: string, id: string) => ({ gsi2pk: 'OUTBOX#pending', gsi2sk: `${nextAttemptAt}#${id}` }),
  outboxFailed: (failedAt: string, id: string) => ({ gsi2pk: 'OUTBOX#failed', gsi2sk: `${failedAt}#${id}` }),
  /** Pattern 54: an address SES reported as bouncing or complaining (lower-cased). */
  suppressedAddress: (email: string) => ({ pk: `SUPPRESSED#${email.trim().toLowerCase()}`, sk: 'SUPPRESSED' }),
  /** Pattern 50: when the sitemap was last built and whether listings changed since (one item). */
  sitemapState: () => ({ pk: 'SITEMAP', sk: 'STATE' }),
  /** Pattern 63 (issue 26): a dealer's storefront by slug, or an old slug's redirect to the current one. */
  storefront: (slug: string) => ({ pk: `STOREFRONT#${slug}`, sk: 'STOREFRONT' }),
  /** Pattern 63b: the directory, by name (visible storefronts only: hidden ones drop these keys). */
  storefrontsByName: (companyName: string, slug: string) => ({ gsi2pk: 'STOREFRONTS', gsi2sk: `${companyName.toLowerCase()}#${slug}` }),
};

export const CHANGE_SHARDS = 4;
function shardOf(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) | 0;
  return Math.abs(h) % CHANGE_SHARDS;
}
