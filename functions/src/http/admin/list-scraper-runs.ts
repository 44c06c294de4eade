import { z } from 'zod';
import type { JobRunsResponse } from '../../../../shared/schemas/scraper.js';
import { scraperRepo } from '../../jobs/scraper-deps.js';
import { httpHandler, json, parseWith } from '../handler.js';

const querySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) });

/** GET /api/admin/job-runs?limit=20 — the latest scraper runs with each source's report, newest first (admins only). */
export const handler = httpHandler('admin', async ({ event }) => {
  const { limit } = parseWith(querySchema, event.queryStringParameters ?? {});
  const body: JobRunsResponse = { runs: await scraperRepo().recentRuns(limit) };
  return json(200, body, { 'cache-control': 'no-store' });
});
