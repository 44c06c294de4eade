import { importReviewSchema } from '../../../../shared/schemas/dealer.js';
import { reviewImportAsStaff } from '../../domain/stock-import/import-review.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { importReviewDeps } from './dealer-deps.js';
import { adminHandler, idParam } from './deps.js';

/** POST /api/admin/stock-imports/{userId}/{id}/review — approve or refuse a first import as a whole; audited; 202 while the queue carries it out. */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const { decision } = parseWith(importReviewSchema, jsonBody(event));
  return json(202, await reviewImportAsStaff(importReviewDeps(), staff, idParam(event, 'userId'), idParam(event), decision));
});
