import { describe, expect, it } from 'vitest';
import { checksForListing, buildStoredChecks } from '../../functions/src/domain/vehicle-checks/vehicle-checks.js';
import { registrationFormat } from '../../shared/registration.js';
import { DEMO_LISTINGS } from '../seed/data.js';
import { buildVehicleRegistry } from './registry.js';

const now = new Date('2026-11-26T12:00:00Z');

describe('the demo vehicle registry', () => {
  const vehicles = [...buildVehicleRegistry(now).values()];
  const verdictOf = (scenario: string) => {
    const v = vehicles.find((x) => x.scenario === scenario);
    const listing = DEMO_LISTINGS.find((l) => l.id === v?.listingId);
    if (!v || !listing) throw new Error(`no ${scenario} vehicle`);
    return checksForListing(buildStoredChecks(listing.id, v.registration, v.dvla, v.dvsa, now), listing.mileage).verdict;
  };

  it('gives every scenario the verdict it stands for', () => {
    expect(verdictOf('passes').kind).toBe('consistent');
    expect(verdictOf('km').kind).toBe('consistent');
    expect(verdictOf('fail-then-pass').kind).toBe('consistent');
    expect(verdictOf('falling').text).toMatch(/^Mileage query: the reading fell between \d+ \w+ \d{4} and \d+ \w+ \d{4}$/);
    expect(verdictOf('below-last').text).toMatch(/^Advertised mileage is below the last test reading \([\d,]+ miles on /);
    expect(verdictOf('single-test').text).toBe('Not enough test records to check');
  });

  it('uses unique, valid current-format marks on at least 20 demo listings', () => {
    const listed = vehicles.filter((v) => v.listingId);
    expect(listed.length).toBeGreaterThanOrEqual(20);
    expect(new Set(vehicles.map((v) => v.registration)).size).toBe(vehicles.length);
    for (const v of vehicles) expect(registrationFormat(v.registration), v.registration).toBe('current');
  });
});
