/**
 * The local stand-ins for the AWS JSON APIs the code calls that have no embedded emulator:
 * SSM Parameter Store (GetParameter, for the secrets; dev/stand-ins/ssm.ts), EventBridge (PutEvents
 * to the template's bus, dev/local-bus.ts) and SQS (SendMessage/SendMessageBatch, to the local
 * work queues, dev/local-queue.ts). The functions use the real AWS SDK adapters against these
 * endpoints (AWS_ENDPOINT_URL_SSM, _EVENTBRIDGE, _SQS), so their IAM grants are checked like every
 * other call (dev/cloud/iam-guard.ts); code running in the server's own process (the handler
 * integration tests) publishes its events and sends its queue messages through the same endpoints.
 */
import { createHash, randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { ssmReply } from '../stand-ins/ssm.js';

export interface AwsEndpointsOptions {
  /** SSM parameters by full name (/truckyard/prod/stripeSecretKey → value); SSM is not served without them. */
  parameters?: Record<string, string>;
  region: string;
  /**
   * The event buses that exist (the template's, by name): a PutEvents entry naming another bus, by
   * name or ARN, is refused with ResourceNotFoundException. None when omitted.
   */
  eventBuses?: readonly string[];
  /** The entries of a PutEvents call, every one of them to a bus of `eventBuses`. */
  publishEvents(entries: PutEventsRequestEntry[]): { eventIds: string[] };
  /** The message bodies sent to the queue at `queueUrl`; throws an AwsEndpointError to refuse them. */
  sendMessages(queueUrl: string, bodies: string[]): void;
}

/** An error the endpoint answers with, as AWS does (thrown by what it hands a request to). */
export class AwsEndpointError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

type Reply = { status: number; body: unknown };

const error = (status: number, type: string, message: string): Reply => ({ status, body: { __type: type, message } });
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/** The bus a PutEvents entry goes to: its EventBusName, a name or an ARN (…:event-bus/<name>); the account's default bus without one. */
function busNameOf(entry: PutEventsRequestEntry): string {
  const named = entry.EventBusName || 'default';
  return named.startsWith('arn:') ? named.slice(named.lastIndexOf('/') + 1) : named;
}

export function createAwsEndpoints(opts: AwsEndpointsOptions) {
  function events(op: string, input: Record<string, unknown>): Reply {
    if (op !== 'PutEvents') return error(400, 'InvalidAction', `EventBridge ${op} is not emulated locally`);
    const entries = (input.Entries as PutEventsRequestEntry[]) ?? [];
    if (entries.length === 0 || entries.length > 10) return error(400, 'ValidationException', 'Entries must hold 1 to 10 entries');
    const missing = entries.map(busNameOf).find((name) => !opts.eventBuses?.includes(name));
    if (missing !== undefined) return error(400, 'ResourceNotFoundException', `Event bus ${missing} does not exist.`);
    const { eventIds } = opts.publishEvents(entries);
    return { status: 200, body: { FailedEntryCount: 0, Entries: eventIds.map((EventId) => ({ EventId })) } };
  }

  /** Hands the bodies on; an AwsEndpointError thrown there is the answer. */
  function sendMessages(queueUrl: string, bodies: string[]): Reply | null {
    try {
      opts.sendMessages(queueUrl, bodies);
      return null;
    } catch (err) {
      if (err instanceof AwsEndpointError) return error(err.status, err.type, err.message);
      throw err;
    }
  }

  function sqs(op: string, input: Record<string, unknown>): Reply {
    const queueUrl = String(input.QueueUrl ?? '');
    if (op === 'SendMessage') {
      const body = String(input.MessageBody ?? '');
      const refused = sendMessages(queueUrl, [body]);
      if (refused) return refused;
      return { status: 200, body: { MessageId: randomUUID(), MD5OfMessageBody: md5(body) } };
    }
    if (op === 'SendMessageBatch') {
      const entries = (input.Entries as Array<{ Id: string; MessageBody: string }>) ?? [];
      if (entries.length === 0 || entries.length > 10)
        return error(400, 'AWS.SimpleQueueService.TooManyEntriesInBatchRequest', 'A batch holds 1 to 10 messages');
      const refused = sendMessages(
        queueUrl,
        entries.map((e) => e.MessageBody),
      );
      if (refused) return refused;
      return {
        status: 200,
        body: { Successful: entries.map((e) => ({ Id: e.Id, MessageId: randomUUID(), MD5OfMessageBody: md5(e.MessageBody) })), Failed: [] },
      };
    }
    return error(400, 'InvalidAction', `SQS ${op} is not emulated locally`);
  }

  /** Answers a request under /_aws/ (dispatched on X-Amz-Target); false when it is not one. */
  return function handle(req: http.IncomingMessage, res: http.ServerResponse, rawBody: Buffer): boolean {
    const target = String(req.headers['x-amz-target'] ?? '');
    const [prefix, op] = target.split('.');
    if (req.method !== 'POST' || !op) return false;
    let input: Record<string, unknown> = {};
    try {
      input = rawBody.length ? (JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>) : {};
    } catch {
      input = {};
    }
    const reply =
      prefix === 'AmazonSSM' && opts.parameters
        ? ssmReply(opts.parameters, opts.region, op, input)
        : prefix === 'AWSEvents'
          ? events(op, input)
          : prefix === 'AmazonSQS'
            ? sqs(op, input)
            : error(400, 'UnknownOperationException', `${target} is not emulated locally`);
    const json = prefix === 'AmazonSQS' ? 'application/x-amz-json-1.0' : 'application/x-amz-json-1.1';
    res.writeHead(reply.status, { 'content-type': json, 'x-amzn-requestid': randomUUID() });
    res.end(JSON.stringify(reply.body));
    return true;
  };
}
