/**
 * Local stand-ins of the DVLA Vehicle Enquiry Service, the DVSA MOT History API and its Entra token
 * endpoint (issue 27 §4), with the shapes and errors, serving the registry in ./registry.ts.
 * Mounted on the local server (dev/api-server.ts) under /_dev/; `/_dev/vehicle-records` lists the
 * registry. The functions reach them through CDK context (dev/cloud/wiring.ts localSynthContext).
 */
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { DVLA_ERROR_PLATES, type RegistryVehicle, buildVehicleRegistry } from './registry.js';
import { LOCAL_VEHICLE_RECORDS_KEYS } from './urls.js';

const DVLA_ERRORS: Record<number, { title: string; code: string; detail?: string }> = {
  400: { title: 'Bad Request', code: 'ENQ103', detail: 'Invalid format for field - vehicle registration number' },
  404: { title: 'Vehicle Not Found', code: '404', detail: 'Record for vehicle not found' },
  429: { title: 'Too Many Requests', code: '429' },
  500: { title: 'Internal Server Error', code: '500' },
  503: { title: 'Service Unavailable', code: '503' },
};

/** The paths the stand-ins answer (the local server hands these to `handle`). */
export const isVehicleRecordsPath = (pathname: string) =>
  pathname === '/_dev/vehicle-records' || /^\/_dev\/(dvla|dvsa|dvsa-login)\//.test(pathname);

export interface VehicleRecordsStandIn {
  /** Answers a request under /_dev/dvla, /_dev/dvsa, /_dev/dvsa-login or /_dev/vehicle-records; false for any other path. */
  handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): boolean;
  registry(): Map<string, RegistryVehicle>;
}

const TOKEN_SECONDS = 3599;

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

export function createVehicleRecordsStandIn(opts: { now?: () => Date } = {}): VehicleRecordsStandIn {
  const now = opts.now ?? (() => new Date());
  let built: { day: string; registry: Map<string, RegistryVehicle> } | null = null;
  const registry = () => {
    const day = now().toISOString().slice(0, 10);
    if (!built || built.day !== day) built = { day, registry: buildVehicleRegistry(now()) };
    return built.registry;
  };
  const tokens = new Map<string, number>();

  function dvla(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const error = (status: number, headers: Record<string, string> = {}) =>
      sendJson(res, status, { errors: [{ status: String(status), ...DVLA_ERRORS[status] }] }, headers);
    if (req.method !== 'POST') return error(400);
    if (req.headers['x-api-key'] !== LOCAL_VEHICLE_RECORDS_KEYS.dvlaApiKey) return sendJson(res, 403, { message: 'Forbidden' });
    let reg = '';
    try {
      reg = String((JSON.parse(body.toString('utf8')) as { registrationNumber?: unknown }).registrationNumber ?? '');
    } catch {
      return error(400);
    }
    reg = reg.toUpperCase().replace(/\s+/g, '');
    if (!/^[A-Z0-9]{1,7}$/.test(reg)) return error(400);
    const plate = DVLA_ERROR_PLATES[reg];
    if (plate) return error(plate, plate === 429 ? { 'retry-after': '1' } : {});
    const vehicle = registry().get(reg);
    return vehicle ? sendJson(res, 200, vehicle.dvla) : error(404);
  }

  function token(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const form = new URLSearchParams(body.toString('utf8'));
    const ok =
      req.method === 'POST' &&
      form.get('grant_type') === 'client_credentials' &&
      form.get('client_id') === LOCAL_VEHICLE_RECORDS_KEYS.dvsaClientId &&
      form.get('client_secret') === LOCAL_VEHICLE_RECORDS_KEYS.dvsaClientSecret &&
      form.get('scope') === 'https://tapi.dvsa.gov.uk/.default';
    if (!ok) return sendJson(res, 401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' });
    const value = randomUUID();
    tokens.set(value, Date.now() + TOKEN_SECONDS * 1000);
    return sendJson(res, 200, { token_type: 'Bearer', expires_in: TOKEN_SECONDS, ext_expires_in: TOKEN_SECONDS, access_token: value });
  }

  function dvsa(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || (tokens.get(bearer) ?? 0) < Date.now()) return sendJson(res, 401, { message: 'Unauthorized' });
    if (req.headers['x-api-key'] !== LOCAL_VEHICLE_RECORDS_KEYS.dvsaApiKey) return sendJson(res, 403, { message: 'Forbidden' });
    const m = /^\/_dev\/dvsa\/v1\/trade\/vehicles\/registration\/([^/]+)$/.exec(pathname);
    if (req.method !== 'GET' || !m) return sendJson(res, 404, { errorCode: 'NOT_FOUND', errorMessage: 'Not found' });
    const reg = decodeURIComponent(m[1]).toUpperCase().replace(/\s+/g, '');
    // The DVLA's throttling plate throttles here too, so both services' quota paths can be tried.
    if (reg === 'ER19THR')
      return sendJson(res, 429, { errorCode: 'TOO_MANY_REQUESTS', errorMessage: 'Quota exceeded' }, { 'retry-after': '1' });
    if (reg === 'ER19ERR' || reg === 'ER19MNT') return sendJson(res, 503, { errorCode: 'SERVICE_UNAVAILABLE', errorMessage: 'Try later' });
    const vehicle = registry().get(reg);
    if (!vehicle?.dvsa)
      return sendJson(res, 404, { errorCode: 'VEHICLE_NOT_FOUND', errorMessage: `No MOT Tests found with vehicle registration : ${reg}` });
    return sendJson(res, 200, vehicle.dvsa);
  }

  function list(res: http.ServerResponse) {
    const rows = [...registry().values()].map((v) => ({
      registration: v.registration,
      scenario: v.scenario,
      listingId: v.listingId,
      listing: v.listingId ? `/truck/${v.listingId}` : null,
      make: v.dvla.make,
      year: v.dvla.yearOfManufacture,
      tests: v.dvsa?.motTests.length ?? 0,
    }));
    return sendJson(res, 200, { errorPlates: DVLA_ERROR_PLATES, vehicles: rows });
  }

  return {
    registry,
    handle(req, res, body) {
      const pathname = (req.url ?? '/').split('?')[0];
      if (pathname === '/_dev/vehicle-records') {
        list(res);
        return true;
      }
      if (pathname === '/_dev/dvla/vehicle-enquiry/v1/vehicles') {
        dvla(req, res, body);
        return true;
      }
      if (pathname === '/_dev/dvsa-login/oauth2/v2.0/token') {
        token(req, res, body);
        return true;
      }
      if (pathname.startsWith('/_dev/dvsa/')) {
        dvsa(req, res, pathname);
        return true;
      }
      return false;
    },
  };
}
