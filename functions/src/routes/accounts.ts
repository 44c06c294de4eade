import type { RouteDef } from '../routes.js';

/**
 * Account routes that need a server step: sign-up without account enumeration (issue 9 §4); the
 * data download and account deletion of the account page (issue 10 §6, UK GDPR).
 */
export const accountRoutes: RouteDef[] = [
  {
    id: 'SignUpAccount',
    method: 'POST',
    path: '/api/accounts/sign-up',
    handler: 'http/accounts/sign-up.ts',
    auth: 'public',
    // Cognito SignUp is a public API (no IAM action); the table holds the notice rate limit.
    access: { table: 'readWrite', mail: true },
  },
  {
    id: 'ExportMyData',
    method: 'GET',
    path: '/api/me/export',
    handler: 'http/me/export-my-data.ts',
    auth: 'user',
    access: { table: 'read' },
  },
  {
    // Cancels the Stripe subscription, removes listings (events for search and the sitemap) and
    // their photos and unattached uploads, the user's records, then the Cognito user.
    id: 'DeleteMyAccount',
    method: 'DELETE',
    path: '/api/me',
    handler: 'http/me/delete-account.ts',
    auth: 'user',
    timeoutSeconds: 29,
    access: {
      table: 'readWrite',
      events: true,
      buckets: [{ bucket: 'truck-images', prefixes: ['listings/'], access: 'readWriteDelete' }],
      secrets: ['stripeSecretKey'],
      cognito: ['AdminDeleteUser'],
    },
  },
];
