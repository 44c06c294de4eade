import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PutEventsCommand, PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvalidEventError } from '../../events/contracts.js';
import type { DomainEvent } from '../../events/contracts.js';
import { createEventBridgePublisher } from './publisher.js';

const AT = '2026-01-01T00:00:00Z';
const events = (n: number): DomainEvent[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'listing.deleted', detail: { listingId: `L${i}`, userId: 'U1', deletedAt: AT } }));

describe('EventBridge publisher', () => {
  it('sends PutEvents in batches of at most 10, from the truckyard source to the named bus', async () => {
    const batches: PutEventsRequestEntry[][] = [];
    const client = {
      send: async (cmd: PutEventsCommand) => {
        batches.push(cmd.input.Entries ?? []);
        return { FailedEntryCount: 0, Entries: [] };
      },
    };

    await createEventBridgePublisher(client as never, 'bus-1').publish(events(23));

    expect(batches.map((b) => b.length)).toEqual([10, 10, 3]);
    expect(batches[0][0]).toEqual({
      EventBusName: 'bus-1',
      Source: 'truckyard',
      DetailType: 'listing.deleted',
      Detail: `{"listingId":"L0","userId":"U1","deletedAt":"${AT}"}`,
    });
  });

  it('fails when EventBridge rejects part of a batch, naming the reason', async () => {
    const client = { send: async () => ({ FailedEntryCount: 1, Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'try again' }] }) };
    await expect(createEventBridgePublisher(client as never, 'bus-1').publish(events(1))).rejects.toThrow(/InternalFailure: try again/);
  });

  it('refuses an event that does not match its contract, naming the field, and puts nothing on the bus', async () => {
    let sends = 0;
    const client = { send: async () => ({ FailedEntryCount: 0, Entries: [], calls: ++sends }) };
    // The stock import's old price-cut event: fields the price-drop consumer never read.
    const stale = { type: 'listing.updated', detail: { listingId: 'L1', price: 30000, previousPrice: 32000 } } as unknown as DomainEvent;
    const publishing = createEventBridgePublisher(client as never, 'bus-1').publish([...events(1), stale]);
    await expect(publishing).rejects.toThrow(InvalidEventError);
    await expect(publishing).rejects.toThrow(/Invalid listing\.updated event: .*oldPrice/);
    expect(sends).toBe(0);
  });
});

describe('the event publisher', () => {
  // The publisher is created once per module instance: each test loads a fresh one.
  beforeEach(() => vi.resetModules());
  afterEach(async () => {
    vi.unstubAllEnvs();
    await endpoint?.close();
    endpoint = undefined;
  });
  const freshPublisher = async (env: NodeJS.ProcessEnv) => (await import('./publisher.js')).eventPublisher(env);

  it('is EventBridge, and names the variable a caller without its bus lacks', async () => {
    // Act + Assess: there is one publisher; without the bus's name it is asked for.
    await expect(freshPublisher({ AWS_REGION: 'eu-west-2' })).rejects.toThrow('Missing required environment variable EVENT_BUS_NAME');
  });

  it("calls EventBridge's PutEvents at the endpoint AWS_ENDPOINT_URL_EVENTBRIDGE names, for the bus EVENT_BUS_NAME names", async () => {
    // Prepare: an endpoint that records what reaches it and accepts it, as EventBridge answers.
    const calls: Array<{ url: string; target: string; body: { Entries: PutEventsRequestEntry[] } }> = [];
    endpoint = await listen((req, body) => {
      calls.push({ url: req.url ?? '', target: String(req.headers['x-amz-target']), body: JSON.parse(body) });
      return { FailedEntryCount: 0, Entries: [{ EventId: 'e1' }] };
    });
    vi.stubEnv('AWS_REGION', 'eu-west-2');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
    vi.stubEnv('AWS_ENDPOINT_URL_EVENTBRIDGE', `${endpoint.url}/_aws/events`);
    // Act
    await (await freshPublisher({ EVENT_BUS_NAME: 'the-bus' })).publish(events(1));
    // Assess
    expect(calls).toHaveLength(1);
    expect(calls[0].url.startsWith('/_aws/events')).toBe(true);
    expect(calls[0].target).toBe('AWSEvents.PutEvents');
    expect(calls[0].body.Entries).toEqual([
      expect.objectContaining({ EventBusName: 'the-bus', Source: 'truckyard', DetailType: 'listing.deleted' }),
    ]);
  });
});

let endpoint: { url: string; close(): Promise<void> } | undefined;

/** A loopback HTTP server answering every request with `reply`'s JSON. */
async function listen(reply: (req: http.IncomingMessage, body: string) => unknown): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(reply(req, Buffer.concat(chunks).toString('utf8'))));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
