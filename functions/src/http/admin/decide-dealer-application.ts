import { dealerDecisionSchema } from '../../../../shared/schemas/dealer.js';
import { decideDealerApplication } from '../../domain/dealers/dealer-approval.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { dealerReviewDeps } from './dealer-deps.js';
import { adminHandler, idParam } from './deps.js';

/** POST /api/admin/dealer-applications/{id}/decision — approve or refuse; audited; the applicant gets an e-mail. */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const { decision } = parseWith(dealerDecisionSchema, jsonBody(event));
  return json(200, await decideDealerApplication(dealerReviewDeps(), staff, idParam(event), decision));
});
