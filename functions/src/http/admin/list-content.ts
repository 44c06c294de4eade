import { listInboxQuerySchema } from '../../../../shared/schemas/admin.js';
import { listContent } from '../../domain/admin/content.js';
import { json, parseWith } from '../handler.js';
import { adminHandler, contentDeps, queryOf } from './deps.js';

/** GET /api/admin/content?cursor — page-content sections by page slug. */
export const handler = adminHandler('admin', async ({ event }) => {
  const q = parseWith(listInboxQuerySchema, queryOf(event));
  return json(200, await listContent(contentDeps(), q.cursor));
});
