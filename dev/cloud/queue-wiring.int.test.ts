import { describe, expect, inject, it } from 'vitest';
import { queueUrlEnvVar } from '../../functions/src/adapters/queues/sender.js';
import { queues } from '../../functions/src/queues.js';
import { localFunctionsOf, roleAllows } from '../testing/template-functions.js';
import type { FunctionSpec } from './model.js';
import { localQueueUrls } from './wiring.js';

/**
 * The handlers that send to each work queue, read from the code (the callers of `queueSender()`),
 * stated here rather than derived from the rows: a row that loses its queue leaves its function
 * without QUEUE_URL_<ID> and without the sqs:SendMessage grant, which in AWS fails on the first
 * send; here it fails this test.
 */
const SENDERS: Record<string, string[]> = {
  'stock-imports': ['http/admin/review-stock-import.ts', 'http/my-imports/apply-import.ts'],
  'alert-digests': ['jobs/alerts-daily.ts', 'jobs/alerts-weekly.ts'],
  'account-listings': ['http/admin/set-user-status.ts', 'queues/account-listings-worker.ts'],
  'scrape-sources': ['jobs/scrape-worker.ts', 'jobs/scrape.ts'],
};

const SQS_URL = 'http://localhost:1/_aws/sqs';

/**
 * The synthesized app (the int project's global setup synthesizes it) read as the local cloud
 * reads it: each function's environment and its role's policy, resolved to the local stand-ins.
 */
function localFunctions(): FunctionSpec[] {
  return localFunctionsOf(inject('localCloudTemplates'), { eventBusName: 'bus', sqsUrl: SQS_URL });
}

/** Whether the function's role lets it send to the queue at `url`, as the local cloud's IAM guard decides a SendMessageBatch. */
async function maySend(f: Pick<FunctionSpec, 'logicalId' | 'roleArn' | 'policyStatements'>, url: string): Promise<boolean> {
  return roleAllows(f, 'SQSClient', 'SendMessageBatchCommand', { QueueUrl: url });
}

describe('the work queues as the synthesized app wires them', () => {
  const functions = localFunctions();
  const urls = localQueueUrls(inject('localCloudTemplates'), SQS_URL);

  it('gives every queues.ts row one queue URL, on the local SQS endpoint', () => {
    expect(Object.keys(urls).sort()).toEqual(queues.map((q) => q.id).sort());
    for (const [id, url] of Object.entries(urls)) expect(url, id).toBe(`${SQS_URL}/000000000000/${id}-queue`);
    expect(Object.keys(SENDERS).sort()).toEqual(queues.map((q) => q.id).sort());
  });

  it('gives exactly the handlers that send to a queue its URL, and lets each of them send to it', async () => {
    const problems: string[] = [];
    for (const [id, senders] of Object.entries(SENDERS)) {
      const variable = queueUrlEnvVar(id);
      const given = functions.filter((f) => f.environment[variable]);
      expect([...new Set(given.map((f) => f.handler))].sort(), variable).toEqual([...senders].sort());
      for (const f of given) {
        if (f.environment[variable] !== urls[id]) problems.push(`${f.logicalId}: ${variable}=${f.environment[variable]}`);
        if (!(await maySend(f, urls[id]))) problems.push(`${f.logicalId} (${f.handler}) may not send to ${id}`);
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('would catch a sender whose send grant is missing', async () => {
    // Prepare: the suspension request's function with its SQS statements removed.
    const setStatus = functions.find((f) => f.handler === 'http/admin/set-user-status.ts');
    expect(setStatus).toBeDefined();
    const withoutGrant = {
      ...(setStatus as FunctionSpec),
      policyStatements: (setStatus as FunctionSpec).policyStatements.filter((s) => !JSON.stringify(s.Action).includes('sqs:')),
    };
    // Act + Assess
    expect(await maySend(setStatus as FunctionSpec, urls['account-listings'])).toBe(true);
    expect(await maySend(withoutGrant, urls['account-listings'])).toBe(false);
  }, 60_000);
});
