import { queryAll } from './query-all.js';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { DomainError, validationError } from '../../domain/errors.js';
import { IdempotentReplay, type OwnerListingStore, type PendingImageStore } from '../../domain/listings/manage-ports.js';
import { COUNTER, counterUpdateItems, dayOf } from './counters.js';
import type { ListingRecord, StoredImage } from '../../domain/listings/types.js';
import { keys } from './keys.js';
import { createListingsRepo, listingItem } from './listings-repo.js';
import { TTL_ATTRIBUTE } from './table.js';

/** How long a verified upload waits for the seller to submit the form. */
export const PENDING_UPLOAD_TTL_SECONDS = 24 * 3600;
/**
 * The item itself is kept longer than it is valid, so the SweepUnattachedImages job finds it
 * (GSI2 `PENDINGUPLOADS`) and deletes its files before DynamoDB's TTL sweep removes it.
 */
const PENDING_UPLOAD_KEEP_SECONDS = 4 * 24 * 3600;
/** How long an Idempotency-Key of a create is remembered (pattern 52). */
const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

const imageTakenMeanwhile = () => validationError('An image was already used for another listing or has expired; upload it again');

const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'type', TTL_ATTRIBUTE];

export function recordFromItem(item: Record<string, unknown>): ListingRecord {
  const out: Record<string, unknown> = { ...item };
  for (const k of KEY_ATTRIBUTES) delete out[k];
  return out as unknown as ListingRecord;
}

/** The counter changes of one new listing (pattern 35). */
const listingCreatedCounters = (record: Pick<ListingRecord, 'status' | 'createdAt'>): Record<string, number> => ({
  [COUNTER.listings]: 1,
  [COUNTER.listingsWithStatus(record.status)]: 1,
  [COUNTER.newListingsOn(dayOf(record.createdAt))]: 1,
});

/** Which items of a cancelled transaction failed their condition; null when the error is something else. */
function failedIndexes(err: unknown): number[] | null {
  const e = err as { name?: string; CancellationReasons?: Array<{ Code?: string }> };
  if (e?.name !== 'TransactionCanceledException') return null;
  const failed = (e.CancellationReasons ?? []).flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
  return failed.length ? failed : null;
}

const changedElsewhere = () => new DomainError('CONFLICT', 'This listing was changed elsewhere. Reload it and try again.');

