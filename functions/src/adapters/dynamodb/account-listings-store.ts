import { BatchGetCommand, type DynamoDBDocumentClient, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountListingsStore } from '../../domain/admin/ports.js';
import type { ListingRecord } from '../../domain/listings/types.js';
import { keys } from './keys.js';
import { listingItem } from './listings-repo.js';
import { recordFromItem } from './owner-listings-repo.js';
import { byGsi, page } from './paging.js';
import type { TransactItem } from './audited-write.js';

/** Times a batch is re-read and written again when one of its listings changed meanwhile, before the job's run fails (and the queue retries it). */
const BATCH_ATTEMPTS = 3;
const LISTING_PK = keys.listing('').pk;

/**
 * The account-listings job's storage (pattern 3: a seller's listings on gsi1; pattern 10: the
 * profile, whose `listingsJobId` names the latest job and `listingsSync` says it is unfinished).
 */
export function accountListingsStore(ddb: DynamoDBDocumentClient, tableName: string): AccountListingsStore {
  async function readConsistently(ids: string[]): Promise<ListingRecord[]> {
    if (!ids.length) return [];
    const res = await ddb.send(
      new BatchGetCommand({ RequestItems: { [tableName]: { Keys: ids.map((id) => keys.listing(id)), ConsistentRead: true } } }),
    );
    let items = res.Responses?.[tableName] ?? [];
    // Unprocessed keys (throttling) are read one by one.
    const left = res.UnprocessedKeys?.[tableName]?.Keys ?? [];
    for (const key of left) {
      const one = await ddb.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
      if (one.Item) items = [...items, one.Item];
    }
    return items.map(recordFromItem);
  }

  /** The batch as one transaction: the profile still names this job, and each listing is as read. */
  function batchWrite(userId: string, jobId: string, listings: ListingRecord[], hidden: boolean, at: string): TransactItem[] {
    return [
      {
        ConditionCheck: {
          TableName: tableName,
          Key: keys.profile(userId),
          ConditionExpression: 'listingsJobId = :job',
          ExpressionAttributeValues: { ':job': jobId },
        },
      },
      ...listings.map((r): TransactItem => {
        const next: ListingRecord = { ...r, updatedAt: at };
        if (hidden) next.ownerSuspended = true;
        else delete next.ownerSuspended;
        // A new updatedAt gives the listing a new change-feed key, so search sees it within its refresh.
        return {
          Put: {
            TableName: tableName,
            Item: listingItem(next),
            ConditionExpression: 'updatedAt = :expected',
            ExpressionAttributeValues: { ':expected': r.updatedAt },
          },
        };
      }),
    ];
  }

  return {
    async currentJob(userId) {
      const res = await ddb.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.profile(userId),
          ConsistentRead: true,
          ProjectionExpression: 'listingsJobId, accountStatus',
        }),
      );
      if (!res.Item) return null;
      return {
        jobId: typeof res.Item.listingsJobId === 'string' ? res.Item.listingsJobId : null,
        status: res.Item.accountStatus === 'suspended' ? 'suspended' : 'active',
      };
    },
    async page(userId, cursor, limit) {
      // The index is read for the page's keys only; the listings themselves are read by key, consistently.
      const res = await page(ddb, { ...byGsi(tableName, 'gsi1', `OWNER#${userId}`), ProjectionExpression: 'pk' }, cursor, limit);
      const listings = await readConsistently(res.items.map((i) => String(i.pk).slice(LISTING_PK.length)));
      return { listings, nextCursor: res.nextCursor };
    },
    async setHidden(userId, jobId, listings, hidden, at) {
      let batch = listings;
      for (let attempt = 1; ; attempt++) {
        try {
          await ddb.send(new TransactWriteCommand({ TransactItems: batchWrite(userId, jobId, batch, hidden, at) }));
          return 'written';
        } catch (err) {
          const e = err as { name?: string; CancellationReasons?: Array<{ Code?: string }> };
          if (e.name !== 'TransactionCanceledException') throw err;
          const reasons = e.CancellationReasons ?? [];
          if (reasons[0]?.Code === 'ConditionalCheckFailed') return 'superseded';
          const listingChanged = reasons.slice(1).some((r) => r.Code === 'ConditionalCheckFailed');
          if (!listingChanged || attempt >= BATCH_ATTEMPTS) throw err;
          // A listing changed since it was read (its owner's last write, a stock import's worker): read the batch again.
          batch = (await readConsistently(batch.map((l) => l.id))).filter((l) => Boolean(l.ownerSuspended) !== hidden);
          if (!batch.length) return 'written';
        }
      }
    },
    async finish(userId, jobId, at) {
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.profile(userId),
            ConditionExpression: 'listingsJobId = :job',
            UpdateExpression: 'SET listingsSyncedAt = :at REMOVE listingsSync',
            ExpressionAttributeValues: { ':job': jobId, ':at': at },
          }),
        );
      } catch (err) {
        // A later status change owns the marker now; its own job clears it.
        if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
      }
    },
  };
}
