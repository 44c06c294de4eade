import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRY_ON_SELL_FORM } from '../../../../dev/vehicle-records/registry.js';
import { VehicleLookupError } from '../../domain/vehicle-checks/ports.js';
import { dvlaVehicleEnquiry } from './dvla-vehicle-enquiry.js';
import { dvsaMotHistory } from './dvsa-mot-history.js';
import { startVehicleRecordsServer } from '../../../../dev/vehicle-records/stand-in.test-support.js';
import { LOCAL_VEHICLE_RECORDS_KEYS } from '../../../../dev/vehicle-records/urls.js';
import { vehicleRecordsUrls } from '../../../../dev/vehicle-records/urls.js';

type Line = { level: 'info' | 'warn'; message: string; fields: Record<string, unknown> };

let server: Awaited<ReturnType<typeof startVehicleRecordsServer>>;
const lines: Line[] = [];
const log = {
  info: (message: string, fields: Record<string, unknown>) => lines.push({ level: 'info', message, fields }),
  warn: (message: string, fields: Record<string, unknown>) => lines.push({ level: 'warn', message, fields }),
};
const noWait = async () => undefined;

beforeAll(async () => {
  server = await startVehicleRecordsServer();
});
afterAll(() => server?.close());

const dvla = (key: string = LOCAL_VEHICLE_RECORDS_KEYS.dvlaApiKey) =>
  dvlaVehicleEnquiry({ baseUrl: vehicleRecordsUrls(server.url).dvlaApiUrl, apiKey: async () => key, log, sleepMs: noWait });

function dvsa(fetchImpl?: typeof fetch) {
  const urls = vehicleRecordsUrls(server.url);
  return dvsaMotHistory({
    baseUrl: urls.dvsaApiUrl,
    tokenUrl: urls.dvsaTokenUrl,
    scope: 'https://tapi.dvsa.gov.uk/.default',
    credentials: async () => ({
      clientId: LOCAL_VEHICLE_RECORDS_KEYS.dvsaClientId,
      clientSecret: LOCAL_VEHICLE_RECORDS_KEYS.dvsaClientSecret,
      apiKey: LOCAL_VEHICLE_RECORDS_KEYS.dvsaApiKey,
    }),
    log,
    sleepMs: noWait,
    fetchImpl,
  });
}

async function failureOf(p: Promise<unknown>) {
  try {
    await p;
    return 'none';
  } catch (err) {
    if (err instanceof VehicleLookupError) return err.failure;
    throw err;
  }
}

describe('DVLA adapter against the stand-in', () => {
  it('reads a vehicle and sends a request id it logs', async () => {
    lines.length = 0;
    const v = await dvla().vehicle(TRY_ON_SELL_FORM[0]);
    expect(v).toMatchObject({ registrationNumber: 'YX19KPN', make: 'DAF', yearOfManufacture: 2019, revenueWeight: 18000 });
    expect(lines).toHaveLength(1);
    expect(lines[0].fields).toMatchObject({ service: 'DVLA', status: 200, attempt: 1 });
    expect(lines[0].fields.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers the DVLA test plates' errors, retrying 429 and 5xx at most twice", async () => {
    lines.length = 0;
    expect(await failureOf(dvla().vehicle('ER19BAD'))).toBe('bad-request');
    expect(await failureOf(dvla().vehicle('ER19NFD'))).toBe('not-found');
    expect(lines.filter((l) => l.fields.status === 400 || l.fields.status === 404)).toHaveLength(2);
    lines.length = 0;
    expect(await failureOf(dvla().vehicle('ER19THR'))).toBe('rate-limited');
    expect(lines.map((l) => l.fields.attempt)).toEqual([1, 2, 3]);
    // One request id for the three attempts.
    expect(new Set(lines.map((l) => l.fields.requestId)).size).toBe(1);
    expect(await failureOf(dvla().vehicle('ER19ERR'))).toBe('unavailable');
    expect(await failureOf(dvla().vehicle('ER19MNT'))).toBe('unavailable');
  });

  it('is refused without the right key', async () => {
    expect(await failureOf(dvla('wrong').vehicle('YX19KPN'))).toBe('unavailable');
  });
});

describe('DVSA adapter against the stand-in', () => {
  it('gets a client-credentials token once and reuses it until it expires', async () => {
    const calls: string[] = [];
    const counting: typeof fetch = (input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    };
    const port = dvsa(counting);
    const first = await port.history('PN68WTR');
    await port.history('LK16HGV');
    expect(first.motTests.length).toBeGreaterThan(0);
    expect(first.motTests[0]).toMatchObject({ testResult: 'PASSED', odometerUnit: 'MI', odometerResultType: 'READ' });
    expect(calls.filter((u) => u.includes('/oauth2/v2.0/token'))).toHaveLength(1);
    expect(calls.filter((u) => u.includes('/v1/trade/vehicles/registration/'))).toHaveLength(2);
  });

  it('says not-found for an unknown vehicle and rate-limited above the quota', async () => {
    expect(await failureOf(dvsa().history('ZZ99ZZZ'))).toBe('not-found');
    expect(await failureOf(dvsa().history('ER19THR'))).toBe('rate-limited');
  });

  it('has a seeded history for every demo listing, with each scenario of the issue', () => {
    const vehicles = [...server.standIn.registry().values()];
    const listed = vehicles.filter((v) => v.listingId);
    expect(listed.length).toBeGreaterThanOrEqual(20);
    expect(new Set(listed.map((v) => v.scenario))).toEqual(
      new Set(['passes', 'fail-then-pass', 'advisories', 'km', 'falling', 'below-last', 'single-test']),
    );
    const km = listed.find((v) => v.scenario === 'km');
    expect(km?.dvsa?.motTests.every((t) => t.odometerUnit === 'KM')).toBe(true);
    expect(listed.find((v) => v.scenario === 'single-test')?.dvsa?.motTests).toHaveLength(1);
  });
});
