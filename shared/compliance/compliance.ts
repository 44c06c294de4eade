/**
 * Clean-air and Direct Vision Standard compliance of a listed truck, from its Euro standard, fuel
 * and GVW (and DVS stars when the seller gives them), by the rules in ./zones.ts. An unknown Euro
 * standard gives "unknown", never a guess from the registration year.
 */
import type { Fuel } from '../values.js';
import type { EuroStandard } from '../listing-options.js';
import { CLEAN_AIR_ZONES, COMPLIANCE_DATA_CHECKED_ON, type CleanAirZone, DIRECT_VISION_STANDARD } from './zones.js';

export interface ComplianceInput {
  euroStandard: EuroStandard | null;
  fuelType: Fuel | null;
  gvwTonnes: number | null;
  /** London DVS star rating 0–5, when the seller gives it. */
  dvsStars?: number | null;
}

export type EmissionClass = 'zero-emission' | 'euro6' | 'euro4or5' | 'belowEuro4' | 'unknown';

export interface ZoneVerdict {
  zoneId: string;
  name: string;
  /** no-charge: enters free; charge: pays dailyCharge a day; penalty: penalised per entry; unknown: not known. */
  status: 'no-charge' | 'charge' | 'penalty' | 'unknown';
  dailyCharge: number | null;
  note: string | null;
}

export interface DvsVerdict {
  status: 'not-required' | 'permit-ok' | 'needs-safe-system' | 'stars-unknown' | 'unknown';
  text: string;
}

export interface ComplianceAssessment {
  emissionClass: EmissionClass;
  zones: ZoneVerdict[];
  london: ZoneVerdict;
  /** Short text for cards: "ULEZ/LEZ compliant", "£100/day in London", "Clean-air status unknown". */
  badge: { tone: 'good' | 'warn' | 'unknown'; text: string };
  dvs: DvsVerdict;
  asOf: string;
}

/** The HGV clean-air rules apply over 3.5 t GVW; lighter vehicles fall under other rules (ULEZ). */
const HGV_THRESHOLD_TONNES = 3.5;

export function emissionClassOf(input: Pick<ComplianceInput, 'euroStandard' | 'fuelType'>): EmissionClass {
  if (input.fuelType === 'electric') return 'zero-emission';
  switch (input.euroStandard) {
    case 'euro6':
      return 'euro6';
    case 'euro4':
    case 'euro5':
      return 'euro4or5';
    case 'euro3':
      return 'belowEuro4';
    default:
      return 'unknown';
  }
}

function zoneVerdict(zone: CleanAirZone, cls: EmissionClass, lightVehicle: boolean): ZoneVerdict {
  const base = { zoneId: zone.id, name: zone.name };
  if (lightVehicle) {
    return {
      ...base,
      status: 'unknown',
      dailyCharge: null,
      note: 'Vehicles up to 3.5 t GVW follow other rules (such as the ULEZ): not assessed here.',
    };
  }
  if (cls === 'unknown') return { ...base, status: 'unknown', dailyCharge: null, note: 'Euro standard not stated by the seller.' };
  if (cls === 'zero-emission' || cls === 'euro6') return { ...base, status: 'no-charge', dailyCharge: 0, note: null };
  if (zone.kind === 'penalty-per-entry') return { ...base, status: 'penalty', dailyCharge: null, note: zone.penaltyNote ?? null };
  const charge = cls === 'euro4or5' ? zone.dailyCharge.euro4or5 : zone.dailyCharge.belowEuro4;
  return charge === 0
    ? { ...base, status: 'no-charge', dailyCharge: 0, note: null }
    : { ...base, status: 'charge', dailyCharge: charge, note: null };
}

function dvsVerdict(input: ComplianceInput): DvsVerdict {
  const { gvwThresholdTonnes, minimumStars, penaltyPerDay } = DIRECT_VISION_STANDARD;
  if (input.gvwTonnes == null) return { status: 'unknown', text: 'GVW not stated: whether a London DVS permit is needed is unknown.' };
  if (input.gvwTonnes <= gvwThresholdTonnes)
    return { status: 'not-required', text: `No London DVS permit needed (${gvwThresholdTonnes} t GVW or less).` };
  const stars = input.dvsStars;
  if (stars == null)
    return {
      status: 'stars-unknown',
      text: `Needs a free London HGV Safety Permit (over ${gvwThresholdTonnes} t). DVS star rating not stated; without a permit the penalty is £${penaltyPerDay} a day.`,
    };
  if (stars >= minimumStars)
    return { status: 'permit-ok', text: `Needs a free London HGV Safety Permit; its ${stars}-star DVS rating qualifies.` };
  return {
    status: 'needs-safe-system',
    text: `Needs a free London HGV Safety Permit; with ${stars} star${stars === 1 ? '' : 's'} it qualifies only with the Progressive Safe System fitted.`,
  };
}

export function assessCompliance(input: ComplianceInput): ComplianceAssessment {
  const cls = emissionClassOf(input);
  const light = input.gvwTonnes != null && input.gvwTonnes <= HGV_THRESHOLD_TONNES;
  const zones = CLEAN_AIR_ZONES.map((z) => zoneVerdict(z, cls, light));
  const london = zones.find((z) => z.zoneId === 'london') as ZoneVerdict;
  let badge: ComplianceAssessment['badge'];
  if (london.status === 'no-charge') badge = { tone: 'good', text: 'ULEZ/LEZ compliant' };
  else if (london.status === 'charge') badge = { tone: 'warn', text: `£${london.dailyCharge}/day in London` };
  else badge = { tone: 'unknown', text: 'Clean-air status unknown' };
  return { emissionClass: cls, zones, london, badge, dvs: dvsVerdict(input), asOf: COMPLIANCE_DATA_CHECKED_ON };
}

/** Browse filter "no clean-air charges in: [zone]": true only when the truck is known to enter free. */
export function entersWithoutCharge(input: ComplianceInput, zoneId: string): boolean {
  const zone = CLEAN_AIR_ZONES.find((z) => z.id === zoneId);
  if (!zone) return false;
  const light = input.gvwTonnes != null && input.gvwTonnes <= HGV_THRESHOLD_TONNES;
  return zoneVerdict(zone, emissionClassOf(input), light).status === 'no-charge';
}

export const CLEAN_AIR_ZONE_IDS = CLEAN_AIR_ZONES.map((z) => z.id);

/**
 * The zones a truck is known to enter without a charge, as bits (bit i = CLEAN_AIR_ZONES[i]): the
 * search index keeps this per listing for the browse filter "no clean-air charges in".
 */
export function noChargeZoneMask(input: ComplianceInput): number {
  const cls = emissionClassOf(input);
  const light = input.gvwTonnes != null && input.gvwTonnes <= HGV_THRESHOLD_TONNES;
  let mask = 0;
  CLEAN_AIR_ZONES.forEach((zone, i) => {
    if (zoneVerdict(zone, cls, light).status === 'no-charge') mask |= 1 << i;
  });
  return mask;
}

/** The bits of `zoneIds` (unknown ids are ignored by the schema before they get here). */
export function zoneMaskOf(zoneIds: readonly string[]): number {
  let mask = 0;
  for (const id of zoneIds) {
    const i = CLEAN_AIR_ZONES.findIndex((z) => z.id === id);
    if (i >= 0) mask |= 1 << i;
  }
  return mask;
}
