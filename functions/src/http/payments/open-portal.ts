import { portalSchema } from '../../../../shared/schemas/alerts.js';
import { openCustomerPortal } from '../../domain/payments/subscriptions.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { subscriptionDeps } from '../alerts/deps.js';

/** POST /api/subscription/portal (customer-portal) — `{ url }`; action 'cancel' opens it at cancellation. */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const { action } = parseWith(portalSchema, jsonBody(event));
  return json(200, await openCustomerPortal(subscriptionDeps(), caller, action));
});
