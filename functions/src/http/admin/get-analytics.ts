import { loadAnalytics } from '../../domain/admin/inbox-analytics.js';
import { json } from '../handler.js';
import { adminHandler, analytics$ } from './deps.js';

/** GET /api/admin/analytics — spec §9 figures from the counters (no scans). */
export const handler = adminHandler('admin', async () => json(200, await loadAnalytics(analytics$(), new Date())));
