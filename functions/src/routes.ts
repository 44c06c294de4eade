import { type Access, type BucketAccess, vehicleRecordsAccess } from './access.js';
import { DELETED_ACCOUNT_PREFIX } from './adapters/dynamodb/keys.js';
import { accountRoutes, OUTBOX_KEYS } from './routes/accounts.js';
import { alertsRoutes } from './routes/alerts.js';
import { adminRoutes } from './routes/admin.js';
import { importRoutes } from './routes/imports.js';
import { pricingRoutes } from './routes/pricing.js';

// Access shared by several rows (functions/src/access.ts). Rate limits and sign-up profiles are
// table writes, so some POSTs of anonymous callers still need readWrite.
const READ: Access = { table: 'read' };
const WRITE: Access = { table: 'readWrite' };
const LISTING_PHOTOS: BucketAccess = { bucket: 'truck-images', prefixes: ['listings/'], access: 'readWriteDelete' };
/** Changes a listing: the table, its events and (replaced or deleted) processed photos. */
const MANAGE_LISTING: Access = { table: 'readWrite', events: true, buckets: [LISTING_PHOTOS] };
/** Rate-limited by the viewer's address, which is trusted only with CloudFront's origin secret (http/viewer-ip.ts). */
const BY_VIEWER_IP: Access = { secrets: ['originVerifySecret'] };
/** Behind the ALTCHA check (issue 23): the viewer's address, and the key that signs the challenges. */
const CHALLENGED: Access = { secrets: ['originVerifySecret', 'altchaHmacKey'] };
/**
 * Pages (http/seo/render-page.ts): the table for listing pages, content and shared /compare links;
 * first-screens/ for home's, the category pages' and the storefronts' first screens (no search
 * index of its own; a storefront's stock under first-screens/<table>/dealers/);
 * models/ for the fair-price rating of the listing page and /compare (their in-process reads of
 * GET /api/listings/{id} and GET /api/compare).
 */
const PAGE: Access = {
  table: 'read',
  siteIndex: true,
  buckets: [{ bucket: 'private-uploads', prefixes: ['first-screens/', 'models/'], access: 'read' }],
};

/**
 * The HTTP route table: one row per endpoint. CDK makes one Lambda per handler module and one
 * route per row (infra/lib/api-stack.ts), in the row's area stack; the local API server
 * (dev/api-server.ts) mounts the same rows.
 *
 * auth:
 * - public     no authorizer; the caller is always anonymous.
 * - optional   no authorizer (API Gateway cannot make one optional); the handler verifies a
 *              bearer token itself when one is sent, so signed-in callers see more (contacts).
 * - user       API Gateway JWT authorizer; any signed-in user.
 * - admin      JWT authorizer + the handler checks the `admins` or `super_admins` group.
 * - superAdmin JWT authorizer + the handler checks the `super_admins` group.
 */
export type RouteAuth = 'public' | 'optional' | 'user' | 'admin' | 'superAdmin';
/** HEAD rows are not written by hand: every GET row gets one (headRowOf, below). */
type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  /** Stable id, used for the route's construct id (and the function's, for the first row of its module). */
  id: string;
  method: HttpMethod;
  /** API Gateway route path, e.g. /api/listings/{id}. */
  path: string;
  /** Handler module relative to functions/src, exporting `handler`. */
  handler: string;
  auth: RouteAuth;
  /** Pass the body through untouched (webhooks verify signatures on the raw bytes). */
  rawBody?: boolean;
  memoryMb?: number;
  /** At most 29: API Gateway's HTTP API gives up after 30 s. */
  timeoutSeconds?: number;
  /**
   * What the row's function may touch (functions/src/access.ts); CDK grants exactly this. Rows
   * sharing a handler module share one function and must declare equal access.
   */
  access: Access;
  /**
   * Which API stack carries the row's function and route: 'core' (default), 'admin', 'payments',
   * 'alerts', 'listings' (the listing page's extras: vehicle checks and look-up, reports; saved
   * trucks and searches, storefronts, compare, recently viewed). All areas add routes to the same HTTP API, so stacks stay under CloudFormation's limits.
   */
  area?: RouteArea;
}

export type RouteArea = 'core' | 'admin' | 'payments' | 'alerts' | 'listings';

/**
 * Every API function checks CloudFront's origin secret in AWS (http/viewer-ip.ts
 * `assertThroughCloudFront`), so every row may read it, and the previous one kept during a
 * rotation, whatever else it declares.
 */
