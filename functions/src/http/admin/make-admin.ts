import { makeAdmin } from '../../domain/admin/users.js';
import { json } from '../handler.js';
import { adminHandler, idParam, userDeps } from './deps.js';

/** POST /api/admin/users/{id}/admin-role — 'Make Admin' (super admins only; 'Remove admin' is remove-admin.ts). */
export const handler = adminHandler('superAdmin', async ({ event, staff }) =>
  json(200, await makeAdmin(userDeps(), staff, idParam(event))),
);
