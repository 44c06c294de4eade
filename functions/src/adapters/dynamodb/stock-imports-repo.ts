import type { NewAuditEntry } from '../../domain/admin/ports.js';
import { writeAudited } from './audited-write.js';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ImportReviewState, ImportStatus } from '../../../../shared/schemas/stock-import.js';
import { byGsi, page } from './paging.js';
import type { StockImportRecord } from '../../domain/stock-import/stock-imports.js';
import { keys } from './keys.js';
import { TTL_ATTRIBUTE } from './table.js';

/** Import records are kept for 30 days: long enough to look back at a report, then gone with their file. */
const IMPORT_TTL_SECONDS = 30 * 24 * 3600;

function recordFromItem(item: Record<string, unknown>): StockImportRecord {
  const { pk: _pk, sk: _sk, type: _type, gsi2pk: _g2pk, gsi2sk: _g2sk, [TTL_ATTRIBUTE]: _ttl, ...rest } = item;
  return rest as unknown as StockImportRecord;
}

/** Pattern 36: a dealer's stock imports (pk USER#<sub>, sk IMPORT#<id>). */
export function stockImportsRepo(ddb: DynamoDBDocumentClient, tableName: string) {
  const repo = {
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
      return recordFromItem(res.Item);
    },

    // Pattern 57: the import finishes and waits for staff, on the sparse review index (kept until decided).
    async finishAwaitingReview(record: StockImportRecord, done: Record<string, unknown>): Promise<boolean> {
      const flag = keys.stockImportsAwaitingReview(record.createdAt, record.userId, record.id);
      return repo.transition(
        record.userId,
        record.id,
        'running',
        'done',
        {
          ...done,
          review: 'pending',
          dealerName: record.dealerName ?? null,
          dealerEmail: record.dealerEmail ?? null,
          gsi2pk: flag.gsi2pk,
          gsi2sk: flag.gsi2sk,
        },
        [TTL_ATTRIBUTE],
      );
    },

    async setReview(userId: string, id: string, from: ImportReviewState, to: ImportReviewState, audit?: NewAuditEntry): Promise<boolean> {
      const decided = to === 'approved' || to === 'refused';
      try {
        await writeAudited(
          ddb,
          tableName,
          [
            {
              Update: {
                TableName: tableName,
                Key: keys.stockImport(userId, id),
                // Off the review list as soon as staff decide; the record then expires like any other.
                UpdateExpression: decided
                  ? 'SET review = :to, #ttl = :ttl REMOVE gsi2pk, gsi2sk'
                  : 'SET review = :to REMOVE gsi2pk, gsi2sk',
                ConditionExpression: 'review = :from',
                ...(decided ? { ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE } } : {}),
                ExpressionAttributeValues: {
                  ':from': from,
                  ':to': to,
                  ...(decided ? { ':ttl': Math.floor(Date.now() / 1000) + IMPORT_TTL_SECONDS } : {}),
                },
              },
            },
          ],
          audit,
        );
        return true;
      } catch (err) {
        if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
        throw err;
      }
    },

    // Pattern 57 on GSI2: oldest first.
    async listAwaitingReview(cursor: string | undefined, limit: number) {
      const res = await page(ddb, { ...byGsi(tableName, 'gsi2', 'IMPORTREVIEW#pending'), ScanIndexForward: true }, cursor, limit);
      return { items: res.items.map(recordFromItem), nextCursor: res.nextCursor };
    },

    async trustDealer(userId: string, at: string) {
      await ddb.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.profile(userId),
          UpdateExpression: 'SET stockImportsTrusted = :t, updatedAt = :at',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':t': true, ':at': at },
        }),
      );
    },

    /** Moves the import from one status to the next; false when it was not in `from` (applied twice, say). */
    async transition(
      userId: string,
      id: string,
      from: ImportStatus,
      to: ImportStatus,
      extra: Record<string, unknown> = {},
      remove: string[] = [],
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
            UpdateExpression: `SET ${sets.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
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
  return repo;
}
