import type { Context } from 'aws-lambda';
import type { HttpEvent, HttpResult } from '../handler.js';
import { handler as getFinanceSettings } from '../finance/get-finance-settings.js';
import { handler as getPageContent } from '../site/get-page-content.js';
import { handler as getPromotions } from '../site/get-promotions.js';
import { routeTo } from './route-to.js';

/**
 * The public pages' reads of the admin area's data (page content, promotions, finance settings): table read only.
 * Apart from the admin read-router, whose staff gate may call Cognito's AdminGetUser.
 */
export const handler: (event: HttpEvent, context: Context) => Promise<HttpResult> = routeTo({
  'GET /api/content/{slug}': getPageContent,
  'GET /api/promotions': getPromotions,
  'GET /api/finance': getFinanceSettings,
});
