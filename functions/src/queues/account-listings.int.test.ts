import type { Context, SQSEvent } from 'aws-lambda';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadHandler } from '../../../dev/lib/handlers.js';
import { type TestApi, type TestUser, apiCaller, applyLocalCloudEnv, createTestUser, startTestApi } from '../../../dev/testing/harness.js';
import { keys } from '../adapters/dynamodb/keys.js';
import { createListingsRepo } from '../adapters/dynamodb/listings-repo.js';
import { queueUrlEnvVar } from '../adapters/queues/sender.js';
import { listingRecord } from '../domain/listings/test-fixtures.js';
import { queues } from '../queues.js';

/**
 * Suspending and reactivating a dealer with 450 listings against the real stand-ins: the request
 * answers at once (202) with the account changed and the listings job sent through SQS (the test
 * API's SQS endpoint, at the queue URL the template gives); the queue's worker (queues.ts
 * 'account-listings', its own row's batch size, retries and dead-letter count) hides or shows
 * every listing; a run that dies halfway is retried and ends consistent; a reactivation racing the
 * suspension's job wins; a job SQS refuses, or that the caller has no queue URL for, is reported
 * and resumed.
 */
const LISTINGS = 450;
/** The PATCH's budget: far under API Gateway's 30 s, and under the function's own timeout. */
const QUICK_MS = 5_000;

let api: TestApi;
let ddb: DynamoDBDocumentClient;
let admin: TestUser;
let dealer: TestUser;
/** Runs of the worker that die this many batches in (then the queue delivers the message again). */
let dieAfterBatches: number | null = null;
let deliveries = 0;

const call = apiCaller(() => api, { 'user-agent': 'account-listings-int-test' });
const row = queues.find((q) => q.id === 'account-listings');

/**
 * The real worker, with a context whose clock throws once `dieAfterBatches` batches are written
 * (the worker asks for the time left after each batch): a run that dies halfway, like a crash.
 */
async function load(handlerPath: string) {
  const real = await loadHandler(handlerPath);
  if (handlerPath !== row?.handler) return real;
  return async (event: SQSEvent, context: Context) => {
    deliveries++;
    const limit = dieAfterBatches;
    if (limit === null) return real(event, context);
    dieAfterBatches = null;
    let asked = 0;
    return real(event, {
      ...context,
      getRemainingTimeInMillis: () => {
        if (++asked >= limit) throw new Error('The run died halfway (test)');
        return context.getRemainingTimeInMillis();
      },
    });
  };
}

async function dealerListings() {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const res = await ddb.send(
      new QueryCommand({
        TableName: api.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `OWNER#${dealer.userId}` },
        ExclusiveStartKey,
      }),
    );
    items.push(...(res.Items ?? []));
    ExclusiveStartKey = res.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return { total: items.length, hidden: items.filter((i) => i.ownerSuspended === true).length };
}

async function profile() {
  return (await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.profile(dealer.userId), ConsistentRead: true }))).Item ?? {};
}

async function setStatus(status: 'active' | 'suspended') {
  const started = Date.now();
  const res = await call('PATCH', `/api/admin/users/${dealer.userId}/status`, admin, { status });
  return { ...res, ms: Date.now() - started };
}

beforeAll(async () => {
  const env = applyLocalCloudEnv();
  api = await startTestApi({ tablePrefix: 'account-listings', queues: { retryDelayMs: 50, load: load as typeof loadHandler } });
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: env.AWS_ENDPOINT_URL_DYNAMODB }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  [admin, dealer] = await Promise.all([
    createTestUser({ name: 'Ada Admin', groups: ['admins'] }),
    createTestUser({ name: 'Big Dealer', phone: '+441134960000' }),
  ]);
  for (const who of [admin, dealer]) expect((await call('GET', '/api/me', who)).status).toBe(200);
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  await createListingsRepo({ ddb, tableName: api.tableName }).putListingsBatch(
    Array.from({ length: LISTINGS }, (_, i) => {
      const at = new Date(base + i * 60_000).toISOString();
      return listingRecord(`acct-${String(i).padStart(4, '0')}`, { userId: dealer.userId, createdAt: at, updatedAt: at });
    }),
  );
}, 120_000);

afterAll(async () => {
  await api?.queues.idle();
  await api?.close();
});

