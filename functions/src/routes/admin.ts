import type { Access, BucketAccess } from '../access.js';
import type { RouteDef } from '../routes.js';

/**
 * The admin area's API (issue 11): every row is `admin` or `superAdmin` (JWT authorizer + the
 * group check), carried by the admin API stack. Handlers add the staff gate (suspended staff are
 * refused) and write one audit entry per mutation (http/admin/deps.ts).
 */
/** The read router: reads, plus the audit entries of its audited reads of personal data (users, Inbox, failed e-mails). */
const read: Access = { table: 'read', tableWriteKeys: ['AUDITRES#'] };
const write: Access = { table: 'readWrite' };
const LISTING_IMAGES: BucketAccess = { bucket: 'truck-images', prefixes: ['listings/'], access: 'readWriteDelete' };
const MEDIA_PENDING = 'media/pending/';
/** Each media category's folder in its bucket (shared/schemas/admin.ts MEDIA_BUCKET_BY_CATEGORY). */
const MEDIA_FOLDERS = [
  { bucket: 'promotional-images', prefixes: ['promotional/'] },
  { bucket: 'banners', prefixes: ['banners/'] },
  { bucket: 'logos', prefixes: ['logos/'] },
  { bucket: 'truck-images', prefixes: ['truck_images/'] },
  { bucket: 'general-media', prefixes: ['general/'] },
] as const;

/**
 * What every admin-auth row's function touches besides its own work: the TOTP check reads the
 * caller's MFA settings (AdminGetUser). (The origin-verify secret, which the audit log's viewer IP
 * also uses, every row gets in routes.ts.)
 */
function withStaffGate(access: Access): Access {
  return { ...access, cognito: [...new Set([...(access.cognito ?? []), 'AdminGetUser' as const])] };
}

const admin = (
  id: string,
  method: RouteDef['method'],
  path: string,
  handler: string,
  access: Access,
  extra: Partial<RouteDef> = {},
): RouteDef => ({
  id: `Admin${id}`,
  method,
  path,
  handler: `http/admin/${handler}.ts`,
  auth: 'admin',
  area: 'admin',
  access: withStaffGate(access),
  ...extra,
});

