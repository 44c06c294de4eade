import { z } from 'zod';
import { text } from './text.js';
import { PHONE_TEXTS, parsePhone } from '../phone.js';
import type { DealerStatus } from './dealer.js';

/** Account types (spec §3 Profile). */
export const ACCOUNT_TYPES = ['dealer', 'individual'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
const ACCOUNT_STATUSES = ['active', 'suspended'] as const;
type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const PROFILE_LIMITS = { nameMax: 100, companyMax: 100, phoneMax: 30 } as const;

/** The signed-in user's profile, as GET /api/me returns it. */
export interface Profile {
  userId: string;
  fullName: string | null;
  companyName: string | null;
  phone: string | null;
  /** The sign-in e-mail as it was at sign-up (Cognito holds the current one). */
  email: string | null;
  accountStatus: AccountStatus;
  accountType: AccountType;
  /** Approved dealers (issue 23): 'none' until the account applies from the dashboard. */
  dealerStatus?: DealerStatus;
  /** Staff's live-listing limit for this dealer; null or absent means the default (shared/limits.ts). */
  listingCap?: number | null;
  /** Staff have approved one of this dealer's stock imports: later imports go live directly. */
  stockImportsTrusted?: boolean;
  createdAt: string;
  updatedAt: string;
}

const optionalText = (label: string, max: number) =>
  z
    .union([text({ label }), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim()))
    .pipe(z.string().max(max, `${label} must be ${max} characters or fewer`).nullable().optional());

/** PATCH /api/me: fields not sent keep their value; blank ones are cleared (except the name). */
export const updateProfileSchema = z
  .object({
    fullName: text({ label: 'Name' })
      .trim()
      .min(1, 'Name is required')
      .max(PROFILE_LIMITS.nameMax, `Name must be ${PROFILE_LIMITS.nameMax} characters or fewer`)
      .optional(),
    companyName: optionalText('Company name', PROFILE_LIMITS.companyMax),
    /** Stored in E.164 like every phone number (shared/phone.ts). */
    phone: optionalText('Phone', PROFILE_LIMITS.phoneMax)
      .transform((s, ctx) => {
        if (s == null) return s;
        const e164 = parsePhone(s);
        if (!e164) {
          ctx.addIssue({ code: 'custom', message: PHONE_TEXTS.invalid });
          return z.NEVER;
        }
        return e164;
      })
      .optional(),
  })
  .strict();
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfile = z.output<typeof updateProfileSchema>;
