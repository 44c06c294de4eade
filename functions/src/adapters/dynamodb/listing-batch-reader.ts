import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ListingBatchReader } from '../../domain/listings/live-listings.js';
import type { ListingRecord, ScrapedRecord } from '../../domain/listings/types.js';
import { keys } from './keys.js';
import { withoutKeys } from './listings-repo.js';

/** BatchGetItem's limit per request. */
const BATCH_GET_MAX = 100;

/** Every item of these keys, one BatchGetItem per 100, retrying unprocessed keys with a short back-off; missing items are absent. */
async function batchGetAll(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  keys: Record<string, unknown>[],
  projection?: string,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_MAX) {
    let pending = keys.slice(i, i + BATCH_GET_MAX);
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 5) throw new Error(`BatchGet: ${pending.length} keys still unprocessed after ${attempt} attempts`);
      if (attempt) await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
      const res = await ddb.send(
        new BatchGetCommand({
          RequestItems: { [tableName]: { Keys: pending, ...(projection ? { ProjectionExpression: projection } : {}) } },
        }),
      );
      items.push(...(res.Responses?.[tableName] ?? []));
      pending = (res.UnprocessedKeys?.[tableName]?.Keys as Record<string, unknown>[] | undefined) ?? [];
    }
  }
  return items;
}

/**
 * Patterns 1 and 7, several at once: user and scraped listings by id (compare and recently viewed
 * read at most 12); and pattern 10 for their sellers' account types (compare's trade or private).
 */
export function listingBatchReader(ddb: DynamoDBDocumentClient, tableName: string): ListingBatchReader {
  return {
    async getMany({ listings, scraped }) {
      const all = [...new Set(listings)].map((id) => keys.listing(id)).concat([...new Set(scraped)].map((id) => keys.scraped(id)));
      const items = await batchGetAll(ddb, tableName, all);
      return {
        listings: items.filter((i) => String(i.pk).startsWith('LISTING#')).map((i) => withoutKeys<ListingRecord>(i)),
        scraped: items.filter((i) => String(i.pk).startsWith('SCRAPED#')).map((i) => withoutKeys<ScrapedRecord>(i)),
      };
    },

    async dealerAccounts(userIds) {
      const profiles = await batchGetAll(
        ddb,
        tableName,
        [...new Set(userIds)].map((id) => keys.profile(id)),
        'pk, accountType',
      );
      return new Set(profiles.filter((p) => p.accountType === 'dealer').map((p) => String(p.pk).slice('USER#'.length)));
    },
  };
}
