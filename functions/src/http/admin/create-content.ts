import { pageContentInputSchema } from '../../../../shared/schemas/admin.js';
import { createContent } from '../../domain/admin/content.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler, contentDeps } from './deps.js';

/** POST /api/admin/content */
export const handler = adminHandler('admin', async ({ event, staff }) =>
  json(201, await createContent(contentDeps(), staff, parseWith(pageContentInputSchema, jsonBody(event)))),
);
