import { pageContentInputSchema } from '../../../../shared/schemas/admin.js';
import { updateContent } from '../../domain/admin/content.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler, contentDeps, idParam } from './deps.js';

/** PUT /api/admin/content/{id} */
export const handler = adminHandler('admin', async ({ event, staff }) =>
  json(200, await updateContent(contentDeps(), staff, idParam(event), parseWith(pageContentInputSchema, jsonBody(event)))),
);
