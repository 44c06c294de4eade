import type { RouteDef } from '../routes.js';

/** The scraper's admin routes (issue 12): read-only run reports until the admin area's Jobs panel exists. */
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
