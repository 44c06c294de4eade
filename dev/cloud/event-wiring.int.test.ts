import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEventBridgePublisher } from '../../functions/src/adapters/events/publisher.js';
import { sdkClientConfig } from '../../functions/src/adapters/sdk-config.js';
import { eventSubscriptions, localStreamSubscriptions } from '../../functions/src/events.js';
import { createLocalBus, type LocalBus } from '../local-bus.js';
import { type TestApi, type TestUser, createTestUser, startTestApi } from '../testing/harness.js';
import { localFunctionsOf, roleAllows } from '../testing/template-functions.js';
import type { FunctionSpec } from './model.js';
import { localEventBusName } from './wiring.js';

type BusEvent = LocalBus['deadLetters'][number]['event'];

/**
 * The handlers that publish events, read from the code (what reaches `eventPublisher()`: the
 * listing changes of my-listings/deps.ts, the account deletion, the stock import, the scraper),
 * stated here rather than derived from the rows: a row that loses `events` leaves its function
 * without the events:PutEvents grant, which in AWS fails on the first publish; here it fails this test.
 */
const PUBLISHERS = [
  'http/me/delete-account.ts',
  'http/my-listings/create-listing.ts',
  'http/my-listings/delete-listing.ts',
  'http/my-listings/set-listing-status.ts',
  'http/my-listings/update-listing.ts',
  'jobs/scrape-worker.ts',
  'queues/stock-import-worker.ts',
];

/** The local name of the Data stack's bus (dev/cloud/wiring.ts), stated rather than imported. */
const BUS = 'truckyard-local';

/** The synthesized app read as the local cloud reads it: each function's environment and its role's policy. */
function localFunctions(): FunctionSpec[] {
  return localFunctionsOf(inject('localCloudTemplates'), { eventBusName: BUS, sqsUrl: 'http://localhost:1/_aws/sqs' });
}

/** Whether the function's role lets it put events on `bus`, as the local cloud's IAM guard decides a PutEvents. */
async function mayPublish(f: Pick<FunctionSpec, 'logicalId' | 'roleArn' | 'policyStatements'>, bus: string): Promise<boolean> {
  return roleAllows(f, 'EventBridgeClient', 'PutEventsCommand', { Entries: [{ EventBusName: bus }] });
}

describe('the event bus as the synthesized app wires it', () => {
  const functions = localFunctions();

  it('gives every function the one bus of the app as EVENT_BUS_NAME, and the local EventBridge endpoint serves that bus', () => {
    expect(localEventBusName(inject('localCloudTemplates'))).toBe(BUS);
    expect(functions.filter((f) => f.environment.EVENT_BUS_NAME !== BUS).map((f) => f.handler)).toEqual([]);
  });

  it('lets exactly the handlers that publish put events on the bus', async () => {
    const allowed: string[] = [];
    for (const f of functions) if (await mayPublish(f, BUS)) allowed.push(f.handler ?? f.logicalId);
    expect([...new Set(allowed)].sort()).toEqual([...PUBLISHERS].sort());
  }, 60_000);

  it('would catch a publisher whose grant is missing, or one putting events on another bus', async () => {
    // Prepare: the new listing's function with its EventBridge statements removed.
    const create = functions.find((f) => f.handler === 'http/my-listings/create-listing.ts') as FunctionSpec;
    expect(create).toBeDefined();
    const withoutGrant = {
      ...create,
      policyStatements: create.policyStatements.filter((s) => !JSON.stringify(s.Action).includes('events:')),
    };
    // Act + Assess
    expect(await mayPublish(create, BUS)).toBe(true);
    expect(await mayPublish(withoutGrant, BUS)).toBe(false);
    expect(await mayPublish(create, 'another-bus')).toBe(false);
  }, 60_000);
});

describe("an in-process handler's events, through the EventBridge endpoint", () => {
  let api: TestApi;
  let seller: TestUser;
  /** What reached each rule's target (the handler an events.ts row names), recorded instead of run. */
  const received: Array<{ target: string; event: BusEvent }> = [];
  let bus: LocalBus;

  beforeAll(async () => {
    bus = createLocalBus({
      load: async (target) => async (event) => {
        received.push({ target, event: event as BusEvent });
      },
      log: () => undefined,
    });
    api = await startTestApi({ tablePrefix: 'event-wiring', bus });
    seller = await createTestUser({ name: 'Pat Publisher' });
  }, 120_000);
  afterAll(() => api?.close());

  it("puts a new listing's listing.created on the template's bus, which delivers it to the targets of the rules for it", async () => {
    // Prepare: the handler in this process publishes with the EventBridge client the server pointed at itself.
    expect(process.env.AWS_ENDPOINT_URL_EVENTBRIDGE).toBe(`${api.baseUrl}/_aws/events`);
    expect(process.env.EVENT_BUS_NAME).toBe(BUS);
    // Act
    const res = await fetch(`${api.baseUrl}/api/my-listings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        make: 'daf',
        model: 'XF 480',
        year: 2019,
        category: 'articulated',
        price: 42000,
        mileage: 310000,
        contactName: 'Pat Publisher',
        phone: '07700 900555',
        email: seller.email,
        location: 'Leeds',
        postcode: 'LS1 4AP',
      }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await bus.idle();
    // Assess: every target of a listing.created rule got the event, as EventBridge shapes it.
    const targets = [...eventSubscriptions, ...localStreamSubscriptions()]
      .filter((s) => s.eventType === 'listing.created')
      .map((s) => s.handler);
    expect(targets.length).toBeGreaterThan(0);
    const created = received.filter(
      (r) => r.event['detail-type'] === 'listing.created' && (r.event.detail as { listingId?: string }).listingId === id,
    );
    expect(created.map((r) => r.target).sort()).toEqual([...targets].sort());
    expect(created[0].event).toMatchObject({ source: 'truckyard', detail: { listingId: id, userId: seller.userId } });
  }, 60_000);

  it('refuses events for a bus the template does not have, as EventBridge does, and delivers none of them', async () => {
    // Prepare: the product's publisher and a bare client, both at this server's EventBridge endpoint.
    const client = new EventBridgeClient({ ...sdkClientConfig(), maxAttempts: 1 });
    const before = received.length;
    const detail = { listingId: 'L-elsewhere', userId: 'U1', deletedAt: '2026-01-01T00:00:00Z' };
    try {
      // Act + Assess
      await expect(createEventBridgePublisher(client, 'wrong-bus').publish([{ type: 'listing.deleted', detail }])).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
        message: 'Event bus wrong-bus does not exist.',
        $metadata: { httpStatusCode: 400 },
      });
      const withoutBus = client.send(
        new PutEventsCommand({ Entries: [{ Source: 'truckyard', DetailType: 'listing.deleted', Detail: JSON.stringify(detail) }] }),
      );
      await expect(withoutBus).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
      await bus.idle();
    } finally {
      client.destroy();
    }
    expect(received.slice(before)).toEqual([]);
  });
});
