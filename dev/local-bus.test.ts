import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventPublisher } from '../functions/src/adapters/events/publisher.js';
import { consumer } from '../functions/src/events/consume.js';
import { createAwsEndpoints } from './cloud/aws-endpoints.js';
import { type LoopbackServer, listenLoopback } from './lib/net.js';
import { createLocalBus, type LocalBus } from './local-bus.js';

type BusEvent = LocalBus['deadLetters'][number]['event'];

describe('the local event bus', () => {
  it('shapes PutEvents entries as EventBridge events', async () => {
    const got: BusEvent[] = [];
    const bus = createLocalBus({
      subscriptions: [{ id: 'A', eventType: 'listing.created', handler: 'a', access: {} }],
      load: async () => async (e) => {
        got.push(e as BusEvent);
      },
      log: () => undefined,
    });
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00.500Z'), toFake: ['Date'] });
    bus.publish([{ Source: 'truckyard', DetailType: 'listing.created', Detail: '{"listingId":"L1"}' }]);
    vi.useRealTimers();
    await bus.idle();
    expect(got[0]).toMatchObject({
      version: '0',
      source: 'truckyard',
      'detail-type': 'listing.created',
      detail: { listingId: 'L1' },
      time: '2026-11-22T10:00:00Z',
    });
  });

  it('delivers each event to the subscriptions for its type only, after publish returns', async () => {
    const got: Array<[string, BusEvent]> = [];
    const bus = createLocalBus({
      subscriptions: [
        { id: 'A', eventType: 'listing.created', handler: 'a', access: {} },
        { id: 'B', eventType: 'listing.created', handler: 'b', access: {} },
        { id: 'C', eventType: 'listing.deleted', handler: 'c', access: {} },
      ],
      load: async (h) => async (e) => {
        got.push([h, e as BusEvent]);
      },
      log: () => undefined,
    });

    const { eventIds } = bus.publish([{ Source: 'truckyard', DetailType: 'listing.created', Detail: '{}' }]);
    expect(got).toEqual([]);
    await bus.idle();

    expect(eventIds).toHaveLength(1);
    expect(got.map(([h]) => h).sort()).toEqual(['a', 'b']);
    expect(got.every(([, e]) => e.id === eventIds[0])).toBe(true);
  });

  it('retries a failing subscriber twice, as EventBridge does for an async Lambda, then gives up and logs', async () => {
    let calls = 0;
    const logs: string[] = [];
    const bus = createLocalBus({
      subscriptions: [{ id: 'Flaky', eventType: 'listing.updated', handler: 'x', access: {} }],
      load: async () => async () => {
        calls++;
        throw new Error('boom');
      },
      log: (m) => logs.push(m),
      retryDelaysMs: [1, 1],
    });

    bus.publish([{ Source: 'truckyard', DetailType: 'listing.updated', Detail: '{}' }]);
    await bus.idle();

    expect(calls).toBe(3);
    expect(logs.at(-1)).toMatch(/Flaky failed .* after 3 attempts: boom/);
  });

  it('puts an event its consumer refuses by contract in the dead letters, with the reason', async () => {
    let ran = 0;
    const bus = createLocalBus({
      subscriptions: [{ id: 'PriceDrop', eventType: 'listing.updated', handler: 'x', access: {} }],
      load: async () =>
        consumer('test/price-drop', ['listing.updated'], async () => {
          ran++;
        }) as never,
      log: () => undefined,
      retryDelaysMs: [1, 1],
    });

    bus.publish([{ Source: 'truckyard', DetailType: 'listing.updated', Detail: '{"listingId":"L1","price":30000,"previousPrice":32000}' }]);
    await bus.idle();

    expect(ran).toBe(0);
    expect(bus.deadLetters).toHaveLength(1);
    expect(bus.deadLetters[0]).toMatchObject({ subscriptionId: 'PriceDrop', event: { 'detail-type': 'listing.updated' } });
    expect(bus.deadLetters[0].reason).toMatch(/Invalid listing\.updated event: .*Unrecognized keys: "price", "previousPrice"/);
  });
});

