/**
 * Test support (only tests import it): the browse filter "no clean-air charges in: [zone]" worked
 * out for one zone, straight from the zone's verdict: the plain reference the product's bit mask
 * (noChargeZoneMask in compliance.ts) and the search reference are checked against.
 */
import { type ComplianceInput, emissionClassOf, isLight, zoneVerdict } from './verdict.js';
import { CLEAN_AIR_ZONES } from './zones.js';

/** True only when the truck is known to enter the zone free. */
export function entersWithoutCharge(input: ComplianceInput, zoneId: string): boolean {
  const zone = CLEAN_AIR_ZONES.find((z) => z.id === zoneId);
  if (!zone) return false;
  return zoneVerdict(zone, emissionClassOf(input), isLight(input)).status === 'no-charge';
}
