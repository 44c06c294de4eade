import { getSubscriptionView } from '../../domain/alerts/preferences.js';
import { unauthenticated } from '../../domain/errors.js';
import { httpHandler, json } from '../handler.js';
import { alertsStore$ } from '../alerts/deps.js';

/** GET /api/subscription — the caller's own plan and alert settings (nobody else's). */
export const handler = httpHandler('user', async ({ caller }) => {
  if (caller.kind !== 'user') throw unauthenticated();
  return json(200, await getSubscriptionView(alertsStore$(), caller.userId), { 'cache-control': 'private, no-store' });
});
