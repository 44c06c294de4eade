import { queryAll as queryAllItems } from './query-all.js';
import {
  BatchWriteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { FeedChanges, SearchFeed } from '../../domain/search/search-service.js';
import { type ListingRecord, type ScrapedRecord, SCRAPED_ID_PREFIX, isScrapedListed } from '../../domain/listings/types.js';
import { COUNTER, counterUpdateItems } from './counters.js';
import { CHANGE_SHARDS, keys } from './keys.js';
import { TTL_ATTRIBUTE } from './table.js';
import type { TransactItem } from './audited-write.js';

/** Item type tags, so the change feed (which mixes kinds) can tell them apart. */
const TYPE = { listing: 'Listing', scraped: 'Scraped', tombstone: 'ListingTombstone' } as const;
const TOMBSTONE_TTL_SECONDS = 7 * 24 * 3600;
/** Parallel key-range segments per status partition when loading the whole index at cold start. */
const LOAD_SEGMENTS = 8;
const BATCH_SIZE = 25;
const BATCH_CONCURRENCY = 8;

type Item = Record<string, unknown>;

const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'type', TTL_ATTRIBUTE];
export function withoutKeys<T>(item: Item): T {
  const copy: Item = { ...item };
  for (const k of KEY_ATTRIBUTES) delete copy[k];
  return copy as T;
}

/**
 * Writes an item and increments its `version` in the same request (issue 7 "Search feed bug"):
 * search applies changes by this version, which only the table sets, so a writer whose clock is
 * behind still reaches every warm index. Every attribute of the item is set (records carry every
 * field, null when unknown), so this replaces the item like a Put.
 */
