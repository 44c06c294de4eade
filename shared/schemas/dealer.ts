import { z } from 'zod';
import { ACTIVE_LISTING_CAPS } from '../limits.js';
import { text } from './text.js';

/**
 * Approved dealers (issue 23): a dealer applies from the dashboard with a trading name, an address
 * and a Companies House number or a VAT number; staff approve or refuse it in admin › Users.
 */
export const DEALER_STATUSES = ['none', 'pending', 'approved', 'refused'] as const;
export type DealerStatus = (typeof DEALER_STATUSES)[number];

/** Companies House company numbers: 8 digits, or a two-letter prefix (Scotland, Northern Ireland, LLPs…) and 6 digits. */
const COMPANY_NUMBER_PATTERN = /^(\d{8}|(SC|NI|OC|SO|NC|R0)\d{6})$/;
/** UK VAT registration numbers: 9 digits, or 12 for a branch of a group, stored with their GB prefix. */
const VAT_NUMBER_PATTERN = /^GB(\d{9}|\d{12})$/;

export const DEALER_TEXTS = {
  tradingNameRequired: 'Trading name is required',
  addressRequired: 'Business address is required',
  oneIdentifier: 'Enter your Companies House number or your VAT number',
  companyNumberInvalid: 'Companies House numbers are 8 digits, or 2 letters (such as SC or NI) and 6 digits',
  vatNumberInvalid: 'UK VAT numbers are GB followed by 9 or 12 digits',
  alreadyPending: 'Your dealer application is waiting for review.',
  alreadyApproved: 'You are already an approved dealer.',
} as const;

/** Upper case, without spaces, dots or dashes: how people write these numbers on letterheads. */
const compact = (s: string) => s.toUpperCase().replace(/[\s.-]/g, '');

/** '12345678', 'sc 123456' → '12345678', 'SC123456'; null when blank. */
function normaliseCompanyNumber(s: string | null | undefined): string | null {
  const c = compact(s ?? '');
  return c === '' ? null : c;
}

/** 'GB 123 4567 89', '123456789' → 'GB123456789'; null when blank. */
function normaliseVatNumber(s: string | null | undefined): string | null {
  const c = compact(s ?? '');
  if (c === '') return null;
  return c.startsWith('GB') ? c : `GB${c}`;
}

const optionalId = (normalise: (s: string) => string | null, pattern: RegExp, message: string) =>
  z
    .union([text({ label: 'Number' }).max(40, message), z.null()])
    .optional()
    .transform((v) => normalise(v ?? ''))
    .refine((v) => v === null || pattern.test(v), { message });

/** POST /api/me/dealer-application (the dashboard's form sends the same). */
export const dealerApplicationSchema = z
  .object({
    tradingName: text({ label: 'Trading name', error: DEALER_TEXTS.tradingNameRequired })
      .trim()
      .min(1, DEALER_TEXTS.tradingNameRequired)
      .max(120, 'Trading name must be 120 characters or fewer'),
    address: text({ label: 'Address', multiline: true, error: DEALER_TEXTS.addressRequired })
      .trim()
      .min(5, DEALER_TEXTS.addressRequired)
      .max(300, 'Address must be 300 characters or fewer'),
    companyNumber: optionalId(normaliseCompanyNumber, COMPANY_NUMBER_PATTERN, DEALER_TEXTS.companyNumberInvalid),
    vatNumber: optionalId(normaliseVatNumber, VAT_NUMBER_PATTERN, DEALER_TEXTS.vatNumberInvalid),
  })
  .strict()
  .refine((a) => a.companyNumber !== null || a.vatNumber !== null, { message: DEALER_TEXTS.oneIdentifier, path: ['companyNumber'] });
export type DealerApplicationInput = z.input<typeof dealerApplicationSchema>;
export type DealerApplicationFields = z.output<typeof dealerApplicationSchema>;

/** A dealer application as the dashboard and admin › Users show it. */
export interface DealerApplication extends DealerApplicationFields {
  userId: string;
  status: Exclude<DealerStatus, 'none'>;
  email: string | null;
  contactName: string | null;
  submittedAt: string;
  decidedAt: string | null;
}

/** POST /api/admin/dealer-applications/{id}/decision. */
export const dealerDecisionSchema = z.object({ decision: z.enum(['approve', 'refuse']) }).strict();
export type DealerDecision = z.output<typeof dealerDecisionSchema>['decision'];

/** PATCH /api/admin/users/{id}/listing-cap: a figure, or null for the default. */
export const listingCapSchema = z
  .object({
    listingCap: z
      .number({ error: 'Listing limit must be a whole number' })
      .int('Listing limit must be a whole number')
      .min(1, 'Listing limit must be at least 1')
      .max(ACTIVE_LISTING_CAPS.staffMaximum, `Listing limit can be at most ${ACTIVE_LISTING_CAPS.staffMaximum.toLocaleString('en-GB')}`)
      .nullable(),
  })
  .strict();

/** POST /api/admin/stock-imports/{userId}/{id}/review: a dealer's first import, as a whole. */
export const importReviewSchema = z.object({ decision: z.enum(['approve', 'refuse']) }).strict();
export type ImportReviewDecision = z.output<typeof importReviewSchema>['decision'];
