import { z } from 'zod';
import { listReports } from '../../domain/reports/listing-reports.js';
import { json, parseWith } from '../handler.js';
import { adminHandler, queryOf, reportDeps } from './deps.js';

const querySchema = z.object({ cursor: z.string().max(2000).optional() });

/** GET /api/admin/reports?cursor — visitors' reports of listings, newest first. */
export const handler = adminHandler('admin', async ({ event }) => {
  const q = parseWith(querySchema, queryOf(event));
  return json(200, await listReports(reportDeps(), q.cursor));
});
