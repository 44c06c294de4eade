import { STOCK_IMPORTS_PREFIX } from '../../../shared/schemas/stock-import.js';
import type { Access } from '../access.js';
import type { RouteDef } from '../routes.js';

/** The mail outbox's items (adapters/mail/mailer.ts): the e-mail and the suppression list. */
export const OUTBOX_KEYS = ['EMAIL#', 'SUPPRESSED#'];

/**
 * Sign-up (issue 23): the ALTCHA check (used solutions), the rate limits, the pending code and
 * the outbox, narrowed to those items; the user pool's admin calls that create the account.
 */
const SIGN_UP_ACCESS: Access = {
  table: 'readWrite',
  tableKeys: ['CHALLENGE#', 'RATE#', 'ACCOUNTCODE#', ...OUTBOX_KEYS],
  mail: true,
  secrets: ['originVerifySecret', 'altchaHmacKey'],
  cognito: ['AdminCreateUser', 'AdminSetUserPassword', 'AdminDeleteUser'],
};

/**
 * Verification: the code, the resend limit, the profile (with its analytics counters), a dealer's
 * storefront (made with the profile, issue 26 §1) and the outbox.
 */
const VERIFY_ACCESS: Access = {
  table: 'readWrite',
  tableKeys: ['ACCOUNTCODE#', 'RATE#', 'USER#', 'STOREFRONT#', 'COUNTER', ...OUTBOX_KEYS],
  mail: true,
  cognito: ['AdminGetUser', 'AdminUpdateUserAttributes'],
};

/** Password reset: as verification (a reset verifies an address never verified), plus the ALTCHA check and the new password. */
const RESET_ACCESS: Access = {
  table: 'readWrite',
  tableKeys: ['CHALLENGE#', 'ACCOUNTCODE#', 'RATE#', 'USER#', 'STOREFRONT#', 'COUNTER', ...OUTBOX_KEYS],
  mail: true,
  secrets: ['originVerifySecret', 'altchaHmacKey'],
  cognito: ['AdminGetUser', 'AdminSetUserPassword', 'AdminUpdateUserAttributes'],
};

/**
 * Account routes that need a server step: sign-up without account enumeration (issue 9 §4), its
 * e-mail verification and password reset with our own codes, behind ALTCHA (issue 23); the
 * data download and account deletion of the account page (issue 10 §6, UK GDPR).
 */
export const accountRoutes: RouteDef[] = [
  {
    id: 'SignUpAccount',
    method: 'POST',
    path: '/api/accounts/sign-up',
    handler: 'http/accounts/sign-up.ts',
    auth: 'public',
    access: SIGN_UP_ACCESS,
  },
  {
    id: 'VerifyAccountEmail',
    method: 'POST',
    path: '/api/accounts/verify-email',
    handler: 'http/accounts/verify-email.ts',
    auth: 'public',
    access: VERIFY_ACCESS,
  },
  {
    id: 'ResendVerificationCode',
    method: 'POST',
    path: '/api/accounts/verify-email/resend',
    handler: 'http/accounts/verify-email.ts',
    auth: 'public',
    access: VERIFY_ACCESS,
  },
  {
    id: 'RequestPasswordReset',
    method: 'POST',
    path: '/api/accounts/password-reset',
    handler: 'http/accounts/password-reset.ts',
    auth: 'public',
    access: RESET_ACCESS,
  },
  {
    id: 'ConfirmPasswordReset',
    method: 'POST',
    path: '/api/accounts/password-reset/confirm',
    handler: 'http/accounts/password-reset.ts',
    auth: 'public',
    access: RESET_ACCESS,
  },
  {
    // A signed ALTCHA challenge for the forms that make us send mail (sign-up, reset, contact, valuation).
    id: 'GetChallenge',
    method: 'GET',
    path: '/api/challenge',
    handler: 'http/challenge/get-challenge.ts',
    auth: 'public',
    access: { secrets: ['altchaHmacKey'] },
  },
  {
    id: 'ExportMyData',
    method: 'GET',
    path: '/api/me/export',
    handler: 'http/me/export-my-data.ts',
    auth: 'user',
    // The current e-mail (Cognito), for the contact and valuation messages sent from it.
    access: { table: 'read', cognito: ['AdminGetUser'] },
  },
  {
    // Signs the user out everywhere and writes their tombstone; cancels the Stripe subscription,
    // removes listings (events for search and the sitemap) and their photos and unattached uploads,
    // the user's records and stock files, redacts the messages they sent, then the Cognito user.
    id: 'DeleteMyAccount',
    method: 'DELETE',
    path: '/api/me',
    handler: 'http/me/delete-account.ts',
    auth: 'user',
    timeoutSeconds: 29,
    access: {
      table: 'readWrite',
      events: true,
      buckets: [
        { bucket: 'truck-images', prefixes: ['listings/'], access: 'readWriteDelete' },
        // Only the listing and the deletes: s3:ListBucket on imports/ and s3:DeleteObject there.
        { bucket: 'private-uploads', prefixes: [STOCK_IMPORTS_PREFIX], access: 'readWriteDelete' },
      ],
      secrets: ['stripeSecretKey'],
      cognito: ['AdminGetUser', 'AdminUserGlobalSignOut', 'AdminDeleteUser'],
    },
  },
];
