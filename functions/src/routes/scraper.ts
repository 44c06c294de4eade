import type { RouteDef } from '../routes.js';

/** The scraper's admin route (issue 12): each run with every source's report; the Analytics tab's Jobs panel reads GET /api/admin/jobs. */
export const scraperRoutes: RouteDef[] = [
  {
    id: 'ListJobRuns',
    method: 'GET',
    path: '/api/admin/job-runs',
    handler: 'http/admin/list-scraper-runs.ts',
    auth: 'admin',
    area: 'admin',
    access: { table: 'read' },
  },
];
