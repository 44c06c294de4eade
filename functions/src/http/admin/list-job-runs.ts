import { json } from '../handler.js';
import { adminHandler, jobRuns$ } from './deps.js';

/** GET /api/admin/jobs — the latest scheduled-job run reports (empty until a job stores one). */
export const handler = adminHandler('admin', async () => json(200, { items: await jobRuns$().recent(20) }));
