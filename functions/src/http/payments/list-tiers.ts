import { httpHandler, json } from '../handler.js';
import { alertsStore$ } from '../alerts/deps.js';

/** GET /api/subscription-tiers — the plans, cheapest first (spec §7). */
export const handler = httpHandler('public', async () => {
  const tiers = await alertsStore$().listTiers();
  return json(200, { tiers }, { 'cache-control': 'public, max-age=300' });
});
