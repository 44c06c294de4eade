import { adminHandler } from './deps.js';
import { json } from '../handler.js';

/** GET /api/admin/session — who the signed-in staff member is (the /admin page's verification). */
export const handler = adminHandler('admin', async ({ staff }) => json(200, { userId: staff.adminId, role: staff.role }), {
  mirrorRole: true,
});
