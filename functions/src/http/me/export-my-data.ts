import { exportAccountData } from '../../domain/accounts/account-data.js';
import { httpHandler, json } from '../handler.js';
import { accountDataDeps } from './account-data-deps.js';

/** GET /api/me/export — everything we hold about the caller, as a JSON download (UK GDPR access). */
export const handler = httpHandler('user', async ({ caller }) => {
  const data = await exportAccountData(accountDataDeps(), caller);
  return json(200, data, {
    'cache-control': 'private, no-store',
    'content-disposition': `attachment; filename="truckyard-data-${data.exportedAt.slice(0, 10)}.json"`,
  });
});
