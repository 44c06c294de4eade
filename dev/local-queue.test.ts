import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueSender } from '../functions/src/adapters/queues/sender.js';
import type { QueueDef } from '../functions/src/queues.js';
import { createAwsEndpoints } from './cloud/aws-endpoints.js';
import type { LambdaHandler } from './lib/handlers.js';
import { type LoopbackServer, listenLoopback } from './lib/net.js';
import { createLocalQueue, type LocalQueue } from './local-queue.js';

const row = (over: Partial<QueueDef> = {}): QueueDef => ({
  id: 'work',
  handler: 'work.ts',
  description: 'test',
  access: {},
  batchSize: 2,
  maxReceiveCount: 2,
  ...over,
});

type Records = { Records: Array<{ body: string; messageId: string }> };

/**
 * The path a queue message takes locally: the product's SQS sender (functions/src/adapters/queues)
 * and the AWS SDK's SQS client, the SQS endpoint (dev/cloud/aws-endpoints.ts, as the local server
 * serves it on /_aws/sqs), the local queue, the row's worker.
 */
let server: LoopbackServer | undefined;
let queue: LocalQueue;
let sqsUrl: string;
let workUrl: string;

async function serve(worker: LambdaHandler, opts: { retryDelayMs?: number } = {}) {
  let accept: LocalQueue['accept'] = () => undefined;
  const endpoints = createAwsEndpoints({
    region: 'eu-west-2',
    publishEvents: () => ({ eventIds: [] }),
    sendMessages: (url, bodies) => accept(url, bodies),
  });
  server = await listenLoopback((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => endpoints(req, res, Buffer.concat(chunks)));
  }, 0);
  sqsUrl = `http://localhost:${server.port}/_aws/sqs`;
  workUrl = `${sqsUrl}/000000000000/work-queue`;
  queue = createLocalQueue({ urls: { work: workUrl }, queues: [row()], load: async () => worker, log: () => {}, ...opts });
  accept = (url, bodies) => queue.accept(url, bodies);
  vi.stubEnv('AWS_ENDPOINT_URL_SQS', sqsUrl);
}

/** The product's sender, fresh (it is created once per module), with `urls` as its queue URLs. */
async function sender(urls: Record<string, string> = { QUEUE_URL_WORK: workUrl }): Promise<QueueSender> {
  vi.resetModules();
  const { queueSender } = await import('../functions/src/adapters/queues/sender.js');
  return queueSender(urls);
}

beforeEach(() => {
  vi.stubEnv('AWS_REGION', 'eu-west-2');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  server = undefined;
});

describe('local work queue behind the SQS endpoint', () => {
  it("delivers what the sender sends through SQS to the row's worker, in batches of the row's batch size", async () => {
    // Prepare
    const seen: string[][] = [];
    await serve(async (event) => {
      seen.push((event as Records).Records.map((r) => JSON.parse(r.body).n));
    });
    // Act
    await (await sender()).send('work', [{ n: 'a' }, { n: 'b' }, { n: 'c' }]);
    await queue.idle();
    // Assess
    expect(seen).toEqual([['a', 'b'], ['c']]);
  });

  it('waits, when idle, for what a worker sends on in turn', async () => {
    // Prepare: each message but the last queues the next one, as a run that continues on its own queue.
    const seen: number[] = [];
    let work: QueueSender | undefined;
    await serve(async (event) => {
      for (const r of (event as Records).Records) {
        const n = JSON.parse(r.body) as number;
        seen.push(n);
        if (n < 3) await work?.send('work', [n + 1]);
      }
    });
    work = await sender();
    // Act
    await work.send('work', [1]);
    await queue.idle();
    // Assess
    expect(seen).toEqual([1, 2, 3]);
  });

  it('redelivers only the reported failures and dead-letters them after maxReceiveCount', async () => {
    // Prepare
    const deliveries: string[] = [];
    await serve(
      async (event) => {
        const records = (event as Records).Records;
        for (const r of records) deliveries.push(JSON.parse(r.body));
        return { batchItemFailures: records.filter((r) => JSON.parse(r.body) === 'bad').map((r) => ({ itemIdentifier: r.messageId })) };
      },
      { retryDelayMs: 1 },
    );
    // Act
    await (await sender()).send('work', ['ok', 'bad']);
    await queue.idle();
    // Assess
    expect(deliveries).toEqual(['ok', 'bad', 'bad']);
    expect(queue.deadLetters.map((d) => JSON.parse(d.body))).toEqual(['bad']);
  });

  it('answers a send to a queue no row has as SQS does: QueueDoesNotExist', async () => {
    // Prepare
    await serve(async () => undefined);
    const elsewhere = await sender({ QUEUE_URL_ELSEWHERE: `${sqsUrl}/000000000000/elsewhere-queue` });
    // Act + Assess
    await expect(elsewhere.send('elsewhere', [1])).rejects.toMatchObject({ name: 'QueueDoesNotExist' });
  });

  it("refuses sends while told to, and the sender's caller sees it; afterwards they are delivered again", async () => {
    // Prepare
    const seen: number[] = [];
    await serve(async (event) => {
      for (const r of (event as Records).Records) seen.push(JSON.parse(r.body));
    });
    const work = await sender();
    // Act
    const restore = queue.refuseSends();
    const refused = work.send('work', [1]);
    await expect(refused).rejects.toMatchObject({ $metadata: { httpStatusCode: 503 } });
    restore();
    await work.send('work', [2]);
    await queue.idle();
    // Assess
    expect(seen).toEqual([2]);
  });
});
