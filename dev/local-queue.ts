/**
 * The in-process queue: takes messages for functions/src/queues.ts rows and delivers SQS-shaped
 * events to the row's worker, in batches of the row's batch size, asynchronously. A message whose
 * delivery fails (the handler throws, or names it in batchItemFailures) is delivered again, up to
 * maxReceiveCount times, then "dead-lettered": logged and kept in `deadLetters` for tests.
 */
import { randomUUID } from 'node:crypto';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import type { InProcessQueue } from '../functions/src/adapters/queues/sender.js';
import { type QueueDef, queues as queueRows } from '../functions/src/queues.js';
import { lambdaContext } from './api-gateway.js';
import { type LambdaHandler, loadHandler } from './lib/handlers.js';

export interface LocalQueueOptions {
  queues?: readonly QueueDef[];
  load?: (handlerPath: string) => Promise<LambdaHandler>;
  log?: (msg: string) => void;
  retryDelayMs?: number;
}

export interface LocalQueue extends InProcessQueue {
  /** Resolves when every message sent so far has been delivered or dead-lettered. */
  idle(): Promise<void>;
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

export function createLocalQueue(opts: LocalQueueOptions = {}): LocalQueue {
  const rows = opts.queues ?? queueRows;
  const load = opts.load ?? loadHandler;
  const log = opts.log ?? ((msg: string) => console.log(msg));
  const retryDelayMs = opts.retryDelayMs ?? 500;
  const inFlight = new Set<Promise<void>>();
  const deadLetters: LocalQueue['deadLetters'] = [];

  async function deliver(row: QueueDef, bodies: string[], receiveCount: number): Promise<void> {
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
    send(queueId, bodies) {
      const row = rows.find((q) => q.id === queueId);
      if (!row) throw new Error(`Unknown queue '${queueId}' (functions/src/queues.ts)`);
      const size = row.batchSize ?? 10;
      for (let i = 0; i < bodies.length; i += size) {
        const batch = bodies.slice(i, i + size);
        const p = new Promise<void>((resolve) => setImmediate(resolve)).then(() => deliver(row, batch, 1));
        inFlight.add(p);
        p.finally(() => inFlight.delete(p));
      }
    },
    async idle() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}