function throughCloudFront(row: RouteDef): RouteDef {
  const secrets = [...new Set([...(row.access.secrets ?? []), 'originVerifySecret' as const, 'originVerifySecretPrevious' as const])];
  return { ...row, access: { ...row.access, secrets } };
}

/** Rows whose caller may be a signed-in user making a write (http/handler.ts checks their tombstone). */
const signedInWrite = (row: RouteDef) => row.auth !== 'public' && row.method !== 'GET' && row.method !== 'HEAD';

/**
 * Every function with a signed-in write reads deleted accounts' tombstones (pattern 60,
 * `DELETEDUSER#<sub>`): a row without table access gets a read of those items only, and a row
 * narrowed by `tableKeys` gets their prefix added. Applied to every row of such a handler module, so
 * rows sharing a function keep equal access.
 */
function readsTombstones(all: RouteDef[]): RouteDef[] {
  const modules = new Set(all.filter(signedInWrite).map((r) => r.handler));
  return all.map((row) => {
    if (!modules.has(row.handler)) return row;
    const a = row.access;
    if (!a.table) return { ...row, access: { ...a, table: 'read', tableKeys: [DELETED_ACCOUNT_PREFIX] } };
    if (a.tableKeys?.length && !a.tableKeys.includes(DELETED_ACCOUNT_PREFIX))
      return { ...row, access: { ...a, tableKeys: [...a.tableKeys, DELETED_ACCOUNT_PREFIX] } };
    return row;
  });
}

