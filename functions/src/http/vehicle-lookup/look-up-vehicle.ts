import { vehicleLookupSchema } from '../../../../shared/schemas/vehicle-checks.js';
import { createRateLimiter } from '../../adapters/dynamodb/rate-limit.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { config } from '../../config.js';
import { lookUpVehicle } from '../../domain/vehicle-checks/look-up-vehicle.js';
import { vehicleEnquiry } from '../../vehicle-records-deps.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';

/**
 * POST /api/vehicle-lookup `{ registration }` — "Find my truck" on the sell form: 200 with the
 * fields the DVLA's record fills (VehicleLookupResult), 400 for a registration that is not a UK
 * format, 404 unknown plate, 429 too many look-ups, 503 the DVLA is down.
 */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const { registration } = parseWith(vehicleLookupSchema, jsonBody(event));
  const result = await lookUpVehicle({ dvla: vehicleEnquiry(), rateLimit: createRateLimiter(ddb, config.tableName) }, caller, registration);
  return json(200, result);
});
