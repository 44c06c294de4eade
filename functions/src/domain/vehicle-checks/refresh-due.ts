import type { ListingRecord } from '../listings/types.js';
import { VehicleLookupError } from './ports.js';
import { CHECKS_MAX_AGE_MS, type RefreshDeps, type RefreshOutcome, refreshVehicleChecks } from './vehicle-checks.js';

/** At most this many listings a night (issue 27 §3). */
const NIGHTLY_REFRESH_LIMIT = 2000;
/**
 * Listings refreshed per second: each reads the DVLA and the DVSA once, so 4 a second is 4 DVSA
 * requests a second, well under its default quota of 10/s (and 2,000 a night under its 500,000 a day).
 */
const NIGHTLY_REFRESH_PER_SECOND = 4;

/**
 * The listings whose checks are due: a registration, and checks never read or read 7 days ago or
 * more (by the summary on the listing, `vehicleChecksAt`); oldest first, never-read before all.
 */
function listingsDue(listings: readonly ListingRecord[], now: Date, limit = NIGHTLY_REFRESH_LIMIT): ListingRecord[] {
  const cutoff = now.getTime() - CHECKS_MAX_AGE_MS;
  const at = (l: ListingRecord) => (l.vehicleChecksAt ? Date.parse(l.vehicleChecksAt) : Number.NEGATIVE_INFINITY);
  return listings
    .filter((l) => l.registration && at(l) <= cutoff)
    .sort((a, b) => at(a) - at(b))
    .slice(0, limit);
}

export interface NightlyRefreshResult {
  due: number;
  refreshed: number;
  failed: number;
  /** Why the run stopped before the end: a service said our quota is spent, or time ran out. */
  stopped: 'quota' | 'time' | null;
}

/**
 * The nightly refresh (jobs.ts RefreshVehicleChecks): the due listings one after another at
 * NIGHTLY_REFRESH_PER_SECOND. A 429 from either service ends the run (the quota is spent; the
 * rest wait for tomorrow), an outage of one listing's look-up is counted and the run goes on,
 * and it stops while `timeLeftMs` still leaves room.
 */
export async function refreshDueChecks(
  deps: RefreshDeps & { sleep: (ms: number) => Promise<void>; timeLeftMs: () => number; warn: (msg: string, f: object) => void },
  listings: readonly ListingRecord[],
  opts: { perSecond?: number; limit?: number; reserveMs?: number } = {},
): Promise<NightlyRefreshResult> {
  const due = listingsDue(listings, deps.now(), opts.limit);
  const gapMs = 1000 / (opts.perSecond ?? NIGHTLY_REFRESH_PER_SECOND);
  const result: NightlyRefreshResult = { due: due.length, refreshed: 0, failed: 0, stopped: null };
  for (const listing of due) {
    if (deps.timeLeftMs() < (opts.reserveMs ?? 30_000)) {
      result.stopped = 'time';
      break;
    }
    const started = Date.now();
    let outcome: RefreshOutcome;
    try {
      outcome = await refreshVehicleChecks(deps, listing);
    } catch (err) {
      if (err instanceof VehicleLookupError && err.failure === 'rate-limited') {
        result.stopped = 'quota';
        break;
      }
      result.failed++;
      deps.warn('vehicle checks not refreshed', { listingId: listing.id, error: (err as Error).message });
      continue;
    }
    if (outcome === 'refreshed') result.refreshed++;
    const wait = gapMs - (Date.now() - started);
    if (wait > 0) await deps.sleep(wait);
  }
  return result;
}
