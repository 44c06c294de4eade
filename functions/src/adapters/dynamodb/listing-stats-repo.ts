import { BatchGetCommand, type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ListingCounts } from '../../../../shared/schemas/enquiry.js';
import type { ListingStatsStore } from '../../domain/listings/listing-stats.js';
import { keys } from './keys.js';

/** Pattern 24: `pk=LISTING#<id>`, `sk=STATS`, counters kept with ADD so concurrent reads never lose a count. */
export function listingStatsStore(ddb: DynamoDBDocumentClient, tableName: string): ListingStatsStore {
  return {
    async addView(listingId) {
      await ddb.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.listingStats(listingId),
          UpdateExpression: 'ADD #views :one SET #type = :type',
          ExpressionAttributeNames: { '#views': 'views', '#type': 'type' },
          ExpressionAttributeValues: { ':one': 1, ':type': 'ListingStats' },
        }),
      );
    },

    async countsFor(listingIds) {
      const out = new Map<string, ListingCounts>();
      const ids = [...new Set(listingIds)];
      for (const id of ids) out.set(id, { views: 0, enquiries: 0 });
      for (let i = 0; i < ids.length; i += 100) {
        let requested: Record<string, unknown>[] | undefined = ids.slice(i, i + 100).map((id) => keys.listingStats(id));
        for (let attempt = 0; requested?.length && attempt < 5; attempt++) {
          if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
          const res = await ddb.send(
            new BatchGetCommand({
              RequestItems: {
                [tableName]: {
                  Keys: requested,
                  ProjectionExpression: 'pk, #views, #enquiries',
                  ExpressionAttributeNames: { '#views': 'views', '#enquiries': 'enquiries' },
                },
              },
            }),
          );
          for (const item of res.Responses?.[tableName] ?? []) {
            const id = String(item.pk).slice('LISTING#'.length);
            out.set(id, { views: Number(item.views ?? 0), enquiries: Number(item.enquiries ?? 0) });
          }
          requested = res.UnprocessedKeys?.[tableName]?.Keys as Record<string, unknown>[] | undefined;
        }
      }
      return out;
    },
  };
}
