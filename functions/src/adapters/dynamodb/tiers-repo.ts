import { DeleteCommand, type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SubscriptionTier } from '../../../../shared/schemas/alerts.js';
import { keys } from './keys.js';

/** A subscription tier as stored (pattern: pk TIER, sk <tier id>), with the Stripe price checkout uses. */
export interface TierItem extends SubscriptionTier {
  stripePriceId: string;
}

/**
 * Makes the TIER partition hold exactly `tiers`: each one written, any other tier item removed
 * (a plan dropped from PLANS leaves the plan picker). Writes are whole-item puts, so running it
 * again with the same tiers changes nothing.
 */
export async function replaceTiers(ddb: DynamoDBDocumentClient, tableName: string, tiers: readonly TierItem[]) {
  const res = await ddb.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.tier('').pk },
      ProjectionExpression: 'pk, sk',
      ConsistentRead: true,
    }),
  );
  const wanted = new Set(tiers.map((t) => keys.tier(t.id).sk));
  const stale = (res.Items ?? []).filter((i) => !wanted.has(String(i.sk)));
  await Promise.all([
    ...tiers.map((tier) =>
      ddb.send(new PutCommand({ TableName: tableName, Item: { ...keys.tier(tier.id), type: 'SubscriptionTier', ...tier } })),
    ),
    ...stale.map((i) => ddb.send(new DeleteCommand({ TableName: tableName, Key: { pk: i.pk, sk: i.sk } }))),
  ]);
  return { written: tiers.length, removed: stale.map((i) => String(i.sk)) };
}
