import { VEHICLE_LOOKUP_TEXTS, type VehicleLookupResult } from '../../../../shared/schemas/vehicle-checks.js';
import type { Caller } from '../caller.js';
import { DomainError, notFound, serviceUnavailable, unauthenticated, validationError } from '../errors.js';
import type { RateLimiter } from '../rate-limit.js';
import { mapDvlaVehicle } from './dvla-mapping.js';
import { type VehicleEnquiryPort, VehicleLookupError } from './ports.js';

/** "Find my truck" per signed-in seller: 30 look-ups an hour, well inside the DVLA's quota. */
const VEHICLE_LOOKUP_RATE_LIMIT = { scope: 'vehicle-lookup', limit: 30, windowSeconds: 3600 } as const;

export interface LookUpVehicleDeps {
  dvla: VehicleEnquiryPort;
  rateLimit: RateLimiter;
}

/**
 * "Find my truck" (issue 27 §2): the DVLA's record of a registration as the sell form's fields.
 * Answers 404 for a plate the DVLA does not know (or refuses as malformed: 400 there), 429 when
 * the seller's or our DVLA quota is spent, 503 when the DVLA fails or does not answer; each with
 * a message saying the form can be filled by hand.
 */
export async function lookUpVehicle(deps: LookUpVehicleDeps, caller: Caller, registration: string): Promise<VehicleLookupResult> {
  if (caller.kind !== 'user') throw unauthenticated();
  const limit = await deps.rateLimit({ ...VEHICLE_LOOKUP_RATE_LIMIT, key: caller.userId });
  if (!limit.allowed) {
    throw new DomainError('RATE_LIMITED', VEHICLE_LOOKUP_TEXTS.rateLimited, { retryAfterSeconds: limit.retryAfterSeconds });
  }
  try {
    return mapDvlaVehicle(await deps.dvla.vehicle(registration));
  } catch (err) {
    if (!(err instanceof VehicleLookupError)) throw err;
    if (err.failure === 'not-found') throw notFound(VEHICLE_LOOKUP_TEXTS.notFound);
    if (err.failure === 'bad-request') throw validationError(VEHICLE_LOOKUP_TEXTS.notFound);
    if (err.failure === 'rate-limited') throw new DomainError('RATE_LIMITED', VEHICLE_LOOKUP_TEXTS.rateLimited, { retryAfterSeconds: 60 });
    throw serviceUnavailable(VEHICLE_LOOKUP_TEXTS.unavailable);
  }
}
