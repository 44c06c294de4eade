import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SitemapBuildState, SitemapListingSource } from '../../domain/seo/publish-sitemap.js';
import { keys } from './keys.js';
import { queryAll } from './query-all.js';

const isConditionFailure = (err: unknown) => (err as { name?: string })?.name === 'ConditionalCheckFailedException';

/**
 * A change marked this shortly before a build started stays pending: the build reads GSI2, which
 * is eventually consistent, so it may not see that change yet. The schedule then builds again.
 */
const GSI_LAG_MARGIN_MS = 10_000;

/** Pattern 2, projected to what the sitemap needs: ids and change times of active listings. */
export function sitemapListingSource(ddb: DynamoDBDocumentClient, tableName: string): SitemapListingSource {
  return {
    async activeListingStamps() {
      const items = await queryAll(ddb, {
        TableName: tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': 'LSTATUS#active' },
        ProjectionExpression: 'id, updatedAt',
      });
      return items.map((i) => ({ id: String(i.id), updatedAt: String(i.updatedAt ?? '') }));
    },
    // Pattern 63b: the visible storefronts (hidden ones have no directory keys).
    async storefrontStamps() {
      const items = await queryAll(ddb, {
        TableName: tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': 'STOREFRONTS' },
        ProjectionExpression: 'slug, updatedAt',
      });
      return items.map((i) => ({ slug: String(i.slug), updatedAt: String(i.updatedAt ?? '') }));
    },
  };
}

/** Pattern 50: the sitemap's build state, `pk=SITEMAP`, `sk=STATE` (builtAt, dirtyAt, eventBuildAt, jobBuildAt, urls). */
export function sitemapBuildState(ddb: DynamoDBDocumentClient, tableName: string): SitemapBuildState {
  const Key = keys.sitemapState();
  return {
    async markChangedAndClaim(now, minIntervalMs) {
      const at = now.toISOString();
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: tableName,
            Key,
            UpdateExpression: 'SET dirtyAt = :now, eventBuildAt = :now',
            ConditionExpression: 'attribute_not_exists(eventBuildAt) OR eventBuildAt < :cutoff',
            ExpressionAttributeValues: { ':now': at, ':cutoff': new Date(now.getTime() - minIntervalMs).toISOString() },
          }),
        );
        return true;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
      await ddb.send(
        new UpdateCommand({ TableName: tableName, Key, UpdateExpression: 'SET dirtyAt = :now', ExpressionAttributeValues: { ':now': at } }),
      );
      return false;
    },

    async claimIfDue(now, maxAgeMs) {
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: tableName,
            Key,
            UpdateExpression: 'SET jobBuildAt = :now',
            ConditionExpression: 'attribute_not_exists(builtAt) OR attribute_exists(dirtyAt) OR builtAt < :stale',
            ExpressionAttributeValues: { ':now': now.toISOString(), ':stale': new Date(now.getTime() - maxAgeMs).toISOString() },
          }),
        );
        return true;
      } catch (err) {
        if (isConditionFailure(err)) return false;
        throw err;
      }
    },

    async recordBuilt(startedAt, urls) {
      const values = { ':built': startedAt.toISOString(), ':urls': urls };
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: tableName,
            Key,
            UpdateExpression: 'SET builtAt = :built, urls = :urls REMOVE dirtyAt',
            ConditionExpression: 'attribute_not_exists(dirtyAt) OR dirtyAt < :settled',
            ExpressionAttributeValues: { ...values, ':settled': new Date(startedAt.getTime() - GSI_LAG_MARGIN_MS).toISOString() },
          }),
        );
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
        // A change arrived during (or just before) the build: keep it pending for the next one.
        await ddb.send(
          new UpdateCommand({
            TableName: tableName,
            Key,
            UpdateExpression: 'SET builtAt = :built, urls = :urls',
            ExpressionAttributeValues: values,
          }),
        );
      }
    },
  };
}
