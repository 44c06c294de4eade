import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SavedSearch } from '../../../../shared/schemas/saved-searches.js';
import type { SavedSearchStore } from '../../domain/saved/saved-searches.js';
import { keys } from './keys.js';
import { queryAll } from './query-all.js';

const missing = (err: unknown) =>
  err instanceof ConditionalCheckFailedException || (err as { name?: string })?.name === 'ConditionalCheckFailedException';

/** Saved searches (issue 26 §4): `USER#<sub>` / `SEARCH#<id>`, read with the user's partition. */
export function savedSearchStore(ddb: DynamoDBDocumentClient, tableName: string): SavedSearchStore {
  return {
    async listByUser(userId) {
      const items = await queryAll(ddb, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':pk': keys.savedSearch(userId, '').pk, ':s': 'SEARCH#' },
      });
      return items.map(
        (item): SavedSearch => ({
          id: String(item.id),
          name: String(item.name),
          params: (item.params ?? {}) as Record<string, string>,
          createdAt: String(item.createdAt),
          lastSeenAt: String(item.lastSeenAt ?? item.createdAt),
        }),
      );
    },

    async put(userId, search) {
      await ddb.send(
        new PutCommand({ TableName: tableName, Item: { ...keys.savedSearch(userId, search.id), type: 'SavedSearch', userId, ...search } }),
      );
    },

    async remove(userId, id) {
      try {
        await ddb.send(
          new DeleteCommand({ TableName: tableName, Key: keys.savedSearch(userId, id), ConditionExpression: 'attribute_exists(pk)' }),
        );
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },

    async markSeen(userId, id, at) {
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.savedSearch(userId, id),
            UpdateExpression: 'SET lastSeenAt = :at',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':at': at },
          }),
        );
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
  };
}