export const adminRoutes: RouteDef[] = [
  // Writes the profile's role mirror when it is out of date (http/admin/deps.ts).
  admin('GetSession', 'GET', '/api/admin/session', 'write-router', write),
  admin('GetAnalytics', 'GET', '/api/admin/analytics', 'read-router', read),
  admin('ListJobRuns', 'GET', '/api/admin/jobs', 'read-router', read),
  admin('ListUsers', 'GET', '/api/admin/users', 'read-router', read),
  // The account's listings are hidden or shown by the account-listings queue's worker (thousands for a dealer).
  admin('SetUserStatus', 'PATCH', '/api/admin/users/{id}/status', 'set-user-status', {
    table: 'readWrite',
    cognito: ['AdminListGroupsForUser', 'AdminDisableUser', 'AdminEnableUser', 'AdminUserGlobalSignOut'],
    queues: ['account-listings'],
  }),
  // ForgotPassword is a public Cognito API: no IAM action to grant.
  admin('SendPasswordReset', 'POST', '/api/admin/users/{id}/password-reset', 'write-router', write),
  admin(
    'MakeAdmin',
    'POST',
    '/api/admin/users/{id}/admin-role',
    'make-admin',
    { table: 'readWrite', cognito: ['AdminAddUserToGroup'] },
    { auth: 'superAdmin' },
  ),
  // 'Remove admin' (issue 23): reads the pool's groups (a super admin is never removed), then leaves the admins group.
  admin(
    'RemoveAdmin',
    'DELETE',
    '/api/admin/users/{id}/admin-role',
    'remove-admin',
    { table: 'readWrite', cognito: ['AdminListGroupsForUser', 'AdminRemoveUserFromGroup'] },
    { auth: 'superAdmin' },
  ),
  // Approved dealers (issue 23): applications, per-dealer listing limits, first imports' review.
  admin('ListDealerApplications', 'GET', '/api/admin/dealer-applications', 'read-router', read),
  // The applicant hears either way through the e-mail outbox (table) and SES.
  admin('DecideDealerApplication', 'POST', '/api/admin/dealer-applications/{id}/decision', 'decide-dealer-application', {
    table: 'readWrite',
    mail: true,
  }),
  admin('SetListingCap', 'PATCH', '/api/admin/users/{id}/listing-cap', 'write-router', write),
  // Issue 26 §1: hide or show a dealer's storefront (audited).
  admin('SetStorefrontVisibility', 'PATCH', '/api/admin/users/{id}/storefront', 'write-router', write),
  admin('ListPendingImports', 'GET', '/api/admin/stock-imports', 'read-router', read),
  // The stock-imports queue's worker carries the decision out (an import may hold thousands of listings).
  admin('ReviewStockImport', 'POST', '/api/admin/stock-imports/{userId}/{id}/review', 'review-stock-import', {
    table: 'readWrite',
    queues: ['stock-imports'],
  }),
  admin('ListListings', 'GET', '/api/admin/listings', 'read-router', read),
  admin('SetListingStatus', 'PATCH', '/api/admin/listings/{id}/status', 'write-router', write),
  admin('SetListingDescription', 'PATCH', '/api/admin/listings/{id}/description', 'write-router', write),
  admin('SetListingImages', 'PUT', '/api/admin/listings/{id}/images', 'listing-files-router', {
    table: 'readWrite',
    buckets: [LISTING_IMAGES],
  }),
  admin('DeleteListing', 'DELETE', '/api/admin/listings/{id}', 'listing-files-router', { table: 'readWrite', buckets: [LISTING_IMAGES] }),
  admin('ListScraped', 'GET', '/api/admin/scraped', 'read-router', read),
  admin('SetScrapedVisibility', 'PATCH', '/api/admin/scraped/{id}/visibility', 'write-router', write),
  admin('ListMedia', 'GET', '/api/admin/media', 'read-router', read),
  admin('RequestMediaUploads', 'POST', '/api/admin/media/uploads', 'request-media-uploads', {
    buckets: [{ bucket: 'private-uploads', prefixes: [MEDIA_PENDING], access: 'write' }],
    table: 'read',
  }),
  admin(
    'CompleteMediaUploads',
    'POST',
    '/api/admin/media',
    'complete-media-uploads',
    {
      table: 'readWrite',
      buckets: [
        { bucket: 'private-uploads', prefixes: [MEDIA_PENDING], access: 'readWriteDelete' },
        ...MEDIA_FOLDERS.map((f): BucketAccess => ({ ...f, access: 'write' })),
      ],
    },
    // Up to ten files: videos (≤ 100 MB) copied inside S3, images (≤ 5 MB) decoded and re-encoded by
    // sharp one at a time (a bounded decode of at most 50 MP); API Gateway waits 30 s at most.
    { timeoutSeconds: 29, memoryMb: 1024 },
  ),
  admin('UpdateMedia', 'PATCH', '/api/admin/media/{id}', 'write-router', write),
  admin('DeleteMedia', 'DELETE', '/api/admin/media/{id}', 'delete-media', {
    table: 'readWrite',
    buckets: MEDIA_FOLDERS.map((f): BucketAccess => ({ ...f, access: 'readWriteDelete' })),
  }),
  admin('ListContent', 'GET', '/api/admin/content', 'read-router', read),
  admin('CreateContent', 'POST', '/api/admin/content', 'write-router', write),
  admin('UpdateContent', 'PUT', '/api/admin/content/{id}', 'write-router', write),
  admin('DeleteContent', 'DELETE', '/api/admin/content/{id}', 'write-router', write),
  admin('ListPromotions', 'GET', '/api/admin/promotions', 'read-router', read),
  admin('CreatePromotion', 'POST', '/api/admin/promotions', 'write-router', write),
  admin('UpdatePromotion', 'PUT', '/api/admin/promotions/{id}', 'write-router', write),
  admin('DeletePromotion', 'DELETE', '/api/admin/promotions/{id}', 'write-router', write),
  admin('ListInbox', 'GET', '/api/admin/inbox/{kind}', 'inbox-router', {
    // Shares its function with UpdateInboxItem (one function per access set keeps the stack small).
    table: 'readWrite',
    // Signs 5-minute GET URLs for valuation photos.
    buckets: [{ bucket: 'private-uploads', prefixes: ['valuations/'], access: 'read' }],
  }),
  admin('UpdateInboxItem', 'PATCH', '/api/admin/inbox/{kind}/{id}', 'inbox-router', {
    table: 'readWrite',
    buckets: [{ bucket: 'private-uploads', prefixes: ['valuations/'], access: 'read' }],
  }),
  // Equipment orders' statuses from the Inbox (issue 24 §3): refunds through Stripe, e-mails to the buyer.
  admin('UpdateEquipmentOrder', 'POST', '/api/admin/orders/{id}/status', 'update-equipment-order', {
    table: 'readWrite',
    mail: true,
    secrets: ['stripeSecretKey'],
  }),
  // Visitors' reports of listings (issue 24 §6): hiding a listing from there is a table write, audited.
  admin('ListReports', 'GET', '/api/admin/reports', 'read-router', read),
  admin('UpdateReport', 'PATCH', '/api/admin/reports/{id}', 'write-router', write),
  // Finance settings (issue 26 §3): the calculator's defaults, the representative example and the FCA number; saves are audited.
  admin('GetFinanceSettings', 'GET', '/api/admin/finance-settings', 'read-router', read),
  admin('UpdateFinanceSettings', 'PUT', '/api/admin/finance-settings', 'write-router', write),
  admin('ListAudit', 'GET', '/api/admin/audit', 'read-router', read, { auth: 'superAdmin' }),
  // The e-mail outbox's dead letters (Inbox): listed read-only, retried through the mailer.
  admin('ListFailedEmails', 'GET', '/api/admin/failed-emails', 'read-router', read),
  admin('RetryFailedEmail', 'POST', '/api/admin/failed-emails/{id}/retry', 'retry-failed-email', { table: 'readWrite', mail: true }),
  // What the public pages read from the admin area's data.
  {
    id: 'GetPageContent',
    method: 'GET',
    path: '/api/content/{slug}',
    handler: 'http/admin/public-read-router.ts',
    auth: 'public',
    area: 'admin',
    access: { table: 'read' },
  },
  {
    id: 'GetPromotions',
    method: 'GET',
    path: '/api/promotions',
    handler: 'http/admin/public-read-router.ts',
    auth: 'public',
    area: 'admin',
    access: { table: 'read' },
  },
  {
    id: 'GetFinanceSettings',
    method: 'GET',
    path: '/api/finance',
    handler: 'http/admin/public-read-router.ts',
    auth: 'public',
    area: 'admin',
    access: { table: 'read' },
  },
];