const rows: RouteDef[] = [
  // One search function for the three reads of the index (issue 8 §2), sized by `npm run bench`:
  // 100k listings load from the S3 snapshot with a steady heap well under 400 MB.
  // The dealer directory (issue 26 §1) is the fourth: its stock counts come from the index.
  ...(['SearchListings', 'LatestListings', 'SuggestListings', 'ListDealers'] as const).map(
    (id): RouteDef => ({
      id,
      method: 'GET',
      path: {
        SearchListings: '/api/listings',
        LatestListings: '/api/listings/latest',
        SuggestListings: '/api/listings/suggest',
        ListDealers: '/api/dealers',
      }[id],
      handler: 'http/listings/search-listings.ts',
      auth: 'optional',
      memoryMb: 1024,
      timeoutSeconds: 10,
      // models/: the fair-price model the index rates results by (issue 13 §1).
      access: { table: 'read', buckets: [{ bucket: 'private-uploads', prefixes: ['search/', 'models/'], access: 'read' }] },
    }),
  ),
  {
    id: 'GetListing',
    method: 'GET',
    path: '/api/listings/{id}',
    handler: 'http/listings/get-listing.ts',
    auth: 'optional',
    // models/: the fair-price model the detail page's rating comes from.
    access: { ...READ, buckets: [{ bucket: 'private-uploads', prefixes: ['models/'], access: 'read' }] },
  },
  // The listing page's "Vehicle checks" panel (issue 27 §3): the listing and its checks, both
  // items of the listing's own partition.
  {
    id: 'GetListingVehicleChecks',
    method: 'GET',
    path: '/api/listings/{id}/vehicle-checks',
    handler: 'http/listings/get-vehicle-checks.ts',
    area: 'listings',
    auth: 'public',
    access: { table: 'read', tableKeys: ['LISTING#'] },
  },
  {
    id: 'ResolveLocation',
    method: 'GET',
    path: '/api/locations/{query}',
    handler: 'http/listings/resolve-location.ts',
    auth: 'public',
    access: {},
  },
  // "Find my truck" on the sell form (issue 27 §2): the DVLA only, and the table only for its
  // per-seller rate-limit counters.
  {
    id: 'LookUpVehicle',
    method: 'POST',
    path: '/api/vehicle-lookup',
    handler: 'http/vehicle-lookup/look-up-vehicle.ts',
    area: 'listings',
    auth: 'user',
    access: { table: 'readWrite', tableKeys: ['RATE#'], ...vehicleRecordsAccess(['dvla']) },
  },
  // A dealer's storefront (issue 26 §1): the storefront and its owner's profile (STOREFRONT#,
  // USER#), and the owner's live listings for the page's offers (pattern 4 on gsi1).
  {
    id: 'GetStorefront',
    method: 'GET',
    path: '/api/dealers/{slug}',
    handler: 'http/dealers/get-storefront.ts',
    area: 'listings',
    auth: 'public',
    access: { table: 'read', tableKeys: ['STOREFRONT#', 'USER#'], tableIndexQueries: ['gsi1'] },
  },
  // The dealer's own storefront from the dashboard: made on first visit, edited with PUT; a new
  // logo takes its pending upload (USER#…/UPLOAD#…).
  ...(['GetMyStorefront', 'UpdateMyStorefront'] as const).map(
    (id): RouteDef => ({
      id,
      method: id === 'GetMyStorefront' ? 'GET' : 'PUT',
      path: '/api/me/storefront',
      handler: 'http/me/storefront.ts',
      area: 'listings',
      auth: 'user',
      access: { table: 'readWrite', tableKeys: ['STOREFRONT#', 'USER#'] },
    }),
  ),
  { id: 'GetMe', method: 'GET', path: '/api/me', handler: 'http/me/get-me.ts', auth: 'user', access: WRITE },
  { id: 'UpdateMe', method: 'PATCH', path: '/api/me', handler: 'http/me/update-me.ts', auth: 'user', access: WRITE },
  // Approved dealers (issue 23): the dashboard's application and its state.
  {
    id: 'ApplyAsDealer',
    method: 'POST',
    path: '/api/me/dealer-application',
    handler: 'http/me/dealer-application.ts',
    auth: 'user',
    access: WRITE,
  },
  {
    id: 'GetMyDealerApplication',
    method: 'GET',
    path: '/api/me/dealer-application',
    handler: 'http/me/dealer-application.ts',
    auth: 'user',
    access: WRITE,
  },
  {
    id: 'CreateMyListing',
    method: 'POST',
    path: '/api/my-listings',
    handler: 'http/my-listings/create-listing.ts',
    auth: 'user',
    access: { table: 'readWrite', events: true },
  },
  {
    id: 'ListMyListings',
    method: 'GET',
    path: '/api/my-listings',
    handler: 'http/my-listings/list-listings.ts',
    auth: 'user',
    access: READ,
  },
  {
    id: 'GetMyListing',
    method: 'GET',
    path: '/api/my-listings/{id}',
    handler: 'http/my-listings/get-listing.ts',
    auth: 'user',
    access: READ,
  },
  {
    id: 'UpdateMyListing',
    method: 'PUT',
    path: '/api/my-listings/{id}',
    handler: 'http/my-listings/update-listing.ts',
    auth: 'user',
    access: MANAGE_LISTING,
  },
  {
    id: 'SetMyListingStatus',
    method: 'PATCH',
    path: '/api/my-listings/{id}/status',
    handler: 'http/my-listings/set-listing-status.ts',
    auth: 'user',
    access: { table: 'readWrite', events: true },
  },
  {
    id: 'DeleteMyListing',
    method: 'DELETE',
    path: '/api/my-listings/{id}',
    handler: 'http/my-listings/delete-listing.ts',
    auth: 'user',
    access: MANAGE_LISTING,
  },
  {
    id: 'RequestListingImageUploads',
    method: 'POST',
    path: '/api/uploads/listing-images',
    handler: 'http/uploads/request-listing-images.ts',
    auth: 'user',
    access: { table: 'readWrite', buckets: [{ bucket: 'private-uploads', prefixes: ['uploads/listing-images/'], access: 'write' }] },
  },
  {
    id: 'CompleteListingImageUploads',
    method: 'POST',
    path: '/api/uploads/listing-images/complete',
    handler: 'http/uploads/complete-listing-images.ts',
    auth: 'user',
    access: {
      table: 'readWrite',
      buckets: [
        { bucket: 'private-uploads', prefixes: ['uploads/listing-images/'], access: 'readWriteDelete' },
        { bucket: 'truck-images', prefixes: ['listings/'], access: 'write' },
      ],
    },
    // sharp decodes up to ten 5 MB photos and writes four files each; API Gateway waits 30 s at most.
    memoryMb: 2048,
    timeoutSeconds: 29,
  },
  {
    id: 'SendContactMessage',
    method: 'POST',
    path: '/api/contact',
    handler: 'http/contact/send-contact-message.ts',
    // optional: a signed-in platinum subscriber's message is priority support (issue 10).
    auth: 'optional',
    // Narrowed (issue 23 "Old M4"): used challenges, rate limits, the message, the outbox, and the
    // signed-in sender's subscription (USER#).
    access: { ...CHALLENGED, table: 'readWrite', tableKeys: ['CHALLENGE#', 'RATE#', 'CONTACT#', 'USER#', ...OUTBOX_KEYS], mail: true },
  },
  { id: 'GetPublicConfig', method: 'GET', path: '/api/config', handler: 'http/config/get-public-config.ts', auth: 'public', access: {} },
  {
    id: 'RequestValuationImageUploads',
    method: 'POST',
    path: '/api/uploads/valuation-images',
    handler: 'http/uploads/request-valuation-images.ts',
    auth: 'public',
    access: {
      ...BY_VIEWER_IP,
      table: 'readWrite',
      buckets: [{ bucket: 'private-uploads', prefixes: ['valuations/pending/'], access: 'write' }],
    },
  },
  {
    id: 'SubmitValuationRequest',
    method: 'POST',
    path: '/api/valuations',
    handler: 'http/valuations/submit-valuation-request.ts',
    auth: 'public',
    access: {
      ...CHALLENGED,
      table: 'readWrite',
      // Narrowed (issue 23 "Old M4"): used challenges, rate limits, the request and the outbox.
      tableKeys: ['CHALLENGE#', 'RATE#', 'VALUATION#', ...OUTBOX_KEYS],
      mail: true,
      // Moves photos from valuations/pending/ to valuations/<requestId>/.
      buckets: [{ bucket: 'private-uploads', prefixes: ['valuations/'], access: 'readWriteDelete' }],
    },
    // Reads, checks and moves up to ten 5 MB photos.
    memoryMb: 1024,
    timeoutSeconds: 29,
  },
  {
    id: 'SendEnquiry',
    method: 'POST',
    path: '/api/listings/{id}/enquiries',
    handler: 'http/enquiries/send-enquiry.ts',
    auth: 'user',
    access: { table: 'readWrite', mail: true },
  },
  {
    id: 'ListMyEnquiries',
    method: 'GET',
    path: '/api/my-enquiries',
    handler: 'http/enquiries/list-my-enquiries.ts',
    auth: 'user',
    access: READ,
  },
  // Saved trucks and saved searches, storefronts, compare and recently viewed live in the 'listings'
  // API stack: the core stack stays under CloudFormation's resource limit (stack-limits.test.ts).
  {
    id: 'ListSavedTrucks',
    method: 'GET',
    path: '/api/saved',
    handler: 'http/saved/list-saved.ts',
    area: 'listings',
    auth: 'user',
    access: READ,
  },
  {
    id: 'SaveTruck',
    method: 'PUT',
    path: '/api/saved/{id}',
    handler: 'http/saved/save-truck.ts',
    area: 'listings',
    auth: 'user',
    access: WRITE,
  },
  {
    id: 'UnsaveTruck',
    method: 'DELETE',
    path: '/api/saved/{id}',
    handler: 'http/saved/unsave-truck.ts',
    area: 'listings',
    auth: 'user',
    access: WRITE,
  },
  // Compare (issue 26 §2): up to 3 live listings in one BatchGetItem, then their sellers' profiles
  // (account type: trade or private) in another, narrowed to listing and user items; models/ for
  // each column's fair-price band.
  {
    id: 'CompareListings',
    method: 'GET',
    path: '/api/compare',
    handler: 'http/compare/compare-listings.ts',
    area: 'listings',
    auth: 'public',
    access: {
      table: 'read',
      tableKeys: ['LISTING#', 'SCRAPED#', 'USER#'],
      buckets: [{ bucket: 'private-uploads', prefixes: ['models/'], access: 'read' }],
    },
  },
  // Recently viewed on the account (issue 26 §4): the user's own item under USER# (and their
  // profile, for the suspended check); the listings it names only read, in one batch.
  ...(['ListRecentlyViewed', 'RecordRecentlyViewed', 'ClearRecentlyViewed'] as const).map(
    (id): RouteDef => ({
      id,
      method: ({ ListRecentlyViewed: 'GET', RecordRecentlyViewed: 'PUT', ClearRecentlyViewed: 'DELETE' } as const)[id],
      path: '/api/recently-viewed',
      handler: 'http/recently-viewed/recently-viewed.ts',
      area: 'listings',
      auth: 'user',
      access: { table: 'readWrite', tableKeys: ['USER#'], tableReadKeys: ['LISTING#', 'SCRAPED#'] },
    }),
  ),
  // Saved searches (issue 26 §4): the caller's USER# partition only (their SEARCH# items, and the
  // profile the writes check), never a listing or another kind of item.
  ...(
    [
      ['ListSavedSearches', 'GET', '/api/saved-searches', 'list-saved-searches', 'read'],
      ['CreateSavedSearch', 'POST', '/api/saved-searches', 'create-saved-search', 'readWrite'],
      ['DeleteSavedSearch', 'DELETE', '/api/saved-searches/{id}', 'delete-saved-search', 'readWrite'],
      ['MarkSavedSearchSeen', 'POST', '/api/saved-searches/{id}/seen', 'mark-saved-search-seen', 'readWrite'],
    ] as const
  ).map(
    ([id, method, path, module, table]): RouteDef => ({
      id,
      method,
      path,
      handler: `http/saved-searches/${module}.ts`,
      area: 'listings',
      auth: 'user',
      access: { table, tableKeys: ['USER#'] },
    }),
  ),
  {
    id: 'RevealListingContact',
    method: 'POST',
    path: '/api/listings/{id}/contact',
    handler: 'http/listings/reveal-contact.ts',
    auth: 'user',
    access: WRITE,
  },
  {
    // "Report this listing" (issue 24 §6), for anyone: the ALTCHA check, the per-address limit and
    // the report, narrowed to those items; the listing it names is only read.
    id: 'ReportListing',
    method: 'POST',
    path: '/api/listings/{id}/reports',
    handler: 'http/reports/report-listing.ts',
    area: 'listings',
    auth: 'optional',
    access: { ...CHALLENGED, table: 'readWrite', tableKeys: ['CHALLENGE#', 'RATE#', 'REPORT#'], tableReadKeys: ['LISTING#', 'SCRAPED#'] },
  },
  {
    id: 'RecordListingView',
    method: 'POST',
    path: '/api/listings/{id}/views',
    handler: 'http/listings/record-view.ts',
    auth: 'optional',
    // Anonymous viewers count once a day by address: the viewer's, trusted via the origin secret.
    // Narrowed (issue 23 "Old M4"): the listing (read) and its counters, and the daily view marks.
    access: { ...WRITE, tableKeys: ['LISTING#', 'ONCE#'], ...BY_VIEWER_IP },
  },
  // Every page of the site (http/seo/render-page.ts): its head for link previews, the first screen
  // rendered on the server for routes that opt in, and the SPA route table's status (404 for
  // unknown paths). Not under /api: CloudFront's default behaviour sends page paths to the API
  // (infra/lib/web-stack.ts); the local server matches these rows after static files. API Gateway's
  // greedy /{proxy+} does not match '/', hence two rows. It reads listings in-process
  // (http/seo/in-process-api.ts), so it is sized like search.
  { id: 'RenderHomePage', method: 'GET', path: '/', handler: 'http/seo/render-page.ts', auth: 'public', memoryMb: 1024, access: PAGE },
  { id: 'RenderPage', method: 'GET', path: '/{proxy+}', handler: 'http/seo/render-page.ts', auth: 'public', memoryMb: 1024, access: PAGE },
  // Served from the files jobs/build-sitemap.ts writes to S3: no table access at all.
  {
    id: 'GetSitemap',
    method: 'GET',
    path: '/sitemap.xml',
    handler: 'http/seo/get-sitemap.ts',
    auth: 'public',
    access: { buckets: [{ bucket: 'truck-images', prefixes: ['sitemaps/'], access: 'read' }] },
  },
  {
    id: 'GetSitemapPart',
    method: 'GET',
    path: '/sitemaps/{file}',
    handler: 'http/seo/get-sitemap-part.ts',
    auth: 'public',
    access: { buckets: [{ bucket: 'truck-images', prefixes: ['sitemaps/'], access: 'read' }] },
  },
  { id: 'GetRobotsTxt', method: 'GET', path: '/robots.txt', handler: 'http/seo/get-robots.ts', auth: 'public', access: {} },
  ...importRoutes,
  ...pricingRoutes,
  ...accountRoutes,
  ...alertsRoutes,
  ...adminRoutes,
];

