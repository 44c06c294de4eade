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

const log = {
  info: (message: string, fields: Record<string, unknown>) => logger.info(message, fields),
  warn: (message: string, fields: Record<string, unknown>) => logger.warn(message, fields),
};

let dvla: VehicleEnquiryPort | undefined;
let dvsa: MotHistoryPort | undefined;

export function vehicleEnquiry(): VehicleEnquiryPort {
  dvla ??= dvlaVehicleEnquiry({ baseUrl: config.vehicleRecords.dvlaApiUrl, apiKey: () => getSecret('dvlaApiKey'), log });
  return dvla;
}

export function motHistory(): MotHistoryPort {
  const c = config.vehicleRecords;
  dvsa ??= dvsaMotHistory({
    baseUrl: c.dvsaApiUrl,
    tokenUrl: c.dvsaTokenUrl,
    scope: c.dvsaScope,
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
