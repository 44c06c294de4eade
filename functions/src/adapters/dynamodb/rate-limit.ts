import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type RateLimitRequest, type RateLimitResult, type RateLimiter, windowStartOf } from '../../domain/rate-limit.js';
import { keys } from './keys.js';
import { TTL_ATTRIBUTE } from './table.js';

/**
 * Fixed-window counters (pattern 29): one item per (scope, key, window), `pk=RATE#<scope>#<key>`,
 * `sk=<windowStart ISO>`. One conditional UpdateItem counts the request only while the count is
 * below the limit, so a flood of refused requests costs one failed write each and never grows
 * the counter; DynamoDB's TTL removes the item after the window.
 */
export function createRateLimiter(ddb: DynamoDBDocumentClient, tableName: string, now: () => Date = () => new Date()): RateLimiter {
  return async ({ scope, key, limit, windowSeconds }: RateLimitRequest): Promise<RateLimitResult> => {
    const nowSeconds = Math.floor(now().getTime() / 1000);
    const windowStart = windowStartOf(nowSeconds, windowSeconds);
    const windowEnd = windowStart + windowSeconds;
    const retryAfterSeconds = Math.max(1, windowEnd - nowSeconds);
    try {
      const out = await ddb.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.rateCounter(scope, key, new Date(windowStart * 1000).toISOString()),
          UpdateExpression: 'ADD #count :one SET #ttl = :ttl',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
          ExpressionAttributeNames: { '#count': 'count', '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': windowEnd },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return { allowed: true, count: Number(out.Attributes?.count ?? 1), retryAfterSeconds };
    } catch (err) {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
      return { allowed: false, count: limit, retryAfterSeconds };
    }
  };
}
