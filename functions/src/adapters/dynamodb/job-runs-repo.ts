import { type DynamoDBDocumentClient, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BatchRun, BatchRunLog } from '../../domain/jobs/job-runs.js';
import { keys } from './keys.js';
import { TTL_ATTRIBUTE } from './table.js';

/** Runs and their batch markers expire after this long; the Jobs panel shows the latest 20. */
const RUN_TTL_SECONDS = 90 * 24 * 3600;

const isConditionFailure = (err: unknown) => {
  const e = err as { name?: string; CancellationReasons?: Array<{ Code?: string }> };
  return (
    e?.name === 'ConditionalCheckFailedException' ||
    (e?.name === 'TransactionCanceledException' && (e.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed'))
  );
};

/** Batch job runs (patterns 30b, 30c): one item per run, counters added by each batch once. */
export function batchRunLog(ddb: DynamoDBDocumentClient, tableName: string): BatchRunLog {
  const expiresAt = () => Math.floor(Date.now() / 1000) + RUN_TTL_SECONDS;
  return {
    async start({ runId, jobId, startedAt, batches, items }) {
      await ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.batchRun(runId),
            type: 'BatchRun',
            runId,
            jobId,
            startedAt,
            finishedAt: batches === 0 ? startedAt : null,
            batches,
            batchesDone: 0,
            items,
            itemsDone: 0,
            sent: 0,
            failedAttempts: 0,
            [TTL_ATTRIBUTE]: expiresAt(),
          },
        }),
      );
    },
    async recordBatch(runId, batch, result, at) {
      try {
        await ddb.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.batchRunBatch(runId, batch), type: 'BatchRunBatch', at, ...result, [TTL_ATTRIBUTE]: expiresAt() },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.batchRun(runId),
                  ConditionExpression: 'attribute_exists(pk)',
                  UpdateExpression: 'ADD batchesDone :one, itemsDone :items, sent :sent',
                  ExpressionAttributeValues: { ':one': 1, ':items': result.itemsDone, ':sent': result.sent },
                },
              },
            ],
          }),
        );
      } catch (err) {
        // Recorded already (a redelivered message), or a run nobody started (a message from before runs were kept).
        if (isConditionFailure(err)) return;
        throw err;
      }
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.batchRun(runId),
            ConditionExpression: 'batchesDone >= batches AND finishedAt = :null',
            UpdateExpression: 'SET finishedAt = :at',
            ExpressionAttributeValues: { ':at': at, ':null': null },
          }),
        );
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    },
    async recordFailedAttempt(runId) {
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.batchRun(runId),
            ConditionExpression: 'attribute_exists(pk)',
            UpdateExpression: 'ADD failedAttempts :one',
            ExpressionAttributeValues: { ':one': 1 },
          }),
        );
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    },
    async recent(limit) {
      const res = await ddb.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.batchRun('').pk },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (res.Items ?? []).map(
        (i): BatchRun => ({
          runId: String(i.runId),
          jobId: String(i.jobId),
          startedAt: String(i.startedAt),
          finishedAt: typeof i.finishedAt === 'string' ? i.finishedAt : null,
          batches: Number(i.batches ?? 0),
          batchesDone: Number(i.batchesDone ?? 0),
          items: Number(i.items ?? 0),
          itemsDone: Number(i.itemsDone ?? 0),
          sent: Number(i.sent ?? 0),
          failedAttempts: Number(i.failedAttempts ?? 0),
        }),
      );
    },
  };
}
