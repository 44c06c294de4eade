import { mediaCompleteSchema } from '../../../../shared/schemas/admin.js';
import { completeMediaUploads } from '../../domain/admin/media.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler, mediaDeps } from './deps.js';

/** POST /api/admin/media — checks the uploaded bytes and publishes them as media assets. */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const body = parseWith(mediaCompleteSchema, jsonBody(event));
  const items = await completeMediaUploads(mediaDeps(), staff, body.category, body.uploads);
  return json(201, { items });
});
