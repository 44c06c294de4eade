import { promotionInputSchema } from '../../../../shared/schemas/admin.js';
import { updatePromotion } from '../../domain/admin/promotions.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler, idParam, promotionDeps } from './deps.js';

/** PUT /api/admin/promotions/{id} */
export const handler = adminHandler('admin', async ({ event, staff }) =>
  json(200, await updatePromotion(promotionDeps(), staff, idParam(event), parseWith(promotionInputSchema, jsonBody(event)))),
);