export async function batchDelete(ddb: DynamoDBDocumentClient, tableName: string, itemKeys: Array<{ pk: string; sk: string }>) {
  for (let i = 0; i < itemKeys.length; i += 25) {
    let requests: Record<string, unknown>[] | undefined = itemKeys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests?.length && attempt < 5; attempt++) {
      const res = await ddb.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
      requests = res.UnprocessedItems?.[tableName] as Record<string, unknown>[] | undefined;
      if (requests?.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
}

/** Pattern 52: the listing an earlier create with this key made, while the key lives. */
async function findByIdempotencyKey(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  userId: string,
  idempotencyKey: string,
): Promise<string | null> {
  const res = await ddb.send(
    new GetCommand({ TableName: tableName, Key: keys.idempotentCreate(userId, idempotencyKey), ConsistentRead: true }),
  );
  const item = res.Item;
  if (!item || (typeof item[TTL_ATTRIBUTE] === 'number' && item[TTL_ATTRIBUTE] < Date.now() / 1000)) return null;
  return String(item.listingId);
}

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

    // Pattern 4, counted: a COUNT query over the owner's index partition (the filter keeps live ones).
    async countLive(userId) {
      let n = 0;
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const res = await ddb.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk',
            FilterExpression: '#status IN (:active, :pending)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':pk': `OWNER#${userId}`, ':active': 'active', ':pending': 'pending' },
            Select: 'COUNT',
            ExclusiveStartKey,
          }),
        );
        n += res.Count ?? 0;
        ExclusiveStartKey = res.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return n;
    },

    // One transaction: the listing, taking each claimed pending upload (it must still be there, so
    // no two listings ever share an image) and the Idempotency-Key's record (pattern 52).
    async create(record, { claimedImageKeys = [], idempotencyKey, countersByCaller = false } = {}) {
      const idem = idempotencyKey ? keys.idempotentCreate(record.userId, idempotencyKey) : null;
      const items = [
        { Put: { TableName: tableName, Item: listingItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
        ...claimedImageKeys.map((k) => ({
          Delete: { TableName: tableName, Key: keys.pendingUpload(record.userId, k), ConditionExpression: 'attribute_exists(pk)' },
        })),
        ...(idem
          ? [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...idem,
                    type: 'IdempotencyKey',
                    listingId: record.id,
                    createdAt: record.createdAt,
                    [TTL_ATTRIBUTE]: Math.floor(Date.parse(record.createdAt) / 1000) + IDEMPOTENCY_TTL_SECONDS,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ]
          : []),
        // The analytics counters move with the write (pattern 35); kept last so the indexes above stay put.
        ...(countersByCaller ? [] : counterUpdateItems(tableName, listingCreatedCounters(record))),
      ];
      const idemIndex = 1 + claimedImageKeys.length;
      try {
        await ddb.send(new TransactWriteCommand({ TransactItems: items }));
      } catch (err) {
        const reasons = failedIndexes(err);
        if (!reasons) throw err;
        if (idem && reasons.includes(idemIndex)) {
          const earlier = await findByIdempotencyKey(ddb, tableName, record.userId, idempotencyKey as string);
          if (earlier) throw new IdempotentReplay(earlier);
        }
        if (reasons.some((i) => i > 0 && i <= claimedImageKeys.length)) throw imageTakenMeanwhile();
        throw err;
      }
    },

    findByIdempotencyKey: (userId, idempotencyKey) => findByIdempotencyKey(ddb, tableName, userId, idempotencyKey),

    async replace(record, expectedUpdatedAt, claimedImageKeys = [], previousStatus) {
      try {
        await ddb.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: listingItem(record),
                  // The version the record was read at: the table moves it on by one per write (search applies changes by it).
                  ConditionExpression:
                    'attribute_exists(pk) AND updatedAt = :expected AND userId = :owner AND (attribute_not_exists(version) OR version = :version)',
                  ExpressionAttributeValues: { ':expected': expectedUpdatedAt, ':owner': record.userId, ':version': record.version ?? 0 },
                },
              },
              ...claimedImageKeys.map((k) => ({
                Delete: { TableName: tableName, Key: keys.pendingUpload(record.userId, k), ConditionExpression: 'attribute_exists(pk)' },
              })),
              ...(previousStatus && previousStatus !== record.status
                ? counterUpdateItems(tableName, {
                    [COUNTER.listingsWithStatus(previousStatus)]: -1,
                    [COUNTER.listingsWithStatus(record.status)]: 1,
                  })
                : []),
            ],
          }),
        );
      } catch (err) {
        const reasons = failedIndexes(err);
        if (reasons?.includes(0)) throw changedElsewhere();
        if (reasons?.length) throw imageTakenMeanwhile();
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

/**
 * Processed images nobody attached to a listing within a day (pattern 55 on GSI2): each is
 * taken by deleting its pending item (only if it is still there: a listing that claimed it
 * first wins), and its files are deleted. Returns the image keys taken.
 */
export async function takeUnattachedImages(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  olderThan: Date,
  limit = 200,
): Promise<string[]> {
  const res = await ddb.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :before',
      ExpressionAttributeValues: { ':pk': 'PENDINGUPLOADS', ':before': olderThan.toISOString() },
      Limit: limit,
    }),
  );
  const taken: string[] = [];
  for (const item of res.Items ?? []) {
    try {
      await ddb.send(
        new DeleteCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk }, ConditionExpression: 'attribute_exists(pk)' }),
      );
      taken.push(String(item.key));
    } catch (err) {
      if ((err as { name?: string })?.name !== 'ConditionalCheckFailedException') throw err;
    }
  }
  return taken;
}

/** Verified uploads waiting for a listing: `pk=USER#<sub>`, `sk=UPLOAD#<imageKey>`, expiring after a day. */
export function pendingUploadStore(ddb: DynamoDBDocumentClient, tableName: string): PendingUploadStore {
  return {
    async remember(userId, images, now = new Date()) {
      const validUntil = Math.floor(now.getTime() / 1000) + PENDING_UPLOAD_TTL_SECONDS;
      const expiresAt = Math.floor(now.getTime() / 1000) + PENDING_UPLOAD_KEEP_SECONDS;
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
              ...keys.pendingUploadsByDate(now.toISOString(), userId, img.key),
              validUntil,
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
          // TTL deletion lags by up to days (and the sweeper keeps items on purpose): an expired upload no longer counts.
          const until = typeof item.validUntil === 'number' ? item.validUntil : item[TTL_ATTRIBUTE];
          if (typeof until === 'number' && until < nowSeconds) continue;
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
