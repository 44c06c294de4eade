import { describe, expect, it } from 'vitest';
import type { ListingRecord } from '../listings/types.js';
import { type DvlaVehicle, type DvsaVehicle, VehicleLookupError } from './ports.js';
import { refreshDueChecks } from './refresh-due.js';
import type { StoredVehicleChecks } from './vehicle-checks.js';

const NOW = new Date('2026-11-27T02:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();
const listing = (id: string, extra: Partial<ListingRecord> = {}) =>
  ({ id, registration: `AB${id.padStart(2, '0')}CDE`, mileage: 100_000, vehicleChecksAt: null, ...extra }) as unknown as ListingRecord;

describe('which listings are due', () => {
  it('takes listings with a registration whose checks are missing or 7 days old, never-read and oldest first', async () => {
    const due = await listingsDue(
      [
        listing('1', { vehicleChecksAt: daysAgo(8) }),
        listing('2', { vehicleChecksAt: daysAgo(6) }),
        listing('3', { registration: null }),
        listing('4'),
        listing('5', { vehicleChecksAt: daysAgo(30) }),
        listing('6', { vehicleChecksAt: daysAgo(7) }),
      ],
      NOW,
    );
    expect(due).toEqual(['4', '5', '1', '6']);
  });

  it('takes at most the nightly limit', async () => {
    const many = Array.from({ length: 2500 }, (_, i) => listing(String(i)));
    const f = fakeDeps();
    // No time left: the run counts what is due and refreshes none.
    const result = await refreshDueChecks({ ...f.deps, timeLeftMs: () => 0 }, many);
    expect(result).toMatchObject({ due: 2000, refreshed: 0, stopped: 'time' });
  });
});

function fakeDeps(failFor: Record<string, VehicleLookupError> = {}) {
  const saved: string[] = [];
  const store = new Map<string, StoredVehicleChecks>();
  const dvsaCalls: string[] = [];
  return {
    saved,
    dvsaCalls,
    deps: {
      dvla: {
        vehicle: async (reg: string): Promise<DvlaVehicle> => {
          if (failFor[reg]) throw failFor[reg];
          return { registrationNumber: reg };
        },
      },
      dvsa: {
        history: async (reg: string): Promise<DvsaVehicle> => {
          dvsaCalls.push(reg);
          return { registration: reg, motTests: [] };
        },
      },
      store: {
        get: async (id: string) => store.get(id) ?? null,
        save: async (c: StoredVehicleChecks) => {
          store.set(c.listingId, c);
          saved.push(c.listingId);
          return true;
        },
        clear: async () => undefined,
      },
      now: () => NOW,
      sleep: async () => undefined,
      timeLeftMs: () => 600_000,
      warn: () => undefined,
    },
  };
}

/** The ids refreshDueChecks refreshes, in order, from `listings` (the run's clock at NOW). */
async function listingsDue(listings: ListingRecord[], now: Date): Promise<string[]> {
  const f = fakeDeps();
  await refreshDueChecks({ ...f.deps, now: () => now }, listings);
  return f.saved;
}

describe('refreshDueChecks', () => {
  it('refreshes every due listing, counts an outage and goes on', async () => {
    const f = fakeDeps({ AB02CDE: new VehicleLookupError('unavailable', 'DVLA', 'down') });
    const result = await refreshDueChecks(f.deps, [listing('1'), listing('2'), listing('3')]);
    expect(result).toEqual({ due: 3, refreshed: 2, failed: 1, stopped: null });
    expect(f.saved).toEqual(['1', '3']);
  });

  it('stops when a service says the quota is spent', async () => {
    const f = fakeDeps({ AB02CDE: new VehicleLookupError('rate-limited', 'DVLA', '429') });
    const result = await refreshDueChecks(f.deps, [listing('1'), listing('2'), listing('3')]);
    expect(result).toMatchObject({ refreshed: 1, stopped: 'quota' });
    expect(f.saved).toEqual(['1']);
  });

  it('stops while time is left, and paces the calls', async () => {
    const f = fakeDeps();
    let left = 120_000;
    const waits: number[] = [];
    const result = await refreshDueChecks(
      {
        ...f.deps,
        timeLeftMs: () => (left -= 40_000),
        sleep: async (ms) => {
          waits.push(ms);
        },
      },
      [listing('1'), listing('2'), listing('3')],
    );
    expect(result).toMatchObject({ refreshed: 2, stopped: 'time' });
    expect(waits.every((ms) => ms > 200 && ms <= 250)).toBe(true);
  });
});
