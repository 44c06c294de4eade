import { financeSettingsSchema } from '../../../../shared/schemas/finance.js';
import { financeSettingsStore } from '../../adapters/dynamodb/finance-settings-repo.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { config } from '../../config.js';
import { saveFinanceSettings } from '../../domain/finance/settings.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler } from './deps.js';

/** PUT /api/admin/finance-settings — the whole form; a bad number is a 400 naming the field, nothing written. */
export const handler = adminHandler('admin', async ({ staff, event }) =>
  json(
    200,
    await saveFinanceSettings(
      { settings: financeSettingsStore(ddb, config.tableName), now: () => new Date() },
      staff,
      parseWith(financeSettingsSchema, jsonBody(event)),
    ),
  ),
);
