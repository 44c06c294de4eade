import { passwordResetRequestSchema } from '../../../../shared/schemas/account.js';
import { passwordResetConfirmRequestSchema } from '../../../../shared/schemas/password.js';
import { confirmPasswordReset, requestPasswordReset } from '../../domain/accounts/password-reset.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { viewerIp } from '../viewer-ip.js';
import { accountDeps } from './deps.js';

/**
 * POST /api/accounts/password-reset — e-mails a reset code if the address has an account; the
 * same 200 either way, 403 without a solved challenge, 429 past the limit.
 * POST /api/accounts/password-reset/confirm — the code and the new password: 200, or 400.
 */
export const handler = httpHandler('public', async ({ event, requestId }) => {
  const body = jsonBody(event);
  if (event.routeKey === 'POST /api/accounts/password-reset/confirm') {
    return json(200, await confirmPasswordReset(accountDeps(requestId), parseWith(passwordResetConfirmRequestSchema, body)));
  }
  const input = parseWith(passwordResetRequestSchema, body);
  return json(200, await requestPasswordReset(accountDeps(requestId), input, { sourceIp: await viewerIp(event) }));
});
