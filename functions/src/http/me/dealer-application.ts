import { dealerApplicationSchema } from '../../../../shared/schemas/dealer.js';
import { dealerApplicationStore } from '../../adapters/dynamodb/dealer-applications-repo.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { config } from '../../config.js';
import { applyAsDealer, myDealerApplication } from '../../domain/dealers/dealer-approval.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { ensureProfile, profiles$ } from '../my-listings/deps.js';

const applications$ = () => dealerApplicationStore(ddb, config.tableName);

/**
 * POST /api/me/dealer-application — apply to be an approved dealer (issue 23);
 * GET — the caller's application (null when they never applied).
 */
export const handler = httpHandler('user', async ({ event, caller }) => {
  if (event.requestContext.http.method === 'GET') {
    return json(
      200,
      { application: await myDealerApplication({ applications: applications$() }, caller) },
      {
        'cache-control': 'private, no-store',
      },
    );
  }
  const fields = parseWith(dealerApplicationSchema, jsonBody(event));
  await ensureProfile(event, caller);
  const application = await applyAsDealer({ applications: applications$(), profiles: profiles$(), now: () => new Date() }, caller, fields);
  return json(201, { application });
});
