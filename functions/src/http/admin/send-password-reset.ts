import { sendPasswordReset } from '../../domain/admin/users.js';
import { json } from '../handler.js';
import { adminHandler, idParam, userDeps } from './deps.js';

/** POST /api/admin/users/{id}/password-reset — Cognito's reset e-mail, landing on /reset-password. */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  await sendPasswordReset(userDeps(), staff, idParam(event));
  return json(200, { sent: true });
});
