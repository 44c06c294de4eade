import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { type StoredFinanceSettings, financeSettingsSchema } from '../../../../shared/schemas/finance.js';
import type { FinanceSettingsStore } from '../../domain/finance/settings.js';
import { writeAudited } from './audited-write.js';
import { keys } from './keys.js';

/** The finance settings item (`SETTINGS#FINANCE`); saved with its audit entry in one transaction. */
export function financeSettingsStore(ddb: DynamoDBDocumentClient, tableName: string): FinanceSettingsStore {
  return {
    async get() {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.financeSettings() }));
      if (!res.Item) return null;
      // An item that no longer parses (a schema tightened since) reads as not set: the calculator stays off.
      const parsed = financeSettingsSchema.safeParse({
        defaultAprPercent: res.Item.defaultAprPercent,
        defaultTermMonths: res.Item.defaultTermMonths,
        defaultDepositPercent: res.Item.defaultDepositPercent,
        representativeExample: res.Item.representativeExample ?? null,
        fcaNumber: res.Item.fcaNumber ?? null,
        demo: res.Item.demo === true,
      });
      return parsed.success ? { ...parsed.data, updatedAt: typeof res.Item.updatedAt === 'string' ? res.Item.updatedAt : null } : null;
    },
    async put(settings: StoredFinanceSettings, audit) {
      await writeAudited(
        ddb,
        tableName,
        [{ Put: { TableName: tableName, Item: { ...keys.financeSettings(), type: 'FinanceSettings', ...settings } } }],
        audit,
      );
    },
  };
}
