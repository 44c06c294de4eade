import { ADMIN_PAGE_SIZE, type Page } from '../../../../shared/schemas/admin.js';
import {
  type AdminListingReport,
  type ListingReport,
  REPORT_TEXTS,
  type ReportAction,
  type ReportStatus,
} from '../../../../shared/schemas/listing-report.js';
import { type AdminListingDeps, setListingStatusAsStaff, setScrapedHidden } from '../admin/listings.js';
import type { AuditLog, Staff } from '../admin/ports.js';
import { type ChallengeGate, requireSolvedChallenge } from '../challenge/challenge.js';
import { rateLimitKeyForIp } from '../client-address.js';
import { DomainError, notFound } from '../errors.js';
import { SCRAPED_ID_PREFIX } from '../listings/types.js';
import type { RateLimiter } from '../rate-limit.js';

/** Five reports per client address per ten minutes, as the contact form (domain/contact). */
const REPORT_RATE_LIMIT = { scope: 'listing-report', limit: 5, windowSeconds: 600 } as const;

export interface ListingReportStore {
  save(report: AdminListingReport): Promise<void>;
  /** Newest first. */
  list(cursor: string | undefined, limit: number): Promise<Page<AdminListingReport>>;
  get(id: string): Promise<AdminListingReport | null>;
  setStatus(id: string, status: ReportStatus, by: string, at: string): Promise<void>;
}

/** The public listing a report names: its title, or null when there is no such listing to report. */
export interface ReportedListings {
  titleOf(listingId: string): Promise<string | null>;
}

export interface ReportListingDeps {
  reports: ListingReportStore;
  listings: ReportedListings;
  rateLimit: RateLimiter;
  /** The ALTCHA check (issue 23), as the contact form. */
  challenge: ChallengeGate;
  now: () => Date;
  newId: () => string;
}

/**
 * "Report this listing" (issue 24 §6), for anyone: a solved ALTCHA challenge, at most
 * REPORT_RATE_LIMIT per client address, a listing that exists; stored 'open' for staff.
 */
export async function reportListing(
  deps: ReportListingDeps,
  listingId: string,
  input: ListingReport,
  reporter: { sourceIp: string; userId: string | null; email: string | null },
): Promise<{ id: string }> {
  await requireSolvedChallenge(deps.challenge, input.altcha);
  const limit = await deps.rateLimit({ ...REPORT_RATE_LIMIT, key: rateLimitKeyForIp(reporter.sourceIp) });
  if (!limit.allowed) throw new DomainError('RATE_LIMITED', REPORT_TEXTS.rateLimited, { retryAfterSeconds: limit.retryAfterSeconds });
  const title = await deps.listings.titleOf(listingId);
  if (title === null) throw notFound(REPORT_TEXTS.notFound);
  const report: AdminListingReport = {
    id: deps.newId(),
    createdAt: deps.now().toISOString(),
    listingId,
    listingTitle: title,
    reason: input.reason,
    details: input.details ?? null,
    reporterUserId: reporter.userId,
    reporterEmail: input.email ?? reporter.email,
    status: 'open',
    handledBy: null,
    handledAt: null,
  };
  await deps.reports.save(report);
  return { id: report.id };
}

export interface ReportAdminDeps {
  reports: ListingReportStore;
  audit: AuditLog;
  /** Hiding goes through the Listings tab's own operations (and their audit entries). */
  listingAdmin: AdminListingDeps;
  now: () => Date;
}

const REPORT_NOT_FOUND = 'Report not found';

export function listReports(deps: Pick<ReportAdminDeps, 'reports'>, cursor?: string): Promise<Page<AdminListingReport>> {
  return deps.reports.list(cursor, ADMIN_PAGE_SIZE);
}

/**
 * Staff act on a report: 'hide-listing' takes the listing off the site (a seller's listing goes
 * back to pending, as the Listings tab sets it; a collected one is hidden, as the scraped list
 * does), both audited as listing changes; 'mark-handled' closes the report. Each writes its own
 * audit entry for the report.
 */
export async function actOnReport(deps: ReportAdminDeps, staff: Staff, id: string, action: ReportAction): Promise<AdminListingReport> {
  const report = await deps.reports.get(id);
  if (!report) throw notFound(REPORT_NOT_FOUND);
  const at = deps.now().toISOString();
  let status: ReportStatus = 'handled';
  if (action === 'hide-listing') {
    if (report.listingId.startsWith(SCRAPED_ID_PREFIX)) {
      await setScrapedHidden(deps.listingAdmin, staff, report.listingId.slice(SCRAPED_ID_PREFIX.length), true);
    } else {
      await setListingStatusAsStaff(deps.listingAdmin, staff, report.listingId, 'pending');
    }
    status = 'listing-hidden';
  }
  await deps.reports.setStatus(id, status, staff.adminId, at);
  await deps.audit.record({
    adminUserId: staff.adminId,
    action: 'update',
    resourceType: 'report',
    resourceId: id,
    details: { action, listingId: report.listingId, from: report.status, to: status },
    ipAddress: staff.ipAddress,
    userAgent: staff.userAgent,
  });
  return { ...report, status, handledBy: staff.adminId, handledAt: at };
}
