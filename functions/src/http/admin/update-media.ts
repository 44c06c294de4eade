import { updateMediaSchema } from '../../../../shared/schemas/admin.js';
import { updateMedia } from '../../domain/admin/media.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler, idParam, mediaDeps } from './deps.js';

/** PATCH /api/admin/media/{id} — alt text and tags. */
export const handler = adminHandler('admin', async ({ event, staff }) =>
  json(200, await updateMedia(mediaDeps(), staff, idParam(event), parseWith(updateMediaSchema, jsonBody(event)))),
);
