import { AUDIT_PAGE_SIZE, listAuditQuerySchema } from '../../../../shared/schemas/admin.js';
import { json, parseWith } from '../handler.js';
import { adminHandler, audit$, queryOf } from './deps.js';

/** GET /api/admin/audit?action&resource&cursor — latest 100 first, older ones paged (super admins). */
export const handler = adminHandler('superAdmin', async ({ event }) => {
  const q = parseWith(listAuditQuerySchema, queryOf(event));
  return json(200, await audit$().list({ action: q.action, resource: q.resource }, q.cursor, AUDIT_PAGE_SIZE));
});
