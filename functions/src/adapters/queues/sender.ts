import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { sdkClientConfig } from '../sdk-config.js';

/** Sends work to a queue of functions/src/queues.ts (fan-out: one message per unit of work). */
export interface QueueSender {
  send(queueId: string, bodies: readonly unknown[]): Promise<void>;
}

/** Environment variable carrying a queue's URL: 'alert-digests' -> QUEUE_URL_ALERT_DIGESTS. */
export const queueUrlEnvVar = (queueId: string) => `QUEUE_URL_${queueId.toUpperCase().replaceAll('-', '_')}`;

/** SQS takes at most 10 messages per SendMessageBatch. */
const SQS_BATCH = 10;

/** SQS (AWS): the queue's URL comes from QUEUE_URL_<ID>; a partially failed batch is an error. */
function createSqsSender(client: Pick<SQSClient, 'send'>, env: NodeJS.ProcessEnv = process.env): QueueSender {
  return {
    async send(queueId, bodies) {
      const url = env[queueUrlEnvVar(queueId)];
      if (!url) throw new Error(`Missing required environment variable ${queueUrlEnvVar(queueId)} (queue '${queueId}')`);
      for (let i = 0; i < bodies.length; i += SQS_BATCH) {
        const chunk = bodies.slice(i, i + SQS_BATCH);
        const res = await client.send(
          new SendMessageBatchCommand({
            QueueUrl: url,
            Entries: chunk.map((body, j) => ({ Id: String(i + j), MessageBody: JSON.stringify(body) })),
          }),
        );
        if (res.Failed?.length) {
          throw new Error(`SQS rejected ${res.Failed.length} message(s) to '${queueId}': ${res.Failed.map((f) => f.Message).join('; ')}`);
        }
      }
    },
  };
}

/** The local cloud's in-process queue (dev/local-queue.ts). */
export interface InProcessQueue {
  send(queueId: string, bodies: readonly string[]): void;
}
const IN_PROCESS_QUEUE = Symbol.for('truckyard.localQueue');

/** Called by the local cloud (`npm start`, `npm run job`): senders in this process then hand messages to `queue`. */
export function setInProcessQueue(queue: InProcessQueue | undefined): void {
  (globalThis as Record<symbol, unknown>)[IN_PROCESS_QUEUE] = queue;
}

/** Local: hands the messages to the in-process queue, which delivers SQS-shaped events to the worker. */
function createLocalQueueSender(): QueueSender {
  return {
    async send(queueId, bodies) {
      const queue = (globalThis as Record<symbol, unknown>)[IN_PROCESS_QUEUE] as InProcessQueue | undefined;
      if (!queue) throw new Error(`No local queue in this process to send to '${queueId}' (start it with dev/local-queue.ts)`);
      if (bodies.length)
        queue.send(
          queueId,
          bodies.map((b) => JSON.stringify(b)),
        );
    },
  };
}

let sender: QueueSender | undefined;

/**
 * The queue sender for this environment, created once: SQS unless QUEUE_MODE=local, which only
 * in-process code sets (`handlerEnv` in dev/config.ts: the integration tests, `npm run job`). The
 * local cloud's functions use SQS against its SQS endpoint (AWS_ENDPOINT_URL_SQS), as in AWS.
 */
export async function queueSender(env: NodeJS.ProcessEnv = process.env): Promise<QueueSender> {
  if (sender) return sender;
  const mode = env.QUEUE_MODE || 'sqs';
  if (mode !== 'local' && mode !== 'sqs') throw new Error(`QUEUE_MODE must be "local" or "sqs", got "${mode}"`);
  if (mode === 'local') {
    sender = createLocalQueueSender();
  } else {
    const { SQSClient } = await import('@aws-sdk/client-sqs');
    sender = createSqsSender(new SQSClient(sdkClientConfig()), env);
  }
  return sender;
}
