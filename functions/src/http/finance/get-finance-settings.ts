import { financeSettingsStore } from '../../adapters/dynamodb/finance-settings-repo.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { config } from '../../config.js';
import { readPublicFinanceSettings } from '../../domain/finance/settings.js';
import { httpHandler, json } from '../handler.js';

/** GET /api/finance — the finance settings the calculator and the cards use, or `{ settings: null }` while they are off. */
export const handler = httpHandler('public', async () => {
  const settings = await readPublicFinanceSettings({ settings: financeSettingsStore(ddb, config.tableName) });
  return json(200, { settings }, { 'cache-control': 'public, max-age=30' });
});
