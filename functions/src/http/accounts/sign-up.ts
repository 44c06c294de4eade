import { signUpSchema } from '../../../../shared/schemas/account.js';
import { cognitoAccountDirectory } from '../../adapters/cognito/account-directory.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { createRateLimiter } from '../../adapters/dynamodb/rate-limit.js';
import { getMailer } from '../../adapters/mail/mailer.js';
import { config } from '../../config.js';
import { type SignUpDeps, signUpAccount } from '../../domain/accounts/sign-up.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';

const deps = (requestId: string): SignUpDeps => ({
  directory: cognitoAccountDirectory(config.cognito.clientId),
  mailer: getMailer(),
  rateLimit: createRateLimiter(ddb, config.tableName),
  mail: { siteUrl: config.siteUrl },
  logError: (message, err) => console.error(JSON.stringify({ level: 'error', requestId, message, error: String(err) })),
});

/**
 * POST /api/accounts/sign-up — Create Account and dealer registration. 200 with the same body for
 * a new address and an existing one (issue 9 §4); 400 per field.
 */
export const handler = httpHandler('public', async ({ event, requestId }) => {
  const input = parseWith(signUpSchema, jsonBody(event));
  return json(200, await signUpAccount(deps(requestId), input));
});
