import { listUsersQuerySchema } from '../../../../shared/schemas/admin.js';
import { listUsers } from '../../domain/admin/users.js';
import { json, parseWith } from '../handler.js';
import { adminHandler, queryOf, userDeps } from './deps.js';

/** GET /api/admin/users?filter&q&cursor — profiles, newest first, paged. */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const q = parseWith(listUsersQuerySchema, queryOf(event));
  return json(200, await listUsers(userDeps(), staff, q.filter, q.q, q.cursor));
});
