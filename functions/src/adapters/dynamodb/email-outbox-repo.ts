import { type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DeadLetterStore, FailedEmail, OutboxRecord, OutboxStore } from '../../domain/mail/outbox.js';
import { addressOf } from '../../domain/mail/mailer.js';
import { keys } from './keys.js';
import { TTL_ATTRIBUTE } from './table.js';

/** Sent and suppressed e-mails are kept a month (support questions), failed ones half a year. */
const SENT_TTL_SECONDS = 30 * 24 * 3600;
const FAILED_TTL_SECONDS = 180 * 24 * 3600;
const epoch = (d: Date, plus: number) => Math.floor(d.getTime() / 1000) + plus;

const isConditionFailure = (err: unknown) => (err as { name?: string })?.name === 'ConditionalCheckFailedException';

const ITEM_ATTRIBUTES = ['pk', 'sk', 'gsi2pk', 'gsi2sk', 'type', TTL_ATTRIBUTE];
const recordOf = (item: Record<string, unknown>): OutboxRecord => {
  const out = { ...item };
  for (const k of ITEM_ATTRIBUTES) delete out[k];
  return out as unknown as OutboxRecord;
};

/** Pattern 53: `pk=EMAIL#<id>`, `sk=EMAIL`; GSI2 `OUTBOX#pending` by due time while pending, `OUTBOX#failed` once dead-lettered. */
export function emailOutboxStore(
  ddb: DynamoDBDocumentClient,
  tableName: string,
): OutboxStore &
  DeadLetterStore & {
    listFailed(opts?: { limit?: number; cursor?: string }): Promise<{ items: FailedEmail[]; nextCursor: string | null }>;
  } {
  const update = (id: string, expression: string, values: Record<string, unknown>, condition = 'attribute_exists(pk)') =>
    ddb.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.outboxEmail(id),
        UpdateExpression: expression,
        // `status` is a reserved word; DynamoDB refuses names an expression does not use.
        ...(`${expression} ${condition}`.includes('#status') ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
        ExpressionAttributeValues: values,
        ConditionExpression: condition,
      }),
    );
  return {
    async add(record) {
      await ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.outboxEmail(record.id),
            ...keys.outboxPending(record.nextAttemptAt ?? record.createdAt, record.id),
            type: 'OutboxEmail',
            ...record,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async due(now, limit) {
      const res = await ddb.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
          ExpressionAttributeValues: { ':pk': 'OUTBOX#pending', ':now': `${now.toISOString()}#~` },
          Limit: limit,
        }),
      );
      return (res.Items ?? []).map(recordOf).filter((r) => r.status === 'pending');
    },

    async claim(id, seenAttempts, leaseUntil) {
      const at = leaseUntil.toISOString();
      try {
        await update(
          id,
          'SET attempts = attempts + :one, nextAttemptAt = :at, gsi2sk = :sk',
          { ':one': 1, ':seen': seenAttempts, ':at': at, ':sk': keys.outboxPending(at, id).gsi2sk, ':pending': 'pending' },
          '#status = :pending AND attempts = :seen',
        );
        return true;
      } catch (err) {
        if (isConditionFailure(err)) return false;
        throw err;
      }
    },

    async get(id) {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.outboxEmail(id), ConsistentRead: true }));
      return res.Item ? recordOf(res.Item) : null;
    },

    async claimFailed(id, seenAttempts) {
      try {
        // Stays `failed` (and listed) during the attempt; the attempt count is the claim.
        await update(
          id,
          'SET attempts = attempts + :one',
          { ':one': 1, ':seen': seenAttempts, ':failed': 'failed' },
          '#status = :failed AND attempts = :seen',
        );
        return true;
      } catch (err) {
        if (isConditionFailure(err)) return false;
        throw err;
      }
    },

    async markSent(id, at) {
      await update(id, 'SET #status = :s, sentAt = :at, expiresAt = :ttl REMOVE gsi2pk, gsi2sk, nextAttemptAt', {
        ':s': 'sent',
        ':at': at.toISOString(),
        ':ttl': epoch(at, SENT_TTL_SECONDS),
      });
    },

    async markRetry(id, nextAttemptAt, error) {
      const at = nextAttemptAt.toISOString();
      await update(id, 'SET nextAttemptAt = :at, gsi2sk = :sk, lastError = :e', {
        ':at': at,
        ':sk': keys.outboxPending(at, id).gsi2sk,
        ':e': error,
      });
    },

    async markFailed(id, at, error) {
      const failed = keys.outboxFailed(at.toISOString(), id);
      await update(
        id,
        'SET #status = :s, failedAt = :at, lastError = :e, gsi2pk = :pk, gsi2sk = :sk, expiresAt = :ttl REMOVE nextAttemptAt',
        {
          ':s': 'failed',
          ':at': at.toISOString(),
          ':e': error,
          ':pk': failed.gsi2pk,
          ':sk': failed.gsi2sk,
          ':ttl': epoch(at, FAILED_TTL_SECONDS),
        },
      );
    },

    async markSuppressed(id, at) {
      await update(id, 'SET #status = :s, suppressedAt = :at, expiresAt = :ttl REMOVE gsi2pk, gsi2sk, nextAttemptAt', {
        ':s': 'suppressed',
        ':at': at.toISOString(),
        ':ttl': epoch(at, SENT_TTL_SECONDS),
      });
    },

    listFailed: (opts) => listFailedPage(ddb, tableName, opts),
  };
}

/** Pattern 53 on GSI2: dead-lettered e-mails, newest first, a page at a time. */
async function listFailedPage(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  { limit = 50, cursor }: { limit?: number; cursor?: string } = {},
): Promise<{ items: FailedEmail[]; nextCursor: string | null }> {
  const res = await ddb.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': 'OUTBOX#failed' },
      ScanIndexForward: false,
      Limit: Math.min(Math.max(1, limit), 100),
      ExclusiveStartKey: cursor ? decodeCursor(cursor) : undefined,
    }),
  );
  const items = (res.Items ?? []).map(recordOf).map(
    (r): FailedEmail => ({
      id: r.id,
      to: addressOf(r.email.to),
      subject: r.email.subject,
      attempts: r.attempts,
      lastError: r.lastError ?? null,
      createdAt: r.createdAt,
      failedAt: r.failedAt ?? '',
    }),
  );
  return { items, nextCursor: res.LastEvaluatedKey ? encodeCursor(res.LastEvaluatedKey) : null };
}

const CURSOR_KEYS = ['pk', 'sk', 'gsi2pk', 'gsi2sk'];
const encodeCursor = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');
function decodeCursor(cursor: string): Record<string, unknown> | undefined {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const ok = key && typeof key === 'object' && Object.keys(key).every((k) => CURSOR_KEYS.includes(k)) && key.gsi2pk === 'OUTBOX#failed';
    return ok ? key : undefined;
  } catch {
    return undefined;
  }
}
