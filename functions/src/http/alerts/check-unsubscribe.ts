import { getSecret } from '../../adapters/secrets/secrets.js';
import { verifyUnsubscribeToken } from '../../domain/alerts/unsubscribe-token.js';
import { httpHandler, json } from '../handler.js';

/** GET /api/alerts/unsubscribe?token= — says whether the link works; never changes anything (scanners follow links). */
export const handler = httpHandler('public', async ({ event }) => {
  const token = event.queryStringParameters?.token ?? '';
  const check = verifyUnsubscribeToken(await getSecret('unsubscribeSigningKey'), token, new Date());
  return json(200, check.ok ? { valid: true } : { valid: false, reason: check.reason }, { 'cache-control': 'no-store' });
});
