import type { Context } from 'aws-lambda';
import type { HttpEvent, HttpResult } from '../handler.js';
import { handler as getAnalytics } from './get-analytics.js';
import { handler as getFinanceSettings } from './get-finance-settings.js';
import { handler as listAudit } from './list-audit.js';
import { handler as listContent } from './list-content.js';
import { handler as listDealerApplications } from './list-dealer-applications.js';
import { handler as listFailedEmails } from './list-failed-emails.js';
import { handler as listJobRuns } from './list-job-runs.js';
import { handler as listListings } from './list-listings.js';
import { handler as listMedia } from './list-media.js';
import { handler as listPendingImports } from './list-pending-imports.js';
import { handler as listPromotions } from './list-promotions.js';
import { handler as listReports } from './list-reports.js';
import { handler as listScraped } from './list-scraped.js';
import { handler as listUsers } from './list-users.js';
import { routeTo } from './route-to.js';

/**
 * One function for the admin area's read-only lists (same access: table read, plus the staff
 * gate's AdminGetUser and origin-verify secret), so the admin API
 * stack stays far under CloudFormation's limits; each operation keeps its own file and auth check.
 */
export const handler: (event: HttpEvent, context: Context) => Promise<HttpResult> = routeTo({
  'GET /api/admin/analytics': getAnalytics,
  'GET /api/admin/jobs': listJobRuns,
  'GET /api/admin/users': listUsers,
  'GET /api/admin/listings': listListings,
  'GET /api/admin/scraped': listScraped,
  'GET /api/admin/media': listMedia,
  'GET /api/admin/content': listContent,
  'GET /api/admin/promotions': listPromotions,
  'GET /api/admin/audit': listAudit,
  'GET /api/admin/failed-emails': listFailedEmails,
  'GET /api/admin/dealer-applications': listDealerApplications,
  'GET /api/admin/stock-imports': listPendingImports,
  'GET /api/admin/reports': listReports,
  'GET /api/admin/finance-settings': getFinanceSettings,
});
