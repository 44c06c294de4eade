import { type DvlaVehicle, type LookupFailure, type VehicleEnquiryPort, VehicleLookupError } from '../../domain/vehicle-checks/ports.js';
import { type RecordsLog, callRecords } from './http.js';

export interface DvlaOptions {
  /** DVLA_API_URL, e.g. https://driver-vehicle-licensing.api.gov.uk (context `dvlaApiUrl`). */
  baseUrl: string;
  /** The `dvlaApiKey` secret. */
  apiKey: () => Promise<string>;
  log: RecordsLog;
  fetchImpl?: typeof fetch;
  sleepMs?: (ms: number) => Promise<void>;
}

/** HTTP status → why there is no record (the DVLA's documented errors: 400, 404, 429, 500, 503). */
export function failureOf(status: number): LookupFailure {
  if (status === 404) return 'not-found';
  if (status === 400) return 'bad-request';
  if (status === 429) return 'rate-limited';
  return 'unavailable';
}

/** DVLA Vehicle Enquiry Service: POST {base}/vehicle-enquiry/v1/vehicles with the x-api-key header. */
export function dvlaVehicleEnquiry(opts: DvlaOptions): VehicleEnquiryPort {
  return {
    async vehicle(registration) {
      const res = await callRecords(
        {
          service: 'DVLA',
          url: `${opts.baseUrl.replace(/\/+$/, '')}/vehicle-enquiry/v1/vehicles`,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': await opts.apiKey() },
          body: JSON.stringify({ registrationNumber: registration }),
        },
        { log: opts.log, fetchImpl: opts.fetchImpl, sleepMs: opts.sleepMs },
      );
      if (res.status === 200 && res.body && typeof res.body === 'object') return res.body as DvlaVehicle;
      throw new VehicleLookupError(failureOf(res.status), 'DVLA', `DVLA answered ${res.status || 'nothing'} (request ${res.requestId})`);
    },
  };
}
