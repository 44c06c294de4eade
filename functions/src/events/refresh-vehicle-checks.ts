import { ddb } from '../adapters/dynamodb/client.js';
import { createListingsRepo } from '../adapters/dynamodb/listings-repo.js';
import { config } from '../config.js';
import { VehicleLookupError } from '../domain/vehicle-checks/ports.js';
import { type RefreshOutcome, refreshVehicleChecks } from '../domain/vehicle-checks/vehicle-checks.js';
import { logger } from '../observability.js';
import { refreshDeps } from '../vehicle-records-deps.js';
import { consumer } from './consume.js';

/**
 * listing.created / listing.updated → the listing's vehicle checks (issue 27 §3): read from the
 * DVLA and the DVSA when the registration is new or changed (or the checks are 7 days old), the
 * mileage summary re-derived otherwise (the advertised mileage may have changed), removed when the
 * registration was taken away. A quota or outage leaves the old checks (logged, not retried: the
 * nightly job RefreshVehicleChecks takes the listing as soon as it is due).
 */
export const handler = consumer(
  'events/refresh-vehicle-checks',
  ['listing.created', 'listing.updated'],
  async (event): Promise<{ outcome: RefreshOutcome | 'gone' | 'deferred' }> => {
    const listing = await createListingsRepo({ ddb, tableName: config.tableName }).getListing(event.detail.listingId);
    if (!listing) return { outcome: 'gone' };
    try {
      return { outcome: await refreshVehicleChecks(refreshDeps(), listing) };
    } catch (err) {
      if (!(err instanceof VehicleLookupError)) throw err;
      logger.warn('vehicle checks deferred', { listingId: listing.id, failure: err.failure, recordsService: err.service });
      return { outcome: 'deferred' };
    }
  },
);
