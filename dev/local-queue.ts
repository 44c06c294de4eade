/**
 * The local work queues behind the SQS endpoint (`/_aws/sqs` of the local server,
 * dev/cloud/aws-endpoints.ts): a message sent to a functions/src/queues.ts row's queue — addressed
 * by the URL the template gives the functions that send to it — is delivered as an SQS event to
 * the row's worker, in batches of the row's batch size, asynchronously. A message whose delivery
 * fails (the handler throws, or names it in batchItemFailures) is delivered again, up to
 * maxReceiveCount times, then "dead-lettered": logged and kept in `deadLetters` for tests.
 */
import { randomUUID } from 'node:crypto';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { type QueueDef, queues as queueRows } from '../functions/src/queues.js';
import { lambdaContext } from './api-gateway.js';
import { AwsEndpointError } from './cloud/aws-endpoints.js';
import { type LambdaHandler, loadHandler } from './lib/handlers.js';

export interface LocalQueueOptions {
  /** Each row's queue URL (row id → URL, dev/cloud/wiring.ts queueUrlsOf); a message names its queue by it. */
  urls: Record<string, string>;
  queues?: readonly QueueDef[];
  load?: (handlerPath: string) => Promise<LambdaHandler>;
  log?: (msg: string) => void;
  retryDelayMs?: number;
}

export interface LocalQueue {
  /**
   * Takes the bodies of a SendMessage(Batch) to `queueUrl` (the endpoint has answered nothing yet):
   * throws what SQS answers a queue no row has (QueueDoesNotExist), or a send refused meanwhile.
   */
  accept(queueUrl: string, bodies: readonly string[]): void;
  /** Resolves when every message accepted so far has been delivered or dead-lettered (and what its workers sent in turn). */
  idle(): Promise<void>;
  /**
   * Until the returned function is called, every send is refused as SQS refuses one while it is
   * unavailable (503 ServiceUnavailable, which the SDK retries): the sender's caller sees the failure.
   */
  refuseSends(): () => void;
  readonly deadLetters: Array<{ queueId: string; body: string; reason: string }>;
}

function toRecord(queueId: string, body: string, receiveCount: number): SQSRecord {
  return {
    messageId: randomUUID(),
    receiptHandle: randomUUID(),
    body,
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: String(Date.now()),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:eu-west-2:000000000000:${queueId}`,
    awsRegion: 'eu-west-2',
  };
}

export function createLocalQueue(opts: LocalQueueOptions): LocalQueue {
  const rows = opts.queues ?? queueRows;
  const load = opts.load ?? loadHandler;
  const log = opts.log ?? ((msg: string) => console.log(msg));
  const retryDelayMs = opts.retryDelayMs ?? 500;
  const rowByUrl = new Map(
    Object.entries(opts.urls).flatMap(([id, url]) => {
      const row = rows.find((q) => q.id === id);
      return row ? [[url, row] as const] : [];
    }),
  );
  const inFlight = new Set<Promise<void>>();
  const deadLetters: LocalQueue['deadLetters'] = [];
  let refusals = 0;

  async function deliver(row: QueueDef, bodies: readonly string[], receiveCount: number): Promise<void> {
    const records = bodies.map((b) => toRecord(row.id, b, receiveCount));
    let failed: SQSRecord[] = [];
    let reason = '';
    try {
      const handler = await load(row.handler);
      const res = (await handler({ Records: records } satisfies SQSEvent, lambdaContext(row.id, row.timeoutSeconds ?? 30))) as
        | { batchItemFailures?: Array<{ itemIdentifier: string }> }
        | undefined;
      const ids = new Set((res?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      failed = records.filter((r) => ids.has(r.messageId));
      reason = 'reported as a batch item failure';
    } catch (err) {
      failed = records;
      reason = err instanceof Error ? err.message : String(err);
    }
    if (failed.length === 0) return;
    const maxReceive = row.maxReceiveCount ?? 3;
    if (receiveCount >= maxReceive) {
      for (const r of failed) deadLetters.push({ queueId: row.id, body: r.body, reason });
      log(`[queue] ${row.id}: ${failed.length} message(s) dead-lettered after ${receiveCount} deliveries: ${reason}`);
      return;
    }
    log(`[queue] ${row.id}: ${failed.length} message(s) failed, retrying: ${reason}`);
    await new Promise((r) => setTimeout(r, retryDelayMs));
    await deliver(
      row,
      failed.map((r) => r.body),
      receiveCount + 1,
    );
  }

  return {
    deadLetters,
    accept(queueUrl, bodies) {
      const row = rowByUrl.get(queueUrl);
      if (!row) throw new AwsEndpointError(400, 'QueueDoesNotExist', `The specified queue does not exist: ${queueUrl}`);
      if (refusals > 0)
        throw new AwsEndpointError(503, 'ServiceUnavailable', 'The request has failed due to a temporary failure of the server.');
      const size = row.batchSize ?? 10;
      for (let i = 0; i < bodies.length; i += size) {
        const batch = bodies.slice(i, i + size);
        const p = new Promise<void>((resolve) => setImmediate(resolve)).then(() => deliver(row, batch, 1));
        inFlight.add(p);
        p.finally(() => inFlight.delete(p));
      }
    },
    refuseSends() {
      refusals++;
      let restored = false;
      return () => {
        if (!restored) refusals--;
        restored = true;
      };
    },
    async idle() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}