/** The id of the HEAD row derived from a GET row. */
const headRowId = (getRowId: string) => `${getRowId}Head`;

/**
 * API Gateway's HTTP APIs route HEAD only to HEAD (or ANY) routes, never to GET ones, so each GET
 * row gets a HEAD twin: same path, auth, handler module (so the same function, infra/lib/api-stack.ts)
 * and access. The handler wrapper (http/handler.ts) runs the GET and drops the body.
 */
function headRowOf(row: RouteDef): RouteDef {
  return { ...row, id: headRowId(row.id), method: 'HEAD' };
}

const withCloudFront = readsTombstones(rows).map(throughCloudFront);
/** Every row, then a HEAD row for each GET row (after all others, so each function keeps its first row's logical id). */
export const routes: RouteDef[] = [...withCloudFront, ...withCloudFront.filter((r) => r.method === 'GET').map(headRowOf)];

/**
 * The scope every Cognito access token carries and no ID token does: JWT routes require it, so API
 * Gateway refuses ID tokens as the local gateway does (dev/api-gateway.ts).
 */
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';

/** Routes a request needs to pass API Gateway's JWT authorizer for. */
export const needsAuthorizer = (r: RouteDef) => r.auth === 'user' || r.auth === 'admin' || r.auth === 'superAdmin';
