import { deleteAccountSchema } from '../../../../shared/schemas/account.js';
import { deleteAccount } from '../../domain/accounts/account-data.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { accountDataDeps } from './account-data-deps.js';

/** DELETE /api/me — `{ confirm: 'DELETE' }`: erases the caller's account, keeping payment records (UK GDPR erasure). */
export const handler = httpHandler('user', async ({ event, caller }) => {
  parseWith(deleteAccountSchema, jsonBody(event));
  return json(200, await deleteAccount(accountDataDeps(), caller));
});
