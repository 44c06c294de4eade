import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, type TestUser, applyLocalCloudEnv, createTestUser, startTestApi } from '../../../dev/testing/harness.js';
import type { RegistryVehicle } from '../../../dev/vehicle-records/registry.js';
import type { VehicleChecks } from '../../../shared/schemas/vehicle-checks.js';
import { keys } from '../adapters/dynamodb/keys.js';
import { eventSubscriptions } from '../events.js';
import { startVehicleRecordsServer } from '../../../dev/vehicle-records/stand-in.test-support.js';
import { vehicleRecordsUrls } from '../../../dev/vehicle-records/urls.js';

/**
 * Issue 27 §3 against the stand-ins: the listing.created/updated consumer reads a listing's checks
 * when it gets or changes its registration, GET /api/listings/{id}/vehicle-checks serves them with
 * the verdict, and the nightly job re-reads checks over 7 days old.
 */
let api: TestApi;
let records: Awaited<ReturnType<typeof startVehicleRecordsServer>>;
let seller: TestUser;
let ddb: DynamoDBDocumentClient;
let listingId: string;

const vehicle = (scenario: RegistryVehicle['scenario']): RegistryVehicle =>
  [...records.standIn.registry().values()].find((v) => v.scenario === scenario && v.dvsa) ?? expect.fail(`no ${scenario} vehicle`);
const lastMiles = (v: RegistryVehicle) =>
  Math.max(...(v.dvsa?.motTests ?? []).map((t) => Number(t.odometerValue ?? 0) / (t.odometerUnit === 'KM' ? 1.609344 : 1)));

beforeAll(async () => {
  applyLocalCloudEnv();
  records = await startVehicleRecordsServer();
  const urls = vehicleRecordsUrls(records.url);
  Object.assign(process.env, { DVLA_API_URL: urls.dvlaApiUrl, DVSA_API_URL: urls.dvsaApiUrl, DVSA_TOKEN_URL: urls.dvsaTokenUrl });
  api = await startTestApi({
    tablePrefix: 'vchecks',
    deployData: false,
    subscriptions: eventSubscriptions.filter((s) => s.handler === 'events/refresh-vehicle-checks.ts'),
  });
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  seller = await createTestUser({ name: 'Sam Seller' });
}, 120_000);
afterAll(async () => {
  await api?.close();
  await records?.close();
});

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${api.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${seller.accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function checksOnceFor(registration: string): Promise<VehicleChecks> {
  for (let i = 0; i < 60; i++) {
    const res = await fetch(`${api.baseUrl}/api/listings/${listingId}/vehicle-checks`);
    expect(res.status).toBe(200);
    const { checks } = (await res.json()) as { checks: VehicleChecks | null };
    const stored = (await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.vehicleChecks(listingId) }))).Item;
    if (checks && stored?.registration === registration) return checks;
    await new Promise((r) => setTimeout(r, 250));
  }
  return expect.fail(`no checks for ${registration}`);
}

const listingItem = async () => (await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.listing(listingId) }))).Item ?? {};

const sellBody = (registration: string, mileage: number) => ({
  make: 'daf',
  model: 'XF 480',
  year: 2019,
  category: 'articulated',
  price: 42000,
  mileage,
  registration,
  contactName: 'Sam Seller',
  phone: '07700 900555',
  email: seller.email,
  location: 'Leeds',
  postcode: 'LS1 4AP',
});

describe('vehicle checks follow the registration', () => {
  it('reads the checks of a new listing: every test, tax, expiry and a consistent verdict', async () => {
    const passes = vehicle('passes');
    const created = await call('POST', '/api/my-listings', sellBody(passes.registration, Math.ceil(lastMiles(passes)) + 5000));
    expect(created.status).toBe(201);
    listingId = String(created.body.id);
    const checks = await checksOnceFor(passes.registration);
    const tests = passes.dvsa?.motTests ?? [];
    expect(checks.tests).toHaveLength(tests.length);
    expect(checks.tests[0]).toMatchObject({ result: expect.stringMatching(/PASSED|FAILED/), odometer: { unit: expect.any(String) } });
    expect(checks.taxStatus).toBe(passes.dvla.taxStatus);
    expect(checks.testExpiry).toEqual(expect.any(String));
    expect(checks.verdict).toEqual({ kind: 'consistent', text: `Mileage consistent with ${tests.length} test records` });
    expect(await listingItem()).toMatchObject({ mileageConsistent: true, vehicleChecksAt: checks.checkedAt });
  }, 60_000);

  it('reads them again when the registration is edited, and the falling readings give the query', async () => {
    const falling = vehicle('falling');
    const updated = await call('PUT', `/api/my-listings/${listingId}`, {
      ...sellBody(falling.registration, Math.ceil(lastMiles(falling)) + 5000),
      title: '2019 DAF XF 480',
    });
    expect(updated).toMatchObject({ status: 200 });
    const checks = await checksOnceFor(falling.registration);
    expect(checks.verdict.kind).toBe('fell');
    expect(checks.verdict.text).toMatch(/^Mileage query: the reading fell between .+ and .+$/);
    expect(await listingItem()).toMatchObject({ mileageConsistent: false });
  }, 60_000);

  it('the nightly job re-reads checks over 7 days old and leaves fresh ones', async () => {
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    for (const Key of [keys.vehicleChecks(listingId), keys.listing(listingId)]) {
      const field = Key.sk === 'VCHECKS' ? 'checkedAt' : 'vehicleChecksAt';
      await ddb.send(
        new UpdateCommand({
          TableName: api.tableName,
          Key,
          UpdateExpression: 'SET #f = :old',
          ExpressionAttributeNames: { '#f': field },
          ExpressionAttributeValues: { ':old': old },
        }),
      );
    }
    const { handler } = await import('../jobs/refresh-vehicle-checks.js');
    const context = { getRemainingTimeInMillis: () => 600_000 } as Context;
    expect(await handler({}, context)).toMatchObject({ due: 1, refreshed: 1, stopped: null });
    expect(Date.parse(String((await listingItem()).vehicleChecksAt))).toBeGreaterThan(Date.now() - 60_000);
    expect(await handler({}, context)).toMatchObject({ due: 0, refreshed: 0 });
  }, 60_000);

  it('answers 404 for a listing that is not public', async () => {
    expect((await fetch(`${api.baseUrl}/api/listings/nope123/vehicle-checks`)).status).toBe(404);
  });
});
