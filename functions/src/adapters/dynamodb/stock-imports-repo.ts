import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ImportStatus } from '../../../../shared/schemas/stock-import.js';
import type { StockImportRecord } from '../../domain/stock-import/stock-imports.js';
import { keys } from './keys.js';
import { TTL_ATTRIBUTE } from './table.js';

/** Import records are kept for 30 days: long enough to look back at a report, then gone with their file. */
export const IMPORT_TTL_SECONDS = 30 * 24 * 3600;

/** Pattern 36: a dealer's stock imports (pk USER#<sub>, sk IMPORT#<id>). */
export function stockImportsRepo(ddb: DynamoDBDocumentClient, tableName: string) {
  return {
    async create(record: StockImportRecord): Promise<void> {
      const expiresAt = Math.floor(Date.parse(record.createdAt) / 1000) + IMPORT_TTL_SECONDS;
      await ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.stockImport(record.userId, record.id), type: 'StockImport', ...record, [TTL_ATTRIBUTE]: expiresAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async get(userId: string, id: string): Promise<StockImportRecord | null> {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.stockImport(userId, id), ConsistentRead: true }));
      if (!res.Item) return null;
      const { pk: _pk, sk: _sk, type: _type, [TTL_ATTRIBUTE]: _ttl, ...rest } = res.Item;
      return rest as StockImportRecord;
    },

    /** Moves the import from one status to the next; false when it was not in `from` (applied twice, say). */
    async transition(
      userId: string,
      id: string,
      from: ImportStatus,
      to: ImportStatus,
      extra: Record<string, unknown> = {},
    ): Promise<boolean> {
      const names: Record<string, string> = { '#status': 'status' };
      const values: Record<string, unknown> = { ':from': from, ':to': to };
      const sets = ['#status = :to'];
      for (const [k, v] of Object.entries(extra)) {
        names[`#${k}`] = k;
        values[`:${k}`] = v;
        sets.push(`#${k} = :${k}`);
      }
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.stockImport(userId, id),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: '#status = :from',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          }),
        );
        return true;
      } catch (err) {
        if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
        throw err;
      }
    },
  };
}
export type StockImportsRepo = ReturnType<typeof stockImportsRepo>;
