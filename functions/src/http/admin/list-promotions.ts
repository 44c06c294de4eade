import { listInboxQuerySchema } from '../../../../shared/schemas/admin.js';
import { listPromotions } from '../../domain/admin/promotions.js';
import { json, parseWith } from '../handler.js';
import { adminHandler, promotionDeps, queryOf } from './deps.js';

/** GET /api/admin/promotions?cursor — newest first. */
export const handler = adminHandler('admin', async ({ event }) => {
  const q = parseWith(listInboxQuerySchema, queryOf(event));
  return json(200, await listPromotions(promotionDeps(), q.cursor));
});
