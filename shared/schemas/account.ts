import { z } from 'zod';
import { text } from './text.js';
import { LIMITS } from '../constants.js';
import { challengePayloadSchema } from './challenge.js';
import { optionalPhoneSchema } from './phone.js';
import { ACCOUNT_TYPES, PROFILE_LIMITS } from './profile.js';

/**
 * Sign-in e-mails are case-insensitive (the AWS user pool is configured so; cognito-local is not):
 * every path that hands an e-mail to Cognito lower-cases it first, so both behave the same.
 */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/**
 * What the account screens say. Sign-in and password reset answer the same whether or not an
 * account exists, and sign-up answers an existing address as it answers a new one (the owner
 * gets an e-mail instead), so none of them tells a stranger who has an account.
 */
export const ACCOUNT_TEXTS = {
  checkInbox: 'Please check your email to verify your account before signing in.',
  signInFailed: 'Incorrect email or password.',
  resetSent: (email: string) => `If ${email} has a TruckYard account, we've sent it a reset code.`,
  existingAccountSubject: 'You already have a TruckYard account',
  verificationSubject: 'Your TruckYard verification code',
  resetSubject: 'Your TruckYard password reset code',
  /** POST /api/accounts/verify-email with a wrong, used-up or expired code (or an unknown address: the same). */
  codeInvalid: 'That code is not valid or has expired. Request a new one and try again.',
  verified: 'Your email is verified. You can now sign in.',
  codeResent: (email: string) => `If ${email} is waiting for verification, we've sent it a new code.`,
  passwordChanged: 'Your password has been reset. You can now sign in.',
  /** Cognito's sign-in refusal for an account whose e-mail is not verified yet (PreTokenGeneration trigger). */
  emailNotVerified: 'Please verify your email before signing in.',
} as const;

const emailSchema = z
  .string({ error: 'Email is required' })
  .transform(normaliseEmail)
  .pipe(
    z
      .string()
      .min(1, 'Email is required')
      .max(254, 'Please enter a valid email address')
      .pipe(z.email('Please enter a valid email address')),
  );

/** Passwords as sent: the length rule only. The API adds the strength rule (schemas/password.ts). */
const passwordLengthSchema = z
  .string({ error: 'Password is required' })
  .min(LIMITS.minPasswordLength, `Password must be at least ${LIMITS.minPasswordLength} characters long.`)
  .max(256, 'Password must be 256 characters or fewer');

/** The 6-digit codes we e-mail for verification and password reset. */
export const ACCOUNT_CODE_LENGTH = 6;
const codeSchema = z
  .string({ error: 'Please enter the verification code.' })
  .trim()
  .regex(new RegExp(`^\\d{${ACCOUNT_CODE_LENGTH}}$`), `The code is the ${ACCOUNT_CODE_LENGTH} digits in the email we sent.`);

/** POST /api/accounts/sign-up: Create Account (/auth) and dealer registration (/dealer-signup). */
export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordLengthSchema,
  name: text({ label: 'Name', error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(PROFILE_LIMITS.nameMax, `Name must be ${PROFILE_LIMITS.nameMax} characters or fewer`),
  /** E.164 out. Required on /auth (the page checks), optional for dealers. */
  phone: optionalPhoneSchema,
  accountType: z.enum(ACCOUNT_TYPES).optional().default('individual'),
  companyName: text({ label: 'Company name' })
    .trim()
    .max(PROFILE_LIMITS.companyMax, `Company name must be ${PROFILE_LIMITS.companyMax} characters or fewer`)
    .optional()
    .transform((s) => (s ? s : undefined)),
  /** The solved ALTCHA challenge (schemas/challenge.ts). */
  altcha: challengePayloadSchema,
});
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUpRequest = z.output<typeof signUpSchema>;

/** The one answer to every accepted sign-up, new address or not. */
export interface SignUpAnswer {
  status: 'check-inbox';
  message: string;
}

