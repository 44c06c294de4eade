import { type DvsaVehicle, type MotHistoryPort, VehicleLookupError } from '../../domain/vehicle-checks/ports.js';
import { failureOf } from './dvla-vehicle-enquiry.js';
import { type RecordsLog, callRecords } from './http.js';

export interface DvsaOptions {
  /** DVSA_API_URL, e.g. https://history.mot.api.gov.uk (context `dvsaApiUrl`). */
  baseUrl: string;
  /** DVSA_TOKEN_URL: the Microsoft Entra tenant's token endpoint (context `dvsaTokenUrl`). */
  tokenUrl: string;
  /** DVSA_SCOPE, https://tapi.dvsa.gov.uk/.default unless configured. */
  scope: string;
  /** The `dvsaClientId`, `dvsaClientSecret` and `dvsaApiKey` secrets. */
  credentials: () => Promise<{ clientId: string; clientSecret: string; apiKey: string }>;
  log: RecordsLog;
  fetchImpl?: typeof fetch;
  sleepMs?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** A token is renewed this long before Entra says it expires, so none expires mid-request. */
const TOKEN_EARLY_RENEWAL_MS = 60_000;

/**
 * DVSA MOT History API: an OAuth 2.0 client-credentials token from Entra (cached in the function's
 * environment until shortly before it expires, renewed once if the API refuses it), then
 * GET {base}/v1/trade/vehicles/registration/{registration} with it and the X-API-Key header.
 */
export function dvsaMotHistory(opts: DvsaOptions): MotHistoryPort {
  const now = opts.now ?? Date.now;
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(creds: { clientId: string; clientSecret: string }): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    const res = await callRecords(
      {
        service: 'DVSA token',
        url: opts.tokenUrl,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: creds.clientId,
          client_secret: creds.clientSecret,
          scope: opts.scope,
        }).toString(),
      },
      { log: opts.log, fetchImpl: opts.fetchImpl, sleepMs: opts.sleepMs },
    );
    const body = res.body as { access_token?: string; expires_in?: number } | null;
    if (res.status !== 200 || !body?.access_token) {
      throw new VehicleLookupError(
        'unavailable',
        'DVSA',
        `DVSA token endpoint answered ${res.status || 'nothing'} (request ${res.requestId})`,
      );
    }
    token = { value: body.access_token, expiresAt: now() + Number(body.expires_in ?? 3599) * 1000 - TOKEN_EARLY_RENEWAL_MS };
    return token.value;
  }

  return {
    async history(registration) {
      const creds = await opts.credentials();
      const get = async () =>
        callRecords(
          {
            service: 'DVSA',
            url: `${opts.baseUrl.replace(/\/+$/, '')}/v1/trade/vehicles/registration/${encodeURIComponent(registration)}`,
            method: 'GET',
            headers: { authorization: `Bearer ${await accessToken(creds)}`, 'X-API-Key': creds.apiKey },
          },
          { log: opts.log, fetchImpl: opts.fetchImpl, sleepMs: opts.sleepMs },
        );
      let res = await get();
      if (res.status === 401) {
        // Revoked or expired early: one fresh token, once.
        token = null;
        res = await get();
      }
      if (res.status === 200 && res.body && typeof res.body === 'object') {
        const body = res.body as DvsaVehicle;
        return { ...body, motTests: Array.isArray(body.motTests) ? body.motTests : [] };
      }
      throw new VehicleLookupError(failureOf(res.status), 'DVSA', `DVSA answered ${res.status || 'nothing'} (request ${res.requestId})`);
    },
  };
}
