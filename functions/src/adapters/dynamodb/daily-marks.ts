import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type DailyMarks, dayOf } from '../../domain/daily-marks.js';
import { keys } from './keys.js';
import { TTL_ATTRIBUTE } from './table.js';

/** Marks outlive their day by a day (TTL), so a slow TTL sweep never lets a repeat count. */
const MARK_TTL_SECONDS = 2 * 24 * 3600;

/** Pattern 51: `pk=ONCE#<scope>#<who>`, `sk=<day>#<subject>`, put only when absent, TTL two days. */
export function dailyMarks(ddb: DynamoDBDocumentClient, tableName: string): DailyMarks {
  return {
    async markFirst(scope, who, subject, now) {
      try {
        await ddb.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.dailyMark(scope, who, dayOf(now), subject),
              type: 'DailyMark',
              [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + MARK_TTL_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (err) {
        if ((err as { name?: string })?.name === 'ConditionalCheckFailedException') return false;
        throw err;
      }
    },
    async unmark(scope, who, subject, now) {
      await ddb.send(new DeleteCommand({ TableName: tableName, Key: keys.dailyMark(scope, who, dayOf(now), subject) }));
    },
  };
}
