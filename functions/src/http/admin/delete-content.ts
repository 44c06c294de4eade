import { deleteContent } from '../../domain/admin/content.js';
import { json } from '../handler.js';
import { adminHandler, contentDeps, idParam } from './deps.js';

/** DELETE /api/admin/content/{id} */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  await deleteContent(contentDeps(), staff, idParam(event));
  return json(200, { deleted: true });
});
