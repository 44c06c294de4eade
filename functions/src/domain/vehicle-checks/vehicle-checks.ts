import type { VehicleChecks, VehicleTest } from '../../../../shared/schemas/vehicle-checks.js';
import type { ListingRecord } from '../listings/types.js';
import { type OdometerReading, mileageVerdict } from './mileage-verdict.js';
import {
  type DvlaVehicle,
  type DvsaVehicle,
  type MotHistoryPort,
  type MotTest,
  type VehicleEnquiryPort,
  VehicleLookupError,
} from './ports.js';

/** Checks are read again after 7 days (issue 27 §3), and whenever the registration changes. */
export const CHECKS_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/** What is kept per listing (a sibling item of the listing): the records as read, without a verdict. */
export interface StoredVehicleChecks {
  listingId: string;
  registration: string;
  checkedAt: string;
  found: boolean;
  taxStatus: string | null;
  taxDueDate: string | null;
  colour: string | null;
  /** The DVLA's MOT expiry (for HGVs often absent: "No details held by DVLA"). */
  dvlaTestExpiry: string | null;
  /** Newest first. */
  tests: VehicleTest[];
}

export interface VehicleChecksStore {
  get(listingId: string): Promise<StoredVehicleChecks | null>;
  /**
   * Keeps the checks and the listing's summary (`mileageConsistent`, `vehicleChecksAt`), only while
   * the listing still has this registration; false when it no longer does (or is gone).
   */
  save(checks: StoredVehicleChecks, summary: { mileageConsistent: boolean }): Promise<boolean>;
  /** Removes the checks when a listing's registration is taken away. */
  clear(listingId: string): Promise<void>;
}

const toTest = (t: MotTest): VehicleTest => {
  const raw = t.odometerValue == null ? Number.NaN : Number(t.odometerValue);
  const read = t.odometerResultType === 'READ' && Number.isFinite(raw) && raw >= 0;
  return {
    date: t.completedDate,
    result: t.testResult,
    expiryDate: t.expiryDate ?? null,
    odometer: read ? { value: raw, unit: t.odometerUnit === 'KM' ? 'km' : 'mi' } : null,
    odometerResult: t.odometerResultType,
    testNumber: t.motTestNumber,
    defects: (t.defects ?? []).map((d) => ({ text: d.text, type: d.type, dangerous: Boolean(d.dangerous) })),
  };
};

/** The DVLA's and the DVSA's answers (null where a service has no record) → what is stored. */
export function buildStoredChecks(
  listingId: string,
  registration: string,
  dvla: DvlaVehicle | null,
  dvsa: DvsaVehicle | null,
  now: Date,
): StoredVehicleChecks {
  const tests = (dvsa?.motTests ?? []).map(toTest).sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  return {
    listingId,
    registration,
    checkedAt: now.toISOString(),
    found: Boolean(dvla || dvsa),
    taxStatus: dvla?.taxStatus ?? null,
    taxDueDate: dvla?.taxDueDate ?? null,
    colour: dvla?.colour ?? dvsa?.primaryColour ?? null,
    dvlaTestExpiry: dvla?.motExpiryDate ?? null,
    tests,
  };
}

function readingsOf(tests: readonly VehicleTest[]): OdometerReading[] {
  return tests.flatMap((t) => (t.odometer ? [{ date: t.date, value: t.odometer.value, unit: t.odometer.unit }] : []));
}

/** The panel's answer: the stored records with the verdict for the listing's current advertised mileage. */
export function checksForListing(stored: StoredVehicleChecks, advertisedMiles: number | null): VehicleChecks {
  // For HGVs the DVLA seldom holds the test expiry: the latest passed test's expiry is the one.
  const lastPass = stored.tests.find((t) => t.result === 'PASSED' && t.expiryDate);
  return {
    checkedAt: stored.checkedAt,
    found: stored.found,
    taxStatus: stored.taxStatus,
    taxDueDate: stored.taxDueDate,
    colour: stored.colour,
    testExpiry: lastPass?.expiryDate ?? stored.dvlaTestExpiry,
    tests: stored.tests,
    verdict: mileageVerdict(readingsOf(stored.tests), advertisedMiles),
  };
}

export const isMileageConsistent = (stored: StoredVehicleChecks | null, advertisedMiles: number | null) =>
  stored !== null && checksForListing(stored, advertisedMiles).verdict.kind === 'consistent';

/** Whether a listing's checks must be read again: none, another registration, or older than 7 days. */
function checksDue(listing: Pick<ListingRecord, 'registration'>, stored: StoredVehicleChecks | null, now: Date): boolean {
  if (!listing.registration) return false;
  if (!stored || stored.registration !== listing.registration) return true;
  return now.getTime() - Date.parse(stored.checkedAt) >= CHECKS_MAX_AGE_MS;
}

export interface RefreshDeps {
  dvla: VehicleEnquiryPort;
  dvsa: MotHistoryPort;
  store: VehicleChecksStore;
  now: () => Date;
}

/** A record that does not exist is an answer; anything else (quota, outage) keeps the old checks. */
async function orNotFound<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (err) {
    if (err instanceof VehicleLookupError && (err.failure === 'not-found' || err.failure === 'bad-request')) return null;
    throw err;
  }
}

export type RefreshOutcome = 'fresh' | 'refreshed' | 'summary-updated' | 'cleared' | 'none' | 'stale-listing';

/**
 * Brings one listing's checks up to date (events on create/edit, the nightly job): reads both
 * services when the checks are due, otherwise only re-derives the summary (the advertised mileage
 * may have changed). A listing without a registration has its old checks removed. Throws
 * VehicleLookupError on a quota or outage (the caller retries later; old checks stay).
 */
export async function refreshVehicleChecks(
  deps: RefreshDeps,
  listing: ListingRecord,
  opts: { force?: boolean } = {},
): Promise<RefreshOutcome> {
  const stored = await deps.store.get(listing.id);
  if (!listing.registration) {
    if (!stored) return 'none';
    await deps.store.clear(listing.id);
    return 'cleared';
  }
  const now = deps.now();
  if (!opts.force && stored && !checksDue(listing, stored, now)) {
    const consistent = isMileageConsistent(stored, listing.mileage);
    if (consistent === Boolean(listing.mileageConsistent) && listing.vehicleChecksAt === stored.checkedAt) return 'fresh';
    return (await deps.store.save(stored, { mileageConsistent: consistent })) ? 'summary-updated' : 'stale-listing';
  }
  const [dvla, dvsa] = await Promise.all([
    orNotFound(deps.dvla.vehicle(listing.registration)),
    orNotFound(deps.dvsa.history(listing.registration)),
  ]);
  const next = buildStoredChecks(listing.id, listing.registration, dvla, dvsa, now);
  const saved = await deps.store.save(next, { mileageConsistent: isMileageConsistent(next, listing.mileage) });
  return saved ? 'refreshed' : 'stale-listing';
}
