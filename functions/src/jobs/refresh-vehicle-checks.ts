import type { Context } from 'aws-lambda';
import { ddb } from '../adapters/dynamodb/client.js';
import { createListingsRepo } from '../adapters/dynamodb/listings-repo.js';
import { config } from '../config.js';
import { type NightlyRefreshResult, refreshDueChecks } from '../domain/vehicle-checks/refresh-due.js';
import { logger, observed } from '../observability.js';
import { refreshDeps } from '../vehicle-records-deps.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Nightly (jobs.ts RefreshVehicleChecks): re-reads the checks of at most 2,000 active listings
 * whose checks are missing or 7 days old, oldest first, paced within the DVSA's quota; a 429 ends
 * the run, and it stops 30 s before its time-out (the rest are still due tomorrow).
 */
async function run(_event: unknown, context?: Context): Promise<NightlyRefreshResult> {
  const { listings } = await createListingsRepo({ ddb, tableName: config.tableName }).loadAllActive();
  return refreshDueChecks(
    {
      ...refreshDeps(),
      sleep,
      timeLeftMs: () => context?.getRemainingTimeInMillis?.() ?? Number.POSITIVE_INFINITY,
      warn: (message, fields) => logger.warn(message, { ...fields }),
    },
    listings,
  );
}

export const handler = observed('jobs/refresh-vehicle-checks', run);
