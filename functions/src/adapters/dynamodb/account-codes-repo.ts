import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountCodeStore, CodePurpose, PendingCode } from '../../domain/accounts/account-codes.js';
import { keys } from './keys.js';
import { TTL_ATTRIBUTE } from './table.js';

/** DynamoDB removes a used-up or expired code within a day or two of its TTL; reads check `validUntil` themselves. */
const KEEP_SECONDS_AFTER_EXPIRY = 24 * 3600;

const isConditionFailure = (err: unknown) => (err as { name?: string }).name === 'ConditionalCheckFailedException';

function toPending(item: Record<string, unknown> | undefined): PendingCode | null {
  if (!item) return null;
  return {
    purpose: item.purpose as CodePurpose,
    email: String(item.email),
    salt: String(item.salt),
    codeHash: String(item.codeHash),
    validUntil: Number(item.validUntil),
    attempts: Number(item.attempts ?? 0),
    data: (item.data as Record<string, string> | undefined) ?? {},
  };
}

/** Pattern 61: `pk=ACCOUNTCODE#<purpose>#<email>`, `sk=CODE`. */
export function accountCodeStore(ddb: DynamoDBDocumentClient, tableName: string): AccountCodeStore {
  return {
    async put(code) {
      await ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.accountCode(code.purpose, code.email), ...code, [TTL_ATTRIBUTE]: code.validUntil + KEEP_SECONDS_AFTER_EXPIRY },
        }),
      );
    },
    async get(purpose, email) {
      const out = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.accountCode(purpose, email), ConsistentRead: true }));
      return toPending(out.Item);
    },
    async takeAttempt(purpose, email, nowSeconds, maxAttempts) {
      try {
        const out = await ddb.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.accountCode(purpose, email),
            UpdateExpression: 'ADD attempts :one',
            ConditionExpression: 'attribute_exists(pk) AND attempts < :max AND validUntil >= :now',
            ExpressionAttributeValues: { ':one': 1, ':max': maxAttempts, ':now': nowSeconds },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toPending(out.Attributes);
      } catch (err) {
        if (isConditionFailure(err)) return null;
        throw err;
      }
    },
    async remove(purpose, email, codeHash) {
      try {
        await ddb.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.accountCode(purpose, email),
            ConditionExpression: 'codeHash = :h',
            ExpressionAttributeValues: { ':h': codeHash },
          }),
        );
        return true;
      } catch (err) {
        if (isConditionFailure(err)) return false;
        throw err;
      }
    },
  };
}
