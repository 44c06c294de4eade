import { z } from 'zod';
import { challengePayloadSchema } from './challenge.js';
import { text } from './text.js';

/**
 * "Report this listing" (issue 24 §6): anyone may report a listing (the ALTCHA check, a limit per
 * address); staff see the reports in the admin area's Reports tab, newest first, hide the listing
 * from there and mark reports handled.
 */
export const REPORT_REASONS = ['scam', 'sold', 'wrong-details', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Looks like a scam',
  sold: 'Already sold',
  'wrong-details': 'Wrong details',
  offensive: 'Offensive',
  other: 'Other',
};

export const REPORT_LIMITS = { detailsMax: 1000, detailsMinForOther: 5, emailMax: 254 } as const;

export const REPORT_TEXTS = {
  reasonRequired: 'Please choose a reason',
  detailsRequired: 'Please tell us what is wrong',
  received: 'Thanks, we have your report. Our team checks every report.',
  rateLimited: 'Too many reports. Please try again later.',
  notFound: 'Listing not found',
} as const;

const reportFields = z.object({
  reason: z.enum(REPORT_REASONS, { error: REPORT_TEXTS.reasonRequired }),
  details: text({ label: 'Details', multiline: true })
    .trim()
    .max(REPORT_LIMITS.detailsMax, `Details must be ${REPORT_LIMITS.detailsMax} characters or fewer`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** So staff can ask more; optional (signed-in reporters are known by their account). */
  email: z
    .string()
    .trim()
    .max(REPORT_LIMITS.emailMax, 'Please enter a valid email address')
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email('Please enter a valid email address').optional()),
});

/** "Other" needs a text saying what is wrong. */
const otherNeedsDetails = (v: { reason: ReportReason; details?: string }, ctx: z.RefinementCtx) => {
  if (v.reason === 'other' && (v.details ?? '').length < REPORT_LIMITS.detailsMinForOther) {
    ctx.addIssue({ code: 'custom', path: ['details'], message: REPORT_TEXTS.detailsRequired });
  }
};

/** The form's fields, as the browser checks them: the reason, and a text that "Other" needs. */
export const listingReportFormSchema = reportFields.superRefine(otherNeedsDetails);

/** POST /api/listings/{id}/reports: the form and the solved ALTCHA challenge. */
export const listingReportSchema = reportFields.extend({ altcha: challengePayloadSchema }).superRefine(otherNeedsDetails);

export type ListingReportInput = z.input<typeof listingReportFormSchema>;
export type ListingReportForm = z.output<typeof listingReportFormSchema>;
export type ListingReport = z.output<typeof listingReportSchema>;

/** open → listing-hidden (staff hid it) or handled (staff looked and closed it). */
const REPORT_STATUSES = ['open', 'listing-hidden', 'handled'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Open',
  'listing-hidden': 'Listing hidden',
  handled: 'Handled',
};

/** PATCH /api/admin/reports/{id}: hide the reported listing (audited), or mark the report handled. */
export const reportActionSchema = z.object({ action: z.enum(['hide-listing', 'mark-handled'], { error: 'Unknown action' }) }).strict();
export type ReportAction = z.output<typeof reportActionSchema>['action'];

/** A report as staff see it. */
export interface AdminListingReport {
  id: string;
  createdAt: string;
  /** The API id of the listing ('scraped-…' for a collected one). */
  listingId: string;
  listingTitle: string;
  reason: ReportReason;
  details: string | null;
  /** The signed-in reporter's account, or the e-mail an anonymous one gave; both may be null. */
  reporterUserId: string | null;
  reporterEmail: string | null;
  status: ReportStatus;
  /** The staff member who last acted on it, and when. */
  handledBy: string | null;
  handledAt: string | null;
}
