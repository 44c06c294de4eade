import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { z } from 'zod';
import { accountListingsStore } from '../adapters/dynamodb/account-listings-store.js';
import { ddb } from '../adapters/dynamodb/client.js';
import { accountListingsQueue } from '../adapters/queues/account-listings-queue.js';
import { config } from '../config.js';
import { syncAccountListings } from '../domain/admin/account-listings.js';
import { logger, observed } from '../observability.js';

const messageSchema = z.object({
  userId: z.string().min(1),
  jobId: z.string().min(1),
  status: z.enum(['active', 'suspended']),
  cursor: z.string().min(1).optional(),
  changed: z.number().int().min(0).optional(),
});

/**
 * Hides or shows a suspended or reactivated account's listings (domain/admin/account-listings.ts),
 * one message per status change. A failed run is retried by the queue from where its message
 * starts (the job is idempotent), then dead-lettered; a malformed message is dropped with a log
 * line (a retry could not fix it).
 */
const run = async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    let body: unknown;
    try {
      body = JSON.parse(record.body);
    } catch {
      body = undefined;
    }
    const parsed = messageSchema.safeParse(body);
    if (!parsed.success) {
      logger.error('Malformed account-listings message dropped', { body: record.body });
      continue;
    }
    try {
      const result = await syncAccountListings(
        {
          store: accountListingsStore(ddb, config.tableName),
          queue: accountListingsQueue(),
          now: () => new Date(),
          timeLeftMs: () => context?.getRemainingTimeInMillis?.() ?? 300_000,
        },
        parsed.data,
      );
      logger.info('Account listings job run', {
        userId: parsed.data.userId,
        jobId: parsed.data.jobId,
        status: parsed.data.status,
        ...result,
      });
    } catch (err) {
      logger.error('Account listings job run failed', { userId: parsed.data.userId, jobId: parsed.data.jobId, error: err as Error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
};

export const handler = observed('queues/account-listings-worker', run);
