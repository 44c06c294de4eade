import { listMediaQuerySchema } from '../../../../shared/schemas/admin.js';
import { listMedia } from '../../domain/admin/media.js';
import { json, parseWith } from '../handler.js';
import { adminHandler, mediaDeps, queryOf } from './deps.js';

/** GET /api/admin/media?category&cursor — newest first, with usage counts. */
export const handler = adminHandler('admin', async ({ event }) => {
  const q = parseWith(listMediaQuerySchema, queryOf(event));
  return json(200, await listMedia(mediaDeps(), q.category, q.cursor));
});
