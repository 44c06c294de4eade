import { financeSettingsStore } from '../../adapters/dynamodb/finance-settings-repo.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { config } from '../../config.js';
import { getFinanceSettings } from '../../domain/finance/settings.js';
import { json } from '../handler.js';
import { adminHandler } from './deps.js';

/** GET /api/admin/finance-settings — the saved settings, or the defaults with the calculator off. */
export const handler = adminHandler('admin', async () =>
  json(200, await getFinanceSettings({ settings: financeSettingsStore(ddb, config.tableName) })),
);
