import { queryAll } from './query-all.js';
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SavedEntry, SavedTruckStore } from '../../domain/saved/saved-trucks.js';
import { keys } from './keys.js';
import { TTL_ATTRIBUTE } from './table.js';

/**
 * Saved trucks (pattern 20), indexed by listing (pattern 21) so deleting a listing removes them
 * (owner-listings-repo.ts removeSavedEntries). The TTL attribute expires an entry nobody re-saved.
 */
export function savedTruckStore(ddb: DynamoDBDocumentClient, tableName: string): SavedTruckStore {
  return {
    async put(entry) {
      await ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.savedTruck(entry.userId, entry.listingId),
            ...keys.savedTruckByListing(entry.listingId, entry.userId),
            type: 'SavedTruck',
            userId: entry.userId,
            listingId: entry.listingId,
            savedAt: entry.savedAt,
            [TTL_ATTRIBUTE]: entry.expiresAt,
          },
        }),
      );
    },

    async remove(userId, listingId) {
      await ddb.send(new DeleteCommand({ TableName: tableName, Key: keys.savedTruck(userId, listingId) }));
    },

    async listByUser(userId) {
      const items = await queryAll(ddb, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :saved)',
        ExpressionAttributeValues: { ':pk': keys.savedTruck(userId, '').pk, ':saved': 'SAVED#' },
      });
      return items.map(
        (item): SavedEntry => ({
          userId,
          listingId: String(item.listingId),
          savedAt: String(item.savedAt),
          expiresAt: Number(item[TTL_ATTRIBUTE] ?? 0),
        }),
      );
    },
  };
}
