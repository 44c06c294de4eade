import { issueChallenge } from '../../adapters/challenge/altcha.js';
import { getSecret } from '../../adapters/secrets/secrets.js';
import { PRIVATE_NO_STORE } from '../cache-control.js';
import { httpHandler, json } from '../handler.js';

/**
 * GET /api/challenge — a new ALTCHA proof-of-work challenge for the browser's widget, signed with
 * the `altchaHmacKey` secret. Never cached: each visitor solves their own, and each solution is
 * accepted once (adapters/challenge/altcha.ts).
 */
export const handler = httpHandler('public', async () =>
  json(200, await issueChallenge(await getSecret('altchaHmacKey')), { 'cache-control': PRIVATE_NO_STORE }),
);