function versionedUpdate(tableName: string, item: Item) {
  const { pk, sk, version: _ignored, ...rest } = item;
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':zero': 0, ':one': 1 };
  const sets: string[] = [];
  let i = 0;
  for (const [name, value] of Object.entries(rest)) {
    if (value === undefined) continue;
    names[`#a${i}`] = name;
    values[`:a${i}`] = value;
    sets.push(`#a${i} = :a${i}`);
    i++;
  }
  sets.push('#version = if_not_exists(#version, :zero) + :one');
  return new UpdateCommand({
    TableName: tableName,
    Key: { pk, sk },
    UpdateExpression: `SET ${sets.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
}

/** A listing as a table item; `version` is the next one after the record's (owner writes check the record's). */
export function listingItem(record: ListingRecord): Item {
  return {
    ...record,
    version: (record.version ?? 0) + 1,
    ...keys.listing(record.id),
    ...keys.listingByOwner(record.userId, record.createdAt, record.id),
    ...keys.listingByStatus(record.status, record.createdAt, record.id),
    // The feed is keyed on when the item was written, not on the record's own updatedAt: a write
    // carrying an older timestamp (a seed, an import) must still reach every warm search index.
    ...keys.change(new Date().toISOString(), record.id),
    type: TYPE.listing,
  };
}

export function scrapedItem(record: ScrapedRecord): Item {
  return {
    ...record,
    version: (record.version ?? 0) + 1,
    ...keys.scraped(record.id),
    ...keys.scrapedBySource(record.sourceWebsite, record.externalId),
    // Hidden ones (staff, duplicates) leave the active partition, so a cold-start index never loads them.
    ...keys.scrapedByStatus(isScrapedListed(record), record.scrapedAt, record.id),
    // Namespaced like the API id, so a scraped id can never collide with a listing id in the feed.
    ...keys.change(new Date().toISOString(), `${SCRAPED_ID_PREFIX}${record.id}`),
    type: TYPE.scraped,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function edgeSortKey(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  partition: string,
  forward: boolean,
): Promise<string | undefined> {
  const page = await ddb.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ProjectionExpression: 'gsi2sk',
      ScanIndexForward: forward,
      Limit: 1,
    }),
  );
  return page.Items?.[0]?.gsi2sk as string | undefined;
}

/**
 * A whole gsi2 partition (`<createdAt>#<id>` sort keys), read as parallel time-range segments:
 * one partition pages 1 MB at a time, so a sequential read of 100k listings would take seconds.
 */
async function loadPartition(ddb: DynamoDBDocumentClient, tableName: string, partition: string): Promise<Item[]> {
  const queryAll = (input: Omit<QueryCommandInput, 'TableName'>): Promise<Item[]> => queryAllItems(ddb, { ...input, TableName: tableName });
  const [first, last] = await Promise.all([edgeSortKey(ddb, tableName, partition, true), edgeSortKey(ddb, tableName, partition, false)]);
  if (!first || !last) return [];
  const lo = Date.parse(first.split('#')[0]);
  const hi = Date.parse(last.split('#')[0]);
  const base = { IndexName: 'gsi2' } as const;
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi - lo < LOAD_SEGMENTS) {
    return queryAll({ ...base, KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': partition } });
  }
  // Boundaries are bare ISO times; every sort key is `<time>#<id>`, so none equals a boundary.
  const bounds = Array.from({ length: LOAD_SEGMENTS - 1 }, (_, i) => new Date(lo + ((hi - lo) * (i + 1)) / LOAD_SEGMENTS).toISOString());
  const segments: Promise<Item[]>[] = [];
  segments.push(
    queryAll({
      ...base,
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :b',
      ExpressionAttributeValues: { ':pk': partition, ':b': bounds[0] },
    }),
  );
  for (let i = 0; i + 1 < bounds.length; i++) {
    segments.push(
      queryAll({
        ...base,
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :a AND :b',
        ExpressionAttributeValues: { ':pk': partition, ':a': bounds[i], ':b': bounds[i + 1] },
      }),
    );
  }
  segments.push(
    queryAll({
      ...base,
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk >= :a',
      ExpressionAttributeValues: { ':pk': partition, ':a': bounds[bounds.length - 1] },
    }),
  );
  return (await Promise.all(segments)).flat();
}

/** Writes new items 25 per BatchWrite, 8 batches at a time, retrying unprocessed items with backoff. */
async function batchWrite(ddb: DynamoDBDocumentClient, tableName: string, items: Item[]): Promise<void> {
  const chunks: Item[][] = [];
  for (let i = 0; i < items.length; i += BATCH_SIZE) chunks.push(items.slice(i, i + BATCH_SIZE));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++];
      let requests = chunk.map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; requests.length > 0; attempt++) {
        if (attempt > 0) await sleep(Math.min(2000, 50 * 2 ** attempt) * (0.5 + Math.random()));
        if (attempt > 10) throw new Error(`BatchWrite: ${requests.length} items still unprocessed after ${attempt} attempts`);
        const res = await ddb.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
        requests = (res.UnprocessedItems?.[tableName] ?? []) as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, chunks.length) }, worker));
}

export interface ListingsRepoOptions {
  ddb: DynamoDBDocumentClient;
  tableName: string;
}

export type ListingsRepo = ReturnType<typeof createListingsRepo>;

