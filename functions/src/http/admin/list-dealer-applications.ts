import { listInboxQuerySchema } from '../../../../shared/schemas/admin.js';
import { listPendingDealerApplications } from '../../domain/dealers/dealer-approval.js';
import { json, parseWith } from '../handler.js';
import { dealerApplications$ } from './dealer-deps.js';
import { adminHandler, queryOf } from './deps.js';

/** GET /api/admin/dealer-applications?cursor — pending dealer applications, oldest first. */
export const handler = adminHandler('admin', async ({ event }) => {
  const q = parseWith(listInboxQuerySchema, queryOf(event));
  return json(200, await listPendingDealerApplications({ applications: dealerApplications$() }, q.cursor));
});
