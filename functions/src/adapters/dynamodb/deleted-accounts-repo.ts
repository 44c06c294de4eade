import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DeletedAccounts } from '../../domain/accounts/deleted-accounts.js';
import { keys } from './keys.js';
import { TTL_ATTRIBUTE } from './table.js';

/**
 * How long a tombstone is kept: longer than any access token the pool issues lives (1 hour,
 * infra/lib/auth-stack.ts), so every token issued before the deletion has expired by then.
 */
const TOMBSTONE_TTL_SECONDS = 2 * 24 * 3600;

/**
 * Tombstones of deleted accounts (pattern 60): `pk=DELETEDUSER#<sub>`, `sk=TOMBSTONE`, only the
 * deletion time, TTL two days. Read (strongly consistent) by every authenticated write
 * (http/handler.ts resolveCaller).
 */
export function deletedAccountsStore(ddb: DynamoDBDocumentClient, tableName: string): DeletedAccounts {
  return {
    async record(userId, deletedAt) {
      await ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.deletedAccount(userId),
            type: 'DeletedAccount',
            deletedAt: deletedAt.toISOString(),
            [TTL_ATTRIBUTE]: Math.floor(deletedAt.getTime() / 1000) + TOMBSTONE_TTL_SECONDS,
          },
        }),
      );
    },
    async isDeleted(userId) {
      const res = await ddb.send(
        new GetCommand({ TableName: tableName, Key: keys.deletedAccount(userId), ProjectionExpression: 'pk', ConsistentRead: true }),
      );
      return Boolean(res.Item);
    },
  };
}
