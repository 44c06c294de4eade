import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sendDigests } from '../../domain/alerts/send-alerts.js';
import { alertDeps, newListingsSince } from './deps.js';
import type { DigestMessage } from './fan-out.js';
import { observed } from '../../observability.js';

/** The alert-digests queue's worker: one message = up to 50 users' digests; failures are retried per message. */
const run = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const deps = alertDeps();
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const msg = JSON.parse(record.body) as DigestMessage;
      await sendDigests(deps, msg.frequency, msg.userIds, msg.runAt, newListingsSince);
    } catch (err) {
      deps.log('Digest message failed', { messageId: record.messageId, error: err instanceof Error ? err.message : String(err) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
};

export const handler = observed('jobs/alerts/digest-worker', run);
