import { type DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DayHours } from '../../../../shared/schemas/storefront.js';
import type { SlugEntry, StoredLogo, StorefrontRecord, StorefrontStore } from '../../domain/dealers/storefronts.js';
import { writeAudited } from './audited-write.js';
import { keys } from './keys.js';
import { queryAll } from './query-all.js';

const isConditionFailure = (err: unknown) => {
  const e = err as { name?: string; CancellationReasons?: Array<{ Code?: string }> };
  return (
    e?.name === 'ConditionalCheckFailedException' ||
    (e?.name === 'TransactionCanceledException' && (e.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed'))
  );
};

function recordOf(item: Record<string, unknown>): StorefrontRecord {
  return {
    slug: String(item.slug),
    userId: String(item.userId),
    companyName: String(item.companyName ?? ''),
    about: String(item.about ?? ''),
    town: (item.town as string | null | undefined) ?? null,
    postcodeDistrict: (item.postcodeDistrict as string | null | undefined) ?? null,
    lat: typeof item.lat === 'number' ? item.lat : null,
    lon: typeof item.lon === 'number' ? item.lon : null,
    hours: (item.hours as DayHours[] | null | undefined) ?? null,
    logo: (item.logo as StoredLogo | null | undefined) ?? null,
    hidden: item.hidden === true,
    approved: item.approved === true,
    createdAt: String(item.createdAt ?? ''),
    updatedAt: String(item.updatedAt ?? item.createdAt ?? ''),
  };
}

/** The stored item: pattern 63, and while visible the directory's keys (63b). */
function storefrontItem(r: StorefrontRecord): Record<string, unknown> {
  return { ...keys.storefront(r.slug), ...(r.hidden ? {} : keys.storefrontsByName(r.companyName, r.slug)), type: 'Storefront', ...r };
}

/** Storefronts (patterns 63, 63b) and the profile's `storefrontSlug` pointer (pattern 10). */
export function storefrontStore(ddb: DynamoDBDocumentClient, tableName: string): StorefrontStore {
  const get = async (key: Record<string, string>, consistent = false) =>
    (await ddb.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: consistent }))).Item;
  return {
    async bySlug(slug) {
      const item = await get(keys.storefront(slug));
      if (!item) return null;
      if (typeof item.redirectTo === 'string') return { kind: 'redirect', to: item.redirectTo, userId: String(item.userId) } as SlugEntry;
      return { kind: 'storefront', record: recordOf(item) };
    },
    async slugOfUser(userId) {
      const item = await get(keys.profile(userId), true);
      return typeof item?.storefrontSlug === 'string' ? item.storefrontSlug : null;
    },
    async claim(record, previousSlug) {
      try {
        await ddb.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                // Free, or this same dealer's own old slug (now a redirect) taken back.
                Put: {
                  TableName: tableName,
                  Item: storefrontItem(record),
                  ConditionExpression: 'attribute_not_exists(pk) OR (userId = :me AND attribute_exists(redirectTo))',
                  ExpressionAttributeValues: { ':me': record.userId },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.profile(record.userId),
                  UpdateExpression: 'SET storefrontSlug = :slug',
                  ConditionExpression: previousSlug ? 'storefrontSlug = :prev' : 'attribute_not_exists(storefrontSlug)',
                  ExpressionAttributeValues: { ':slug': record.slug, ...(previousSlug ? { ':prev': previousSlug } : {}) },
                },
              },
              ...(previousSlug
                ? [
                    {
                      Put: {
                        TableName: tableName,
                        Item: {
                          ...keys.storefront(previousSlug),
                          type: 'StorefrontRedirect',
                          redirectTo: record.slug,
                          userId: record.userId,
                        },
                      },
                    },
                  ]
                : []),
            ],
          }),
        );
        return true;
      } catch (err) {
        if (isConditionFailure(err)) return false;
        throw err;
      }
    },
    async update(slug, changes, claimedLogoKey, userId) {
      const current = await get(keys.storefront(slug), true);
      if (!current || typeof current.redirectTo === 'string') throw new Error(`storefront ${slug} is not there to update`);
      const next = { ...recordOf(current), ...changes };
      await ddb.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName,
                Item: storefrontItem(next),
                ConditionExpression: 'userId = :me AND updatedAt = :seen',
                ExpressionAttributeValues: { ':me': userId, ':seen': current.updatedAt },
              },
            },
            ...(claimedLogoKey
              ? [
                  {
                    Delete: {
                      TableName: tableName,
                      Key: keys.pendingUpload(userId, claimedLogoKey),
                      ConditionExpression: 'attribute_exists(pk)',
                    },
                  },
                ]
              : []),
          ],
        }),
      );
    },
    async setHidden(slug, hidden, updatedAt, audit) {
      const current = await get(keys.storefront(slug), true);
      if (!current || typeof current.redirectTo === 'string') throw new Error(`storefront ${slug} is not there to hide`);
      const next = { ...recordOf(current), hidden, updatedAt };
      // The storefront, the hide state on its dealer's profile (admin › Users shows it) and the audit
      // entry in one transaction (admin-repo writeAudited).
      await writeAudited(
        ddb,
        tableName,
        [
          {
            Put: {
              TableName: tableName,
              Item: storefrontItem(next),
              ConditionExpression: 'updatedAt = :seen',
              ExpressionAttributeValues: { ':seen': current.updatedAt },
            },
          },
          {
            Update: {
              TableName: tableName,
              Key: keys.profile(String(current.userId)),
              UpdateExpression: 'SET storefrontHidden = :hidden',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':hidden': hidden },
            },
          },
        ],
        audit,
      );
    },
    async listVisible() {
      const items = await queryAll(ddb, {
        TableName: tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': 'STOREFRONTS' },
      });
      return items.map(recordOf).filter((r) => !r.hidden);
    },
    async pendingLogo(userId, key) {
      const item = await get(keys.pendingUpload(userId, key), true);
      if (!item) return null;
      // As the listing forms read them (owner-listings-repo pendingUploadStore.find): an expired upload no longer counts.
      if (typeof item.validUntil === 'number' && item.validUntil < Math.floor(Date.now() / 1000)) return null;
      return { key, width: Number(item.width ?? 0), height: Number(item.height ?? 0) };
    },
  };
}

/** A dealer's live listings, newest first, at most `limit` (pattern 4 on GSI1, `OWNER#<userId>`, active only): the storefront's JSON-LD offers. */
export async function liveListingsOf(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  userId: string,
  limit: number,
): Promise<Array<{ id: string; title: string; price: number; vatStatus: string | null; imageKey: string | null }>> {
  const out: Array<{ id: string; title: string; price: number; vatStatus: string | null; imageKey: string | null }> = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const res = await ddb.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: '#status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pk': `OWNER#${userId}`, ':active': 'active' },
        ScanIndexForward: false,
        Limit: 100,
        ExclusiveStartKey,
      }),
    );
    for (const item of res.Items ?? []) {
      const images = (item.images as Array<{ key?: string }> | undefined) ?? [];
      out.push({
        id: String(item.id),
        title: String(item.title ?? ''),
        price: Number(item.price ?? 0),
        vatStatus: (item.vatStatus as string | null | undefined) ?? null,
        imageKey: images[0]?.key ?? null,
      });
    }
    ExclusiveStartKey = res.LastEvaluatedKey;
  } while (ExclusiveStartKey && out.length < limit);
  return out.slice(0, limit);
}
