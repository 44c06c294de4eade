import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sendDigests } from '../../domain/alerts/send-alerts.js';
import { alertDeps, batchRuns$, newListingsSince } from './deps.js';
import type { DigestMessage } from './fan-out.js';
import { observed } from '../../observability.js';

/** The alert-digests queue's worker: one message = up to 50 users' digests; failures are retried per message. */
const run = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const deps = alertDeps();
  const runs = batchRuns$();
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    let msg: DigestMessage | undefined;
    try {
      msg = JSON.parse(record.body) as DigestMessage;
      const done = await sendDigests(deps, msg.frequency, msg.userIds, msg.runAt, newListingsSince);
      // The batch's share of its run, for the admin Jobs panel (recorded once per batch).
      if (msg.runId && msg.batch !== undefined)
        await runs.recordBatch(msg.runId, msg.batch, { itemsDone: msg.userIds.length, sent: done.sent }, new Date().toISOString());
    } catch (err) {
      deps.log('Digest message failed', { messageId: record.messageId, error: err instanceof Error ? err.message : String(err) });
      failures.push({ itemIdentifier: record.messageId });
      if (msg?.runId) await runs.recordFailedAttempt(msg.runId).catch(() => undefined);
    }
  }
  return { batchItemFailures: failures };
};

export const handler = observed('jobs/alerts/digest-worker', run);
