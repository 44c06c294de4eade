import type { Context } from 'aws-lambda';
import type { HttpEvent, HttpResult } from '../handler.js';
import { handler as createContent } from './create-content.js';
import { handler as createPromotion } from './create-promotion.js';
import { handler as deleteContent } from './delete-content.js';
import { handler as deletePromotion } from './delete-promotion.js';
import { handler as getSession } from './get-session.js';
import { routeTo } from './route-to.js';
import { handler as sendPasswordReset } from './send-password-reset.js';
import { handler as setListingDescription } from './set-listing-description.js';
import { handler as setListingCap } from './set-listing-cap.js';
import { handler as setListingStatus } from './set-listing-status.js';
import { handler as setScrapedVisibility } from './set-scraped-visibility.js';
import { handler as setStorefrontVisibility } from './set-storefront-visibility.js';
import { handler as updateContent } from './update-content.js';
import { handler as updateFinanceSettings } from './update-finance-settings.js';
import { handler as updateMedia } from './update-media.js';
import { handler as updatePromotion } from './update-promotion.js';
import { handler as updateReport } from './update-report.js';

/** One function for the admin operations that only write the table (same access: table readWrite). */
export const handler: (event: HttpEvent, context: Context) => Promise<HttpResult> = routeTo({
  'GET /api/admin/session': getSession,
  'POST /api/admin/users/{id}/password-reset': sendPasswordReset,
  'PATCH /api/admin/users/{id}/listing-cap': setListingCap,
  'PATCH /api/admin/users/{id}/storefront': setStorefrontVisibility,
  'PATCH /api/admin/listings/{id}/status': setListingStatus,
  'PATCH /api/admin/listings/{id}/description': setListingDescription,
  'PATCH /api/admin/scraped/{id}/visibility': setScrapedVisibility,
  'PATCH /api/admin/media/{id}': updateMedia,
  'POST /api/admin/content': createContent,
  'PUT /api/admin/content/{id}': updateContent,
  'DELETE /api/admin/content/{id}': deleteContent,
  'POST /api/admin/promotions': createPromotion,
  'PUT /api/admin/promotions/{id}': updatePromotion,
  'DELETE /api/admin/promotions/{id}': deletePromotion,
  'PATCH /api/admin/reports/{id}': updateReport,
  'PUT /api/admin/finance-settings': updateFinanceSettings,
});
