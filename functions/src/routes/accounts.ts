import type { RouteDef } from '../routes.js';

/** Account routes that need a server step (issue 9 §4: sign-up without account enumeration). */
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
];
