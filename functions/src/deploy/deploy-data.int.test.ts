import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApi, startTestApi } from '../../../dev/testing/harness.js';
import { LOCAL_SECRET_VALUES } from '../../../dev/config.js';
import { PLANS } from '../../../shared/constants.js';
import { type ListingSearchResult, listingSearchQuerySchema } from '../../../shared/schemas/listing.js';
import { keys } from '../adapters/dynamodb/keys.js';
import { planLookupKey } from '../domain/payments/ports.js';
import { listingRecord } from '../domain/listings/test-fixtures.js';
import { deployDataProperties } from './deploy-data-version.js';

/**
 * The deploy step (issue 22 §2, "Deploy-time data") against DynamoDB Local, s3rver and the local
 * Stripe stand-in: run as CloudFormation runs it (Create, Update, Delete events).
 */
let api: TestApi;
let ddb: DynamoDBDocumentClient;
let stripe: Stripe;
let handler: (event: CloudFormationCustomResourceEvent) => Promise<{ PhysicalResourceId?: string; Data?: Record<string, string> }>;
let createEvent: () => CloudFormationCustomResourceEvent;

const tierItems = async () =>
  (
    await ddb.send(
      new QueryCommand({
        TableName: api.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'TIER' },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

const activePrices = async (tier: string) =>
  (await stripe.prices.list({ lookup_keys: [planLookupKey(tier as never)], active: true, limit: 10 })).data;

const search = async () => {
  const res = await fetch(`${api.baseUrl}/api/listings?pageSize=100`);
  return { status: res.status, body: (await res.json()) as ListingSearchResult & { error?: { code: string; message: string } } };
};

function updateEvent(old: Record<string, string>): CloudFormationCustomResourceEvent {
  const create = createEvent();
  return {
    ...create,
    RequestType: 'Update',
    PhysicalResourceId: 'TruckYardDeployData',
    OldResourceProperties: { ServiceToken: 'local', ...old },
  } as CloudFormationCustomResourceEvent;
}

beforeAll(async () => {
  // Prepare: a table with a listing written before the first deploy (a past change time), no tiers, no snapshot.
  api = await startTestApi({ tablePrefix: 'deploy-data', deployData: false });
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  stripe = new Stripe(LOCAL_SECRET_VALUES.stripeSecretKey, {
    host: new URL(api.baseUrl).hostname,
    port: Number(new URL(api.baseUrl).port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  const { listingsRepo } = await import('../deps.js');
  await listingsRepo(api.tableName).putListingsBatch([
    listingRecord('DEPLOYED1', { createdAt: '2026-01-02T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z' }),
  ]);
  ({ handler, deployDataCreateEvent: createEvent } = await import('./deploy-data.js'));
});

afterAll(async () => {
  ddb?.destroy();
  await api?.close();
});

describe('before the first deploy', () => {
  it('has no tiers, and search answers 503 with a clear message at once instead of reading the table', async () => {
    expect(await tierItems()).toEqual([]);
    const started = Date.now();
    const res = await search();
    expect(res.status).toBe(503);
    expect(res.body.error).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Search is temporarily unavailable while its index is prepared. Please try again in a few minutes.',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('Create (the first deploy, and every local start)', () => {
  it('writes a tier item per plan with the Stripe price that has its lookup key, and the first search snapshot', async () => {
    // Act
    const result = await handler(createEvent());
    // Assess
    expect(result).toMatchObject({ PhysicalResourceId: 'TruckYardDeployData', Data: { tiers: '3', listings: '1' } });
    const items = await tierItems();
    expect(items.map((i) => [i.id, i.name, i.priceAmount, i.alertFrequency])).toEqual(
      expect.arrayContaining(PLANS.map((p) => [p.id, p.name, p.priceAmount, p.alertFrequency])),
    );
    expect(items).toHaveLength(PLANS.length);
    for (const plan of PLANS) {
      const prices = await activePrices(plan.id);
      expect(prices).toHaveLength(1);
      expect(prices[0]).toMatchObject({ unit_amount: plan.priceAmount, currency: 'gbp', recurring: { interval: 'month' } });
      expect(items.find((i) => i.id === plan.id)?.stripePriceId).toBe(prices[0].id);
    }
    // The plan picker lists them.
    const tiers = await (await fetch(`${api.baseUrl}/api/subscription-tiers`)).json();
    expect(tiers.tiers.map((t: { id: string }) => t.id)).toEqual(['silver', 'gold', 'platinum']);
    // A new search environment (the HTTP one waits out its retry window) starts from the snapshot,
    // which holds the listing written before it; the first screens are written beside it.
    // A fresh module graph: the search environment the HTTP function would make on a cold start.
    vi.resetModules();
    const { cachedFirstScreens, searchService } = await import('../deps.js');
    const fresh = searchService(api.tableName);
    expect((await fresh.search(listingSearchQuerySchema.parse({}), 'anonymous')).items.map((l) => l.id)).toEqual(['DEPLOYED1']);
    const screens = await cachedFirstScreens(api.tableName);
    expect(screens?.latest.items.map((l) => l.id)).toEqual(['DEPLOYED1']);
    expect(screens?.categories.articulated?.items.map((l) => l.id)).toEqual(['DEPLOYED1']);
  });

  it('is idempotent: a second run creates no Stripe price and leaves the same tiers', async () => {
    const before = await tierItems();
    await handler(createEvent());
    for (const plan of PLANS) expect(await activePrices(plan.id)).toHaveLength(1);
    expect(await tierItems()).toEqual(before);
  });

  it('removes a tier item that is no longer a plan', async () => {
    await ddb.send(
      new PutCommand({ TableName: api.tableName, Item: { ...keys.tier('bronze'), id: 'bronze', name: 'Bronze', priceAmount: 1 } }),
    );
    await handler(createEvent());
    expect((await tierItems()).map((i) => i.id).sort()).toEqual(['gold', 'platinum', 'silver']);
  });
});

describe('Update (a deploy that changed the properties)', () => {
  it('reprices a plan whose amount changed: a new price takes the lookup key, the tier item names it', async () => {
    // Prepare: the deploy before had the current plans; this one raises Silver by £1.
    const previous = deployDataProperties();
    const silver = PLANS[0] as { priceAmount: number };
    const oldAmount = silver.priceAmount;
    const oldPriceId = (await activePrices('silver'))[0].id;
    silver.priceAmount = oldAmount + 100;
    try {
      // Act
      await handler(updateEvent({ ...previous }));
      // Assess
      const prices = await activePrices('silver');
      expect(prices.map((p) => p.unit_amount)).toEqual([oldAmount + 100]);
      expect(prices[0].id).not.toBe(oldPriceId);
      expect((await tierItems()).find((i) => i.id === 'silver')).toMatchObject({
        priceAmount: oldAmount + 100,
        stripePriceId: prices[0].id,
      });
    } finally {
      silver.priceAmount = oldAmount;
      await handler(updateEvent({ ...previous, plansHash: 'changed' }));
    }
    expect((await activePrices('silver'))[0].unit_amount).toBe(oldAmount);
  });

  it('does nothing when neither the plans nor a search format changed', async () => {
    await ddb.send(
      new PutCommand({ TableName: api.tableName, Item: { ...keys.tier('bronze'), id: 'bronze', name: 'Bronze', priceAmount: 1 } }),
    );
    await handler(updateEvent({ ...deployDataProperties() }));
    expect((await tierItems()).map((i) => i.id)).toContain('bronze');
    await handler(createEvent());
  });
});

describe('Delete', () => {
  it('keeps the data (the table and bucket outlive the resource) and answers with the same physical id', async () => {
    const result = await handler({ ...createEvent(), RequestType: 'Delete', PhysicalResourceId: 'TruckYardDeployData' } as never);
    expect(result).toEqual({ PhysicalResourceId: 'TruckYardDeployData' });
    expect(await tierItems()).toHaveLength(PLANS.length);
  });
});
