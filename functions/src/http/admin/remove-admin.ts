import { removeAdmin } from '../../domain/admin/users.js';
import { json } from '../handler.js';
import { adminHandler, idParam, userDeps } from './deps.js';

/** DELETE /api/admin/users/{id}/admin-role — 'Remove admin' (super admins only; issue 23, a departure from the spec). */
export const handler = adminHandler('superAdmin', async ({ event, staff }) =>
  json(200, await removeAdmin(userDeps(), staff, idParam(event))),
);
