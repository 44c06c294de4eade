import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { RecentlyViewedStore, ViewedEntry } from '../../domain/recently-viewed/recently-viewed.js';
import { keys } from './keys.js';

/** Pattern 64: a user's recently-viewed trucks, one small item under the user (at most 12 entries). */
export function recentlyViewedStore(ddb: DynamoDBDocumentClient, tableName: string): RecentlyViewedStore {
  return {
    async get(userId) {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.recentlyViewed(userId), ConsistentRead: true }));
      return (res.Item?.entries as ViewedEntry[] | undefined) ?? [];
    },
    async put(userId, entries, updatedAt) {
      await ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.recentlyViewed(userId), type: 'RecentlyViewed', userId, entries, updatedAt },
        }),
      );
    },
    async remove(userId) {
      await ddb.send(new DeleteCommand({ TableName: tableName, Key: keys.recentlyViewed(userId) }));
    },
  };
}