/** POST /api/accounts/verify-email: the code from the verification e-mail. */
export const verifyEmailSchema = z.object({ email: emailSchema, code: codeSchema });
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

/** POST /api/accounts/verify-email/resend: another code for an account still waiting for verification. */
export const resendVerificationSchema = z.object({ email: emailSchema });

/** POST /api/accounts/password-reset: sends a reset code if the address has an account (the answer is the same either way). */
export const passwordResetRequestSchema = z.object({ email: emailSchema, altcha: challengePayloadSchema });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** POST /api/accounts/password-reset/confirm: the code and the new password. */
export const passwordResetConfirmSchema = z.object({ email: emailSchema, code: codeSchema, newPassword: passwordLengthSchema });
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmSchema>;

/** The answer of the account-code routes: one message, the same whatever the address. */
export interface AccountMessageAnswer {
  message: string;
}

/** The account page's Change Password form (Cognito ChangePassword, called from the browser). */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
    newPassword: signUpSchema.shape.password,
    confirmPassword: z.string({ error: 'Please confirm the new password' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match.' });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The word the account page asks for before deleting an account (UK GDPR erasure, issue 10 §6). */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';

/** DELETE /api/me: the confirmation typed on the account page, checked by the server too. */
export const deleteAccountSchema = z
  .object({
    confirm: z
      .string({ error: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm` })
      .refine((v) => v === DELETE_ACCOUNT_CONFIRMATION, `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`),
    /** Needed when the caller signed in more than RECENT_SIGN_IN_SECONDS ago (their token's `auth_time`). */
    password: z.string().max(256, 'Password is too long').optional(),
  })
  .strict();

/** Deleting an account needs a sign-in within this many seconds, or the password entered again. */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;
/** The answer (403, code REAUTH_REQUIRED) when the password is needed: the page then asks for it. */
export const REAUTH_REQUIRED_MESSAGE = 'For your security, enter your password to delete your account.';
export const WRONG_PASSWORD_MESSAGE = 'That password is not correct.';
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/**
 * What deleting an account keeps, said on the page and in the data download: the law (HMRC, six
 * years) requires payment records to be kept.
 */
export const RETAINED_ON_DELETION =
  'When you delete your account we keep only what the law requires us to keep: records of your payments (your subscription history with our payment provider and any equipment orders), for six years. Messages you sent us through the contact and valuation forms keep their text for our team, without your name, e-mail address or phone number. Everything else is removed.';

/** GET /api/me/export: everything we hold about the caller, as JSON (UK GDPR right of access). */
export interface AccountDataExport {
  exportedAt: string;
  userId: string;
  profile: unknown;
  listings: unknown[];
  savedTrucks: unknown[];
  /** Saved searches (issue 26 §4); the listings' price histories are in `listings` (priceChanges). */
  savedSearches: unknown[];
  alertPreferences: unknown;
  alertSchedule: unknown;
  subscription: unknown;
  paymentCustomerId: string | null;
  enquiriesSent: unknown[];
  alertSends: unknown[];
  equipmentOrders: unknown[];
  stockImports: unknown[];
  pendingUploads: unknown[];
  /** Contact and valuation messages sent from the account's e-mail address (signed in or not). */
  messagesSent: unknown[];
  /** Records of a kind not named above, exported as stored. */
  otherRecords?: unknown[];
  retainedOnDeletion: string;
}

/** DELETE /api/me: what was removed (counts) and what was kept. */
export interface AccountDeletionReport {
  deleted: {
    listings: number;
    photos: number;
    savedTrucks: number;
    enquiriesSent: number;
    /** Contact and valuation messages whose name, e-mail and phone were removed (their text kept). */
    messagesRedacted: number;
    /** Stock files removed from imports/<sub>/. */
    stockFiles: number;
    otherItems: number;
    subscriptionCancelled: boolean;
    signIn: boolean;
  };
  retained: string;
}
