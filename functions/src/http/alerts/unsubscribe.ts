import { getSecret } from '../../adapters/secrets/secrets.js';
import { verifyUnsubscribeToken } from '../../domain/alerts/unsubscribe-token.js';
import { validationError } from '../../domain/errors.js';
import { httpHandler, json } from '../handler.js';
import { alertsStore$ } from './deps.js';

/**
 * POST /api/alerts/unsubscribe?token= — the one-click unsubscribe (RFC 8058: mail clients POST
 * `List-Unsubscribe=One-Click`, no cookies, no sign-in): the signed token names the user; the
 * alert schedule goes inactive for e-mail and WhatsApp alike. The paid subscription is untouched.
 */
export const handler = httpHandler('public', async ({ event }) => {
  const token = event.queryStringParameters?.token ?? '';
  const check = verifyUnsubscribeToken(await getSecret('unsubscribeSigningKey'), token, new Date());
  if (!check.ok)
    throw validationError(check.reason === 'expired' ? 'This unsubscribe link has expired.' : 'This unsubscribe link is not valid.', {
      reason: check.reason,
    });
  await alertsStore$().setScheduleActive(check.userId, false);
  return json(200, { unsubscribed: true }, { 'cache-control': 'no-store' });
});
