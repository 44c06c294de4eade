import { deletePromotion } from '../../domain/admin/promotions.js';
import { json } from '../handler.js';
import { adminHandler, idParam, promotionDeps } from './deps.js';

/** DELETE /api/admin/promotions/{id} */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  await deletePromotion(promotionDeps(), staff, idParam(event));
  return json(200, { deleted: true });
});