describe(`suspending a dealer with ${LISTINGS} listings`, () => {
  it('answers at once with the account suspended and its listings being hidden; the job hides every one', async () => {
    // Act
    const res = await setStatus('suspended');

    // Assess: quick, no 5xx, the account done and said to be; the listings follow in the job.
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.ms).toBeLessThan(QUICK_MS);
    expect(res.body).toMatchObject({ accountStatus: 'suspended', listingsSync: 'hiding' });
    // The detail page hides them at once (the seller's profile is read there anyway), before the job has.
    expect((await call('GET', '/api/listings/acct-0449', null)).status).toBe(404);
    await api.queues.idle();
    expect(await dealerListings()).toEqual({ total: LISTINGS, hidden: LISTINGS });
    expect(await profile()).toMatchObject({ accountStatus: 'suspended' });
    expect((await profile()).listingsSync).toBeUndefined();
    const users = await call('GET', '/api/admin/users?filter=suspended', admin);
    expect((users.body.items as Array<{ userId: string; listingsSync?: string }>).find((u) => u.userId === dealer.userId)).toMatchObject({
      accountStatus: 'suspended',
    });
    expect(api.queues.deadLetters).toEqual([]);
  });

  it('reactivating restores every listing the same way', async () => {
    const res = await setStatus('active');
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.ms).toBeLessThan(QUICK_MS);
    expect(res.body).toMatchObject({ accountStatus: 'active', listingsSync: 'showing' });
    await api.queues.idle();
    expect(await dealerListings()).toEqual({ total: LISTINGS, hidden: 0 });
    expect((await profile()).listingsSync).toBeUndefined();
    expect((await call('GET', '/api/listings/acct-0449', null)).status).toBe(200);
  });

  it('a run that dies halfway is retried by the queue and ends with every listing hidden', async () => {
    // Prepare: the first run dies after 6 of its 18 batches are written.
    dieAfterBatches = 6;
    deliveries = 0;

    // Act
    const res = await setStatus('suspended');
    await api.queues.idle();

    // Assess
    expect(res.status).toBe(202);
    expect(deliveries).toBe(2);
    expect(api.queues.deadLetters).toEqual([]);
    expect(await dealerListings()).toEqual({ total: LISTINGS, hidden: LISTINGS });
    expect((await profile()).listingsSync).toBeUndefined();
  });

  it('a reactivation racing the suspension’s job ends with every listing shown', async () => {
    // Act: suspended (above) → active → suspended → active, without waiting for any job.
    const answers = [await setStatus('active'), await setStatus('suspended'), await setStatus('active')];
    await api.queues.idle();

    // Assess
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    expect(await dealerListings()).toEqual({ total: LISTINGS, hidden: 0 });
    expect(await profile()).toMatchObject({ accountStatus: 'active' });
    expect((await profile()).listingsSync).toBeUndefined();
  });

  it('a job SQS refuses is reported (503, Resume); asking again for the status the account has queues it again', async () => {
    // Prepare: SQS refuses the suspension's job, the sender's retries included.
    const restore = api.queues.refuseSends();
    const refused = await setStatus('suspended').finally(restore);
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The account is suspended, but hiding its listings could not be started. Press Resume to try again.',
    });
    expect(await profile()).toMatchObject({ accountStatus: 'suspended', listingsSync: 'hiding' });
    expect(await dealerListings()).toEqual({ total: LISTINGS, hidden: 0 });

    // Act
    const resumed = await setStatus('suspended');
    await api.queues.idle();

    // Assess
    expect(resumed.status).toBe(202);
    expect(resumed.body).toMatchObject({ accountStatus: 'suspended', listingsSync: 'hiding' });
    expect(await dealerListings()).toEqual({ total: LISTINGS, hidden: LISTINGS });
    expect((await profile()).listingsSync).toBeUndefined();
    // With nothing left to do, the same request is a plain 200.
    expect((await setStatus('suspended')).status).toBe(200);
  });

  it('a caller whose environment lacks the queue URL fails with the variable named, as a function without it would in AWS', async () => {
    // Prepare: the environment of a function whose template does not give it the queue's URL.
    const variable = queueUrlEnvVar('account-listings');
    const url = process.env[variable];
    delete process.env[variable];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let logged = '';
    let res: Awaited<ReturnType<typeof setStatus>>;
    try {
      // Act
      res = await setStatus('active');
    } finally {
      logged = errors.mock.calls.flat().map(String).join('\n');
      errors.mockRestore();
      process.env[variable] = url;
    }

    // Assess: the account is active; its listings wait for a Resume, and the log says why.
    expect(res.status).toBe(503);
    expect(res.body.error.message).toBe(
      'The account is active again, but showing its listings could not be started. Press Resume to try again.',
    );
    expect(logged).toContain(`Missing required environment variable ${variable} (queue 'account-listings')`);
    expect(await dealerListings()).toEqual({ total: LISTINGS, hidden: LISTINGS });
    const resumed = await setStatus('active');
    await api.queues.idle();
    expect(resumed.status).toBe(202);
    expect(await dealerListings()).toEqual({ total: LISTINGS, hidden: 0 });
  });
});
