import { createCheckoutSchema } from '../../../../shared/schemas/alerts.js';
import { startSubscriptionCheckout } from '../../domain/payments/subscriptions.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { subscriptionDeps } from '../alerts/deps.js';

/** POST /api/subscription/checkout (create-subscription) — `{ url }` of the hosted checkout. */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const { tier } = parseWith(createCheckoutSchema, jsonBody(event));
  return json(200, await startSubscriptionCheckout(subscriptionDeps(), caller, tier));
});