/** Listings and scraped listings in the single table (docs/data-model.md patterns 1–9). */
export function createListingsRepo({ ddb, tableName }: ListingsRepoOptions) {
  const queryAll = (input: Omit<QueryCommandInput, 'TableName'>): Promise<Item[]> => queryAllItems(ddb, { ...input, TableName: tableName });

  const repo = {
    tableName,

    /** Pattern 1–4, 5: writes a user listing with its owner, status and change-feed keys; the table increments its version. */
    async putListing(record: ListingRecord): Promise<void> {
      await ddb.send(versionedUpdate(tableName, listingItem(record)));
    },

    /** Pattern 7–9, 5: writes a scraped listing with its source, status and change-feed keys; the table increments its version. */
    async putScraped(record: ScrapedRecord): Promise<void> {
      await ddb.send(versionedUpdate(tableName, scrapedItem(record)));
    },

    /** Seeds and the benchmark: many new listings (version 1), 25 per BatchWrite, retrying unprocessed items. */
    async putListingsBatch(records: ListingRecord[]): Promise<void> {
      await batchWrite(ddb, tableName, records.map(listingItem));
    },

    async putScrapedBatch(records: ScrapedRecord[]): Promise<void> {
      await batchWrite(ddb, tableName, records.map(scrapedItem));
    },

    /** Pattern 10, one attribute: whether the seller is an approved dealer (the detail page's badge). */
    async sellerApprovedDealer(userId: string): Promise<boolean> {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.profile(userId), ProjectionExpression: 'dealerStatus' }));
      return res.Item?.dealerStatus === 'approved';
    },

    /** Pattern 10, three attributes: approval, account type and storefront slug (the detail page's seller line, issue 26). */
    async sellerOf(userId: string) {
      const res = await ddb.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.profile(userId),
          ProjectionExpression: 'dealerStatus, accountType, storefrontSlug, accountStatus',
        }),
      );
      const item = res.Item ?? {};
      return {
        suspended: item.accountStatus === 'suspended',
        approved: item.dealerStatus === 'approved',
        trade: item.accountType === 'dealer',
        storefrontSlug: typeof item.storefrontSlug === 'string' ? item.storefrontSlug : null,
      };
    },

    /** Pattern 1: a user listing by id (any status). */
    async getListing(id: string): Promise<ListingRecord | null> {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.listing(id) }));
      return res.Item ? withoutKeys<ListingRecord>(res.Item) : null;
    },

    /** Pattern 7: a scraped listing by its id (without the 'scraped-' prefix). */
    async getScraped(id: string): Promise<ScrapedRecord | null> {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.scraped(id) }));
      return res.Item ? withoutKeys<ScrapedRecord>(res.Item) : null;
    },

    /** Patterns 2 and 8: every active listing and active scraped listing (search index cold start). */
    async loadAllActive(): Promise<{ listings: ListingRecord[]; scraped: ScrapedRecord[] }> {
      const [listings, scraped] = await Promise.all([
        loadPartition(ddb, tableName, 'LSTATUS#active'),
        loadPartition(ddb, tableName, 'SSTATUS#active'),
      ]);
      return {
        listings: listings.map((i) => withoutKeys<ListingRecord>(i)),
        scraped: scraped.map((i) => withoutKeys<ScrapedRecord>(i)),
      };
    },

    /**
     * Pattern 5: listings, scraped listings and tombstones whose change key sorts after the cursor,
     * from every shard. Callers overlap their cursor a little and de-duplicate (SearchService).
     */
    async changesSince(cursorIso: string): Promise<FeedChanges> {
      const shards = await Promise.all(
        Array.from({ length: CHANGE_SHARDS }, (_, n) =>
          queryAll({
            IndexName: 'gsi3',
            KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk > :cursor',
            ExpressionAttributeValues: { ':pk': `CHANGES#${n}`, ':cursor': cursorIso },
          }),
        ),
      );
      const changes: FeedChanges = { listings: [], scraped: [], removedIds: [] };
      for (const item of shards.flat()) {
        if (item.type === TYPE.listing) changes.listings.push(withoutKeys<ListingRecord>(item));
        else if (item.type === TYPE.scraped) changes.scraped.push(withoutKeys<ScrapedRecord>(item));
        else if (item.type === TYPE.tombstone) changes.removedIds.push(String(item.id));
      }
      return changes;
    },

    /** Pattern 1, 6: deletes a user listing and leaves a tombstone (7-day TTL) on the change feed. */
    /** `also`: items committed in the same transaction (a staff deletion's audit entry). */
    async deleteListing(id: string, now: Date = new Date(), also: TransactItem[] = []): Promise<boolean> {
      const existing = await repo.getListing(id);
      if (!existing) return false;
      const deletedAt = now.toISOString();
      await ddb.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: tableName, Key: keys.listing(id) } },
            ...counterUpdateItems(tableName, { [COUNTER.listings]: -1, [COUNTER.listingsWithStatus(existing.status)]: -1 }),
            {
              Put: {
                TableName: tableName,
                Item: {
                  ...keys.listingTombstone(id),
                  ...keys.change(deletedAt, id),
                  type: TYPE.tombstone,
                  id,
                  userId: existing.userId,
                  deletedAt,
                  [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + TOMBSTONE_TTL_SECONDS,
                },
              },
            },
            ...also,
          ],
        }),
      );
      return true;
    },
  } satisfies SearchFeed & Record<string, unknown>;

  return repo;
}