/**
 * The path an event takes locally: the product's publisher (functions/src/adapters/events) and the
 * AWS SDK's EventBridge client, the EventBridge endpoint (dev/cloud/aws-endpoints.ts, as the local
 * server serves it on /_aws/events, with the template's bus), the local bus, the subscriber.
 */
describe('the local event bus behind the EventBridge endpoint', () => {
  let server: LoopbackServer | undefined;
  afterEach(async () => {
    vi.unstubAllEnvs();
    await server?.close();
    server = undefined;
  });

  /** The endpoint with one bus, `the-bus`, delivering to a subscriber of listing.deleted that records what it gets. */
  async function serve(got: BusEvent[]): Promise<{ bus: LocalBus; eventsUrl: string }> {
    const bus = createLocalBus({
      subscriptions: [{ id: 'Probe', eventType: 'listing.deleted', handler: 'probe', access: {} }],
      load: async () => async (e) => {
        got.push(e as BusEvent);
      },
      log: () => undefined,
    });
    const endpoints = createAwsEndpoints({
      region: 'eu-west-2',
      eventBuses: ['the-bus'],
      publishEvents: (e) => bus.publish(e),
      sendMessages: () => {},
    });
    server = await listenLoopback((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => endpoints(req, res, Buffer.concat(chunks)));
    }, 0);
    const eventsUrl = `http://localhost:${server.port}/_aws/events`;
    vi.stubEnv('AWS_REGION', 'eu-west-2');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
    vi.stubEnv('AWS_ENDPOINT_URL_EVENTBRIDGE', eventsUrl);
    return { bus, eventsUrl };
  }

  /** The product's publisher, fresh (it is created once per module), for the bus `busName`. */
  async function publisher(busName: string): Promise<EventPublisher> {
    vi.resetModules();
    const { eventPublisher } = await import('../functions/src/adapters/events/publisher.js');
    return eventPublisher({ EVENT_BUS_NAME: busName });
  }

  const deleted = { type: 'listing.deleted', detail: { listingId: 'L1', userId: 'U1', deletedAt: '2026-01-01T00:00:00Z' } } as const;

  it("delivers what the publisher puts on the template's bus through EventBridge to the subscribers", async () => {
    // Prepare
    const got: BusEvent[] = [];
    const { bus } = await serve(got);
    // Act
    await (await publisher('the-bus')).publish([deleted]);
    await bus.idle();
    // Assess
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ source: 'truckyard', 'detail-type': 'listing.deleted', detail: deleted.detail });
  });

  it('refuses events for a bus the template does not have as EventBridge does, ResourceNotFoundException, and delivers none', async () => {
    // Prepare
    const got: BusEvent[] = [];
    const { bus, eventsUrl } = await serve(got);
    const client = new EventBridgeClient({ endpoint: eventsUrl, maxAttempts: 1 });
    const entry = { Source: 'truckyard', DetailType: 'listing.deleted', Detail: JSON.stringify(deleted.detail) };
    try {
      // Act + Assess: by name (the publisher's way), by ARN, and without a bus (the default bus, which the app does not use).
      await expect((await publisher('another-bus')).publish([deleted])).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
        message: 'Event bus another-bus does not exist.',
      });
      const byArn = client.send(
        new PutEventsCommand({ Entries: [{ ...entry, EventBusName: 'arn:aws:events:eu-west-2:000000000000:event-bus/x' }] }),
      );
      await expect(byArn).rejects.toMatchObject({ name: 'ResourceNotFoundException', $metadata: { httpStatusCode: 400 } });
      await expect(client.send(new PutEventsCommand({ Entries: [entry] }))).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
      // …while the template's bus by its ARN is accepted.
      await client.send(
        new PutEventsCommand({ Entries: [{ ...entry, EventBusName: 'arn:aws:events:eu-west-2:000000000000:event-bus/the-bus' }] }),
      );
      await bus.idle();
    } finally {
      client.destroy();
    }
    expect(got).toHaveLength(1);
  });
});
