import { promotionInputSchema } from '../../../../shared/schemas/admin.js';
import { createPromotion } from '../../domain/admin/promotions.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler, promotionDeps } from './deps.js';

/** POST /api/admin/promotions */
export const handler = adminHandler('admin', async ({ event, staff }) =>
  json(201, await createPromotion(promotionDeps(), staff, parseWith(promotionInputSchema, jsonBody(event)))),
);
