import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { sdkClientConfig } from '../sdk-config.js';

/** Sends work to a queue of functions/src/queues.ts (fan-out: one message per unit of work). */
export interface QueueSender {
  send(queueId: string, bodies: readonly unknown[]): Promise<void>;
}

/** Environment variable carrying a queue's URL: 'alert-digests' -> QUEUE_URL_ALERT_DIGESTS. */
export const queueUrlEnvVar = (queueId: string) => `QUEUE_URL_${queueId.toUpperCase().replaceAll('-', '_')}`;

/** SQS takes at most 10 messages per SendMessageBatch. */
const SQS_BATCH = 10;

/** SQS: the queue's URL comes from QUEUE_URL_<ID>; a partially failed batch is an error. */
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

let sender: QueueSender | undefined;

/**
 * The queue sender, created once: SQS, to the queue URL in QUEUE_URL_<ID>. Locally the SQS client
 * reaches the local cloud's SQS endpoint (AWS_ENDPOINT_URL_SQS, dev/cloud/aws-endpoints.ts), from
 * a function and from in-process code (the integration tests) alike.
 */
export async function queueSender(env: NodeJS.ProcessEnv = process.env): Promise<QueueSender> {
  sender ??= createSqsSender(new SQSClient(sdkClientConfig()), env);
  return sender;
}
