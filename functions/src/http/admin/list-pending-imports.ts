import { listInboxQuerySchema } from '../../../../shared/schemas/admin.js';
import { listImportsAwaitingReview } from '../../domain/stock-import/import-review.js';
import { json, parseWith } from '../handler.js';
import { importReviewDeps } from './dealer-deps.js';
import { adminHandler, queryOf } from './deps.js';

/** GET /api/admin/stock-imports?cursor — dealers' first imports waiting for review (admin › Listings › Pending import). */
export const handler = adminHandler('admin', async ({ event }) => {
  const q = parseWith(listInboxQuerySchema, queryOf(event));
  return json(200, await listImportsAwaitingReview(importReviewDeps(), q.cursor));
});
