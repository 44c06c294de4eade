/**
 * Composition root of the vehicle checks (issue 27): the DVLA and DVSA adapters with their secrets
 * and configured URLs, and the checks' store in the table. Created once per environment, so the
 * DVSA token is cached across warm invocations.
 */
import { ddb } from './adapters/dynamodb/client.js';
import { createVehicleChecksRepo } from './adapters/dynamodb/vehicle-checks-repo.js';
import { getSecret } from './adapters/secrets/secrets.js';
import { dvlaVehicleEnquiry } from './adapters/vehicle-records/dvla-vehicle-enquiry.js';
import { dvsaMotHistory } from './adapters/vehicle-records/dvsa-mot-history.js';
import { config } from './config.js';
import type { MotHistoryPort, VehicleEnquiryPort } from './domain/vehicle-checks/ports.js';
import type { RefreshDeps } from './domain/vehicle-checks/vehicle-checks.js';
import { logger } from './observability.js';

/** Powertools reserves `service` (the app's name): the adapters' service (DVLA/DVSA) is logged as `recordsService`. */
const fieldsOf = ({ service, ...rest }: Record<string, unknown>) => ({ ...rest, recordsService: service });
const log = {
  info: (message: string, fields: Record<string, unknown>) => logger.info(message, fieldsOf(fields)),
  warn: (message: string, fields: Record<string, unknown>) => logger.warn(message, fieldsOf(fields)),
};

let dvla: VehicleEnquiryPort | undefined;
let dvsa: MotHistoryPort | undefined;

export function vehicleEnquiry(): VehicleEnquiryPort {
  dvla ??= dvlaVehicleEnquiry({ baseUrl: config.dvlaApiUrl, apiKey: () => getSecret('dvlaApiKey'), log });
  return dvla;
}

function motHistory(): MotHistoryPort {
  if (dvsa) return dvsa;
  const c = config.dvsa;
  dvsa = dvsaMotHistory({
    baseUrl: c.apiUrl,
    tokenUrl: c.tokenUrl,
    scope: c.scope,
    credentials: async () => {
      const [clientId, clientSecret, apiKey] = await Promise.all([
        getSecret('dvsaClientId'),
        getSecret('dvsaClientSecret'),
        getSecret('dvsaApiKey'),
      ]);
      return { clientId, clientSecret, apiKey };
    },
    log,
  });
  return dvsa;
}

export const vehicleChecksStore = (tableName: string = config.tableName) => createVehicleChecksRepo({ ddb, tableName });

export function refreshDeps(tableName?: string): RefreshDeps {
  return { dvla: vehicleEnquiry(), dvsa: motHistory(), store: vehicleChecksStore(tableName), now: () => new Date() };
}
