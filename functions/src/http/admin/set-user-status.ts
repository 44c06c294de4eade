import { setUserStatusSchema } from '../../../../shared/schemas/admin.js';
import { setUserStatus } from '../../domain/admin/users.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler, idParam, userDeps } from './deps.js';

/** PATCH /api/admin/users/{id}/status — suspend or activate. */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const body = parseWith(setUserStatusSchema, jsonBody(event));
  return json(200, await setUserStatus(userDeps(), staff, idParam(event), body.status));
});
