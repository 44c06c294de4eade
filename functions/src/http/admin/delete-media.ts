import { deleteMedia } from '../../domain/admin/media.js';
import { json } from '../handler.js';
import { adminHandler, idParam, mediaDeps } from './deps.js';

/** DELETE /api/admin/media/{id} — refused (409) while a promotion or content section uses it. */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  await deleteMedia(mediaDeps(), staff, idParam(event));
  return json(200, { deleted: true });
});
