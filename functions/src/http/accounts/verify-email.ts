import { resendVerificationSchema, verifyEmailSchema } from '../../../../shared/schemas/account.js';
import { resendVerificationCode, verifyEmail } from '../../domain/accounts/verify-email.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { accountDeps } from './deps.js';

/**
 * POST /api/accounts/verify-email — the code from the verification e-mail: 200, or 400 for a
 * wrong, used-up or expired code. POST /api/accounts/verify-email/resend — a new code; the same
 * 200 for every address.
 */
export const handler = httpHandler('public', async ({ event, requestId }) => {
  const body = jsonBody(event);
  if (event.routeKey === 'POST /api/accounts/verify-email/resend') {
    return json(200, await resendVerificationCode(accountDeps(requestId), parseWith(resendVerificationSchema, body)));
  }
  return json(200, await verifyEmail(accountDeps(requestId), parseWith(verifyEmailSchema, body)));
});
