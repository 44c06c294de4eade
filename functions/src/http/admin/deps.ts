import { scraperRepo } from '../../jobs/scraper-deps.js';
import { ulid } from 'ulid';
import type { MEDIA_BUCKET_BY_CATEGORY } from '../../../../shared/schemas/admin.js';
import { cognitoStaffMfaReader, cognitoUserDirectory } from '../../adapters/cognito/user-directory.js';
import { adminListingStore } from '../../adapters/dynamodb/admin-listing-store.js';
import { adminUserStore } from '../../adapters/dynamodb/admin-user-store.js';
import { analyticsSource } from '../../adapters/dynamodb/analytics-source.js';
import { auditLog } from '../../adapters/dynamodb/audit-log-store.js';
import { contentStore } from '../../adapters/dynamodb/content-store.js';
import { inboxStore } from '../../adapters/dynamodb/inbox-store.js';
import { jobRunSource } from '../../adapters/dynamodb/job-run-source.js';
import { mediaStore } from '../../adapters/dynamodb/media-store.js';
import { promotionStore } from '../../adapters/dynamodb/promotion-store.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { batchRunLog } from '../../adapters/dynamodb/job-runs-repo.js';
import { emailOutboxStore } from '../../adapters/dynamodb/email-outbox-repo.js';
import { listingReportStore } from '../../adapters/dynamodb/listing-reports-repo.js';
import type { ReportAdminDeps } from '../../domain/reports/listing-reports.js';
import { outboxDeps } from '../../adapters/mail/mailer.js';
import { retryFailedEmail as retryDeadLetter } from '../../domain/mail/outbox.js';
import { accountListingsQueue } from '../../adapters/queues/account-listings-queue.js';
import { s3 } from '../../adapters/s3/client.js';
import { privateObjectUrl, s3MediaFiles } from '../../adapters/s3/media-files.js';
import { deleteListingImageFiles } from '../../adapters/s3/uploads.js';
import { config } from '../../config.js';
import type { AdminListingDeps } from '../../domain/admin/listings.js';
import type { MediaDeps } from '../../domain/admin/media.js';
import type { ContentDeps } from '../../domain/admin/content.js';
import type { PromotionDeps } from '../../domain/admin/promotions.js';
import { originOf } from '../../../../shared/media-url.js';
import type { FailedEmailOutbox, Staff } from '../../domain/admin/ports.js';
import { requireStaff } from '../../domain/admin/staff.js';
import { type StaffMfaGate, staffMfaGate } from '../../domain/admin/staff-mfa.js';
import type { AdminUserDeps } from '../../domain/admin/users.js';
import { notFound } from '../../domain/errors.js';
import { viewerIp as sharedViewerIp } from '../viewer-ip.js';
import { type HttpEvent, type HttpResult, type RequestContext, httpHandler } from '../handler.js';

/**
 * The viewer's IP address for the audit log: the production-readiness rule (http/viewer-ip.ts),
 * CloudFront's viewer address when the request proves it came through CloudFront, else the socket's.
 */
export async function viewerIp(event: HttpEvent): Promise<string | null> {
  return (await sharedViewerIp(event)) ?? null;
}

let mfaGate: StaffMfaGate | null = null;
/** One gate (and its cache) per execution environment. */
function staffMfa(): StaffMfaGate {
  mfaGate ??= staffMfaGate(cognitoStaffMfaReader(config.cognito));
  return mfaGate;
}

const userAgent = (event: HttpEvent) => event.headers?.['user-agent']?.slice(0, 500) ?? null;

/**
 * An admin route: the route's group check (JWT groups, routes.ts `admin`/`superAdmin`), then
 * the staff gate (a suspended staff account is refused), then the TOTP check (staff without an
 * authenticator app get 403 MFA_REQUIRED, locally as in AWS), then the operation with the acting staff.
 */
