import { queryAll } from './query-all.js';
import {
  BatchGetCommand,
  BatchWriteCommand,
  type DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { COUNTER, counterUpdateItems, dayOf } from './counters.js';
import { DomainError } from '../../domain/errors.js';
import type { OwnerListingStore, PendingImageStore } from '../../domain/listings/manage-ports.js';
import type { ListingRecord, StoredImage } from '../../domain/listings/types.js';
import { keys } from './keys.js';
import { createListingsRepo, listingItem } from './listings-repo.js';
import { TTL_ATTRIBUTE } from './table.js';

/** How long a verified upload waits for the seller to submit the form. */
export const PENDING_UPLOAD_TTL_SECONDS = 24 * 3600;

const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'type', TTL_ATTRIBUTE];

export function recordFromItem(item: Record<string, unknown>): ListingRecord {
  const out: Record<string, unknown> = { ...item };
  for (const k of KEY_ATTRIBUTES) delete out[k];
  return out as unknown as ListingRecord;
}

const isConditionFailure = (err: unknown) => {
  const e = err as { name?: string; CancellationReasons?: Array<{ Code?: string }> };
  return (
    e?.name === 'ConditionalCheckFailedException' ||
    (e?.name === 'TransactionCanceledException' && (e.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed'))
  );
};

const changedElsewhere = () => new DomainError('CONFLICT', 'This listing was changed elsewhere. Reload it and try again.');

async function batchDelete(ddb: DynamoDBDocumentClient, tableName: string, itemKeys: Array<{ pk: string; sk: string }>) {
  for (let i = 0; i < itemKeys.length; i += 25) {
    let requests: Record<string, unknown>[] | undefined = itemKeys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests?.length && attempt < 5; attempt++) {
      const res = await ddb.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
      requests = res.UnprocessedItems?.[tableName] as Record<string, unknown>[] | undefined;
      if (requests?.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
}

/** Listings as their owners manage them (domain/listings/manage-*). */
/**
 * Listings as their owners manage them (domain/listings/manage-*). Items are written in the
 * shape of listings-repo.ts (listingItem) so the search change feed sees them; the writes add
 * conditions, so an edit never overwrites a newer one or someone else's listing.
 */
export function ownerListingStore(ddb: DynamoDBDocumentClient, tableName: string): OwnerListingStore {
  const shared = createListingsRepo({ ddb, tableName });
  return {
    get: (id) => shared.getListing(id),

    // Pattern 4: a user's own listings, newest first.
    async listByOwner(userId) {
      const items = await queryAll(ddb, {
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `OWNER#${userId}` },
        ScanIndexForward: false,
      });
      return items.map(recordFromItem);
    },

    async create(record) {
      await ddb.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: listingItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
            ...counterUpdateItems(tableName, {
              [COUNTER.listings]: 1,
              [COUNTER.listingsWithStatus(record.status)]: 1,
              [COUNTER.newListingsOn(dayOf(record.createdAt))]: 1,
            }),
          ],
        }),
      );
    },

    async replace(record, expectedUpdatedAt, previousStatus) {
      const put = {
        TableName: tableName,
        Item: listingItem(record),
        ConditionExpression: 'attribute_exists(pk) AND updatedAt = :expected AND userId = :owner',
        ExpressionAttributeValues: { ':expected': expectedUpdatedAt, ':owner': record.userId } as Record<string, unknown>,
      };
      try {
        if (previousStatus && previousStatus !== record.status) {
          await ddb.send(
            new TransactWriteCommand({
              TransactItems: [
                { Put: put },
                ...counterUpdateItems(tableName, {
                  [COUNTER.listingsWithStatus(previousStatus)]: -1,
                  [COUNTER.listingsWithStatus(record.status)]: 1,
                }),
              ],
            }),
          );
        } else {
          await ddb.send(new PutCommand(put));
        }
      } catch (err) {
        if (isConditionFailure(err)) throw changedElsewhere();
        throw err;
      }
    },

    // Patterns 1 and 6: the delete and its tombstone, as listings-repo.ts writes them for the change feed.
    async remove(record, deletedAt) {
      await shared.deleteListing(record.id, new Date(deletedAt));
    },

    // Pattern 21: who saved the listing, then delete each saved entry (pattern 20).
    async removeSavedEntries(listingId) {
      const itemKeys: Array<{ pk: string; sk: string }> = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const res = await ddb.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: { ':pk': `SAVEDBY#${listingId}` },
            ProjectionExpression: 'pk, sk',
            ExclusiveStartKey,
          }),
        );
        for (const item of res.Items ?? []) itemKeys.push({ pk: String(item.pk), sk: String(item.sk) });
        ExclusiveStartKey = res.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      await batchDelete(ddb, tableName, itemKeys);
    },
  };
}

export interface PendingUploadStore extends PendingImageStore {
  remember(userId: string, images: StoredImage[], now?: Date): Promise<void>;
}

/** Verified uploads waiting for a listing: `pk=USER#<sub>`, `sk=UPLOAD#<imageKey>`, expiring after a day. */
export function pendingUploadStore(ddb: DynamoDBDocumentClient, tableName: string): PendingUploadStore {
  return {
    async remember(userId, images, now = new Date()) {
      const expiresAt = Math.floor(now.getTime() / 1000) + PENDING_UPLOAD_TTL_SECONDS;
      for (let i = 0; i < images.length; i += 25) {
        let requests: Record<string, unknown>[] | undefined = images.slice(i, i + 25).map((img) => ({
          PutRequest: {
            Item: {
              ...keys.pendingUpload(userId, img.key),
              userId,
              key: img.key,
              width: img.width,
              height: img.height,
              createdAt: now.toISOString(),
              [TTL_ATTRIBUTE]: expiresAt,
            },
          },
        }));
        for (let attempt = 0; requests?.length && attempt < 5; attempt++) {
          const res = await ddb.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
          requests = res.UnprocessedItems?.[tableName] as Record<string, unknown>[] | undefined;
          if (requests?.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
        }
      }
    },

    async find(userId, imageKeys) {
      const found = new Map<string, StoredImage>();
      if (imageKeys.length === 0) return found;
      const nowSeconds = Math.floor(Date.now() / 1000);
      let requested: Record<string, unknown>[] | undefined = [...new Set(imageKeys)].map((k) => keys.pendingUpload(userId, k));
      for (let attempt = 0; requested?.length && attempt < 5; attempt++) {
        const res = await ddb.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: requested } } }));
        for (const item of res.Responses?.[tableName] ?? []) {
          // TTL deletion lags by up to days; an expired record no longer counts.
          if (typeof item[TTL_ATTRIBUTE] === 'number' && item[TTL_ATTRIBUTE] < nowSeconds) continue;
          found.set(String(item.key), { key: String(item.key), width: Number(item.width), height: Number(item.height) });
        }
        requested = res.UnprocessedKeys?.[tableName]?.Keys as Record<string, unknown>[] | undefined;
      }
      return found;
    },

    async forget(userId, imageKeys) {
      await batchDelete(
        ddb,
        tableName,
        imageKeys.map((k) => keys.pendingUpload(userId, k)),
      );
    },
  };
}
