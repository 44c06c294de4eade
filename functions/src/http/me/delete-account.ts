import { deleteAccountSchema } from '../../../../shared/schemas/account.js';
import { deleteAccount } from '../../domain/accounts/account-data.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { accountDataDeps } from './account-data-deps.js';

/**
 * DELETE /api/me — `{ confirm: 'DELETE', password? }`: erases the caller's account, keeping payment
 * records (UK GDPR erasure). The one write a deleted account's token may still make, so a deletion
 * that failed part-way can be retried to the end.
 */
export const handler = httpHandler(
  'user',
  async ({ event, caller }) => {
    const input = parseWith(deleteAccountSchema, jsonBody(event));
    return json(200, await deleteAccount(accountDataDeps(), caller, input));
  },
  { openToDeletedAccounts: true },
);
