import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, type TestUser, applyLocalCloudEnv, createTestUser, startTestApi } from '../../../../dev/testing/harness.js';
import { VEHICLE_LOOKUP_TEXTS } from '../../../../shared/schemas/vehicle-checks.js';
import { keys } from '../../adapters/dynamodb/keys.js';
import { windowStartOf } from '../../domain/rate-limit.js';
import { startVehicleRecordsServer } from '../../../../dev/vehicle-records/stand-in.test-support.js';
import { vehicleRecordsUrls } from '../../../../dev/vehicle-records/urls.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const VEHICLE_LOOKUP_RATE_LIMIT = { scope: 'vehicle-lookup', limit: 30, windowSeconds: 3600 } as const;

/** POST /api/vehicle-lookup ("Find my truck", issue 27 §2) against the local DVLA stand-in. */
let api: TestApi;
let records: Awaited<ReturnType<typeof startVehicleRecordsServer>>;
let seller: TestUser;
let busy: TestUser;

beforeAll(async () => {
  applyLocalCloudEnv();
  records = await startVehicleRecordsServer();
  process.env.DVLA_API_URL = vehicleRecordsUrls(records.url).dvlaApiUrl;
  api = await startTestApi({ tablePrefix: 'lookup', deployData: false });
  [seller, busy] = await Promise.all([createTestUser({ name: 'Sam Seller' }), createTestUser({ name: 'Busy Seller' })]);
}, 120_000);
afterAll(async () => {
  await api?.close();
  await records?.close();
});

async function lookUp(registration: unknown, who: TestUser | null = seller) {
  const res = await fetch(`${api.baseUrl}/api/vehicle-lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(who ? { authorization: `Bearer ${who.accessToken}` } : {}) },
    body: JSON.stringify({ registration }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { message: string } } };
}

describe('POST /api/vehicle-lookup', () => {
  it("answers our fields from the DVLA's record, and which ones it filled", async () => {
    const { status, body } = await lookUp('yx19 kpn');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      registration: 'YX19KPN',
      fields: { make: 'daf', year: 2019, fuelType: 'diesel', gvwTonnes: 18, axleConfig: '4x2' },
      dvla: { make: 'DAF' },
    });
    expect(body.filled).toEqual(expect.arrayContaining(['make', 'year', 'fuelType', 'gvwTonnes', 'axleConfig']));
  });

  it('says so for an unknown plate, a refused one, the quota and an outage', async () => {
    expect(await lookUp('ER19NFD')).toMatchObject({ status: 404, body: { error: { message: VEHICLE_LOOKUP_TEXTS.notFound } } });
    expect(await lookUp('ER19BAD')).toMatchObject({ status: 400, body: { error: { message: VEHICLE_LOOKUP_TEXTS.notFound } } });
    expect(await lookUp('ER19THR')).toMatchObject({ status: 429, body: { error: { message: VEHICLE_LOOKUP_TEXTS.rateLimited } } });
    expect(await lookUp('ER19MNT')).toMatchObject({ status: 503, body: { error: { message: VEHICLE_LOOKUP_TEXTS.unavailable } } });
  }, 60_000);

  it('refuses a registration in no UK format and a caller who is not signed in', async () => {
    const bad = await lookUp('NOT A PLATE!');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toMatch(/registration/i);
    expect((await lookUp('YX19KPN', null)).status).toBe(401);
  });

  it('limits look-ups per seller', async () => {
    const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
    const { windowSeconds, limit, scope } = VEHICLE_LOOKUP_RATE_LIMIT;
    const start = windowStartOf(Math.floor(Date.now() / 1000), windowSeconds);
    await ddb.send(
      new PutCommand({
        TableName: api.tableName,
        Item: { ...keys.rateCounter(scope, busy.userId, new Date(start * 1000).toISOString()), count: limit },
      }),
    );
    expect(await lookUp('YX19KPN', busy)).toMatchObject({ status: 429, body: { error: { message: VEHICLE_LOOKUP_TEXTS.rateLimited } } });
    // Another seller's counter is their own.
    expect((await lookUp('PN68WTR')).status).toBe(200);
  });
});
