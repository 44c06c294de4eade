import { signUpRequestSchema } from '../../../../shared/schemas/password.js';
import { signUpAccount } from '../../domain/accounts/sign-up.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { viewerIp } from '../viewer-ip.js';
import { accountDeps } from './deps.js';

/**
 * POST /api/accounts/sign-up — Create Account and dealer registration. 200 with the same body for
 * a new address and an existing one (issue 9 §4); 400 per field; 403 without a solved challenge;
 * 429 past the sign-up limits (issue 23).
 */
export const handler = httpHandler('public', async ({ event, requestId }) => {
  const input = parseWith(signUpRequestSchema, jsonBody(event));
  return json(200, await signUpAccount(accountDeps(requestId), input, { sourceIp: await viewerIp(event) }));
});
