import { setUserStatusSchema } from '../../../../shared/schemas/admin.js';
import { setUserStatus } from '../../domain/admin/users.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler, idParam, userDeps } from './deps.js';

/**
 * PATCH /api/admin/users/{id}/status — suspend or activate. The account changes at once; its
 * listings follow in the account-listings job: 202 with `listingsSync` while it runs, 200 when
 * nothing is left to do.
 */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const body = parseWith(setUserStatusSchema, jsonBody(event));
  const user = await setUserStatus(userDeps(), staff, idParam(event), body.status);
  return json(user.listingsSync ? 202 : 200, user);
});
