/**
 * Clean-air and Direct Vision Standard compliance of a listed truck, from its Euro standard, fuel
 * and GVW (and DVS stars when the seller gives them), by the rules in ./zones.ts. An unknown Euro
 * standard gives "unknown", never a guess from the registration year.
 */
import { LONDON_LEZ } from './london-lez.js';
import {
  badgeOf,
  type CardBadge,
  type ComplianceInput,
  type EmissionClass,
  emissionClassOf,
  isLight,
  type ZoneVerdict,
  zoneVerdict,
} from './verdict.js';
import { CLEAN_AIR_ZONES, COMPLIANCE_DATA_CHECKED_ON, DIRECT_VISION_STANDARD } from './zones.js';

export type { ComplianceInput, ZoneVerdict } from './verdict.js';

interface DvsVerdict {
  status: 'not-required' | 'permit-ok' | 'needs-safe-system' | 'stars-unknown' | 'unknown';
  text: string;
}

export interface ComplianceAssessment {
  emissionClass: EmissionClass;
  zones: ZoneVerdict[];
  london: ZoneVerdict;
  badge: CardBadge;
  dvs: DvsVerdict;
  asOf: string;
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
  const light = isLight(input);
  const zones = CLEAN_AIR_ZONES.map((z) => zoneVerdict(z, cls, light));
  const london = zones.find((z) => z.zoneId === LONDON_LEZ.id) as ZoneVerdict;
  return { emissionClass: cls, zones, london, badge: badgeOf(london), dvs: dvsVerdict(input), asOf: COMPLIANCE_DATA_CHECKED_ON };
}

export const CLEAN_AIR_ZONE_IDS = CLEAN_AIR_ZONES.map((z) => z.id);

/**
 * The zones a truck is known to enter without a charge, as bits (bit i = CLEAN_AIR_ZONES[i]): the
 * search index keeps this per listing for the browse filter "no clean-air charges in". It depends
 * only on the emission class and whether the vehicle is light, so each of those ten cases is
 * worked out once (an index build asks for every listing).
 */
export function noChargeZoneMask(input: ComplianceInput): number {
  const key = `${emissionClassOf(input)}|${isLight(input)}`;
  let mask = noChargeMasks.get(key);
  if (mask === undefined) {
    const cls = emissionClassOf(input);
    const light = isLight(input);
    mask = 0;
    for (const [i, zone] of CLEAN_AIR_ZONES.entries()) if (zoneVerdict(zone, cls, light).status === 'no-charge') mask |= 1 << i;
    noChargeMasks.set(key, mask);
  }
  return mask;
}

const noChargeMasks = new Map<string, number>();

/** The bits of `zoneIds` (unknown ids are ignored by the schema before they get here). */
export function zoneMaskOf(zoneIds: readonly string[]): number {
  let mask = 0;
  for (const id of zoneIds) {
    const i = CLEAN_AIR_ZONES.findIndex((z) => z.id === id);
    if (i >= 0) mask |= 1 << i;
  }
  return mask;
}
