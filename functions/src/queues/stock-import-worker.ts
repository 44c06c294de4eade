import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { z } from 'zod';
import { carryOutImportReview } from '../domain/stock-import/import-review.js';
import { runStockImport } from '../domain/stock-import/stock-imports.js';
import { logError } from '../http/my-listings/deps.js';
import { applyImportDeps, stockImportDeps } from '../http/my-imports/deps.js';

const messageSchema = z.object({
  userId: z.string().min(1),
  importId: z.string().min(1),
  /** Staff's decision on a first import (import-review.ts), instead of an apply. */
  review: z.enum(['approve', 'refuse']).optional(),
});

/** Applies queued stock imports and staff's reviews of first imports (queues.ts 'stock-imports'); a failed message is retried, then dead-lettered. */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const parsed = messageSchema.safeParse(JSON.parse(record.body));
    if (!parsed.success) {
      logError('Stock import message is malformed; dropped', record.body);
      continue;
    }
    try {
      const { userId, importId, review } = parsed.data;
      if (review) await carryOutImportReview(stockImportDeps(), applyImportDeps(), userId, importId, review);
      else await runStockImport(stockImportDeps(), applyImportDeps(), userId, importId);
    } catch (err) {
      logError(`Stock import ${parsed.data.importId} failed`, err);
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
};