export function adminHandler(
  level: 'admin' | 'superAdmin',
  fn: (ctx: RequestContext & { staff: Staff }) => Promise<HttpResult>,
  opts: { mirrorRole?: boolean } = {},
) {
  return httpHandler(level, async (ctx) => {
    const users = adminUserStore(ddb, table());
    const profile = ctx.caller.kind === 'user' ? await users.get(ctx.caller.userId) : null;
    const staff = requireStaff(ctx.caller, profile, { ipAddress: await viewerIp(ctx.event), userAgent: userAgent(ctx.event) }, level);
    await staffMfa().check(staff.adminId);
    // The profile mirrors the role for listing and filtering; staff added to a group outside the
    // admin area (the CLI, the console) get their mirror when they open /admin (GET /api/admin/session,
    // the one read route allowed to write).
    if (opts.mirrorRole && profile && profile.adminRole !== staff.role)
      await users.setRole(staff.adminId, staff.role, new Date().toISOString());
    return fn({ ...ctx, staff });
  });
}

/** A path parameter shaped like one of our ids; anything else is simply not found. */
export function idParam(event: HttpEvent, name = 'id'): string {
  const id = event.pathParameters?.[name] ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw notFound();
  return id;
}

export function queryOf(event: HttpEvent): Record<string, string> {
  return Object.fromEntries(Object.entries(event.queryStringParameters ?? {}).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

const now = () => new Date();
const table = () => config.tableName;

export const audit$ = () => auditLog(ddb, table());
export const content$ = () => contentStore(ddb, table());
export const promotions$ = () => promotionStore(ddb, table());
export const analytics$ = () => analyticsSource(ddb, table());
export const jobRuns$ = () => jobRunSource(scraperRepo(), batchRunLog(ddb, table()));
export const inbox$ = () =>
  inboxStore(ddb, table(), (key) => privateObjectUrl(s3, config.buckets.privateUploads, key, config.s3PublicEndpoint));

/** The e-mail outbox's dead letters; a retry sends through the same transport as the outbox (SES or SMTP). */
export function failedEmails$(): FailedEmailOutbox {
  const store = emailOutboxStore(ddb, table());
  return {
    list: (cursor, limit) => store.listFailed({ cursor, limit }),
    retry: (id) => retryDeadLetter({ ...outboxDeps(), store }, id),
  };
}

export function userDeps(): AdminUserDeps {
  return {
    users: adminUserStore(ddb, table()),
    directory: cognitoUserDirectory(config.cognito),
    listingsQueue: accountListingsQueue(),
    audit: audit$(),
    now,
    newId: () => ulid(),
  };
}

export function listingDeps(): AdminListingDeps {
  return {
    listings: adminListingStore(ddb, table(), config.imagesBaseUrl),
    audit: audit$(),
    now,
    deleteImageFiles: (keys) => deleteListingImageFiles(s3, config.buckets.truckImages, keys),
  };
}

const siteOrigin = () => originOf(config.siteUrl);
export const contentDeps = (): ContentDeps => ({
  content: content$(),
  audit: audit$(),
  now,
  newId: () => ulid(),
  siteOrigin: siteOrigin(),
});
export const promotionDeps = (): PromotionDeps => ({
  promotions: promotions$(),
  audit: audit$(),
  now,
  newId: () => ulid(),
  siteOrigin: siteOrigin(),
});
/** The Reports tab (issue 24 §6): the reports, the audit log, and the Listings tab's operations to hide a listing. */
export const reportDeps = (): ReportAdminDeps => ({
  reports: listingReportStore(ddb, table()),
  audit: audit$(),
  listingAdmin: listingDeps(),
  now,
});

type BucketKey = (typeof MEDIA_BUCKET_BY_CATEGORY)[keyof typeof MEDIA_BUCKET_BY_CATEGORY];

export function mediaDeps(): MediaDeps {
  const base = config.mediaBaseUrl.replace(/\/+$/, '');
  return {
    media: mediaStore(ddb, table()),
    promotions: promotions$(),
    content: content$(),
    audit: audit$(),
    files: s3MediaFiles(s3, config.buckets.privateUploads, (key) => config.bucketName(key as BucketKey)),
    now,
    newId: () => ulid(),
    publicUrl: (bucket, key) => `${base}/${bucket}/${key}`,
  };
}
