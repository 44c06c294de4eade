import { checkMySubscription } from '../../domain/payments/subscriptions.js';
import { httpHandler, json } from '../handler.js';
import { subscriptionDeps } from '../alerts/deps.js';

/** POST /api/subscription/sync (check-subscription) — re-reads the caller's subscription from Stripe. */
export const handler = httpHandler('user', async ({ caller }) => json(200, await checkMySubscription(subscriptionDeps(), caller)));
