/**
 * One clean-air zone's verdict for a truck, from its Euro standard, fuel and GVW, and a listing
 * card's badge (London's verdict). The whole assessment is ./compliance.ts; this part stands alone
 * so a results page's code carries London's row (./london-lez.ts), not every zone and rule.
 */
import type { EuroStandard } from '../listing-options.js';
import type { Fuel } from '../values.js';
import { type CleanAirZone, LONDON_LEZ } from './london-lez.js';

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

export function zoneVerdict(zone: CleanAirZone, cls: EmissionClass, lightVehicle: boolean): ZoneVerdict {
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

/** Short text for cards: "ULEZ/LEZ compliant", "£100/day in London", "Clean-air status unknown". */
export interface CardBadge {
  tone: 'good' | 'warn' | 'unknown';
  text: string;
}

/**
 * A card's clean-air badge alone (London's verdict): what assessCompliance says as `badge`, without
 * the other zones, so a results page's code carries London's row only.
 */
export function cleanAirBadge(input: ComplianceInput): CardBadge {
  return badgeOf(zoneVerdict(LONDON_LEZ, emissionClassOf(input), isLight(input)));
}

export function badgeOf(london: ZoneVerdict): CardBadge {
  if (london.status === 'no-charge') return { tone: 'good', text: 'ULEZ/LEZ compliant' };
  if (london.status === 'charge') return { tone: 'warn', text: `£${london.dailyCharge}/day in London` };
  return { tone: 'unknown', text: 'Clean-air status unknown' };
}

export const isLight = (input: Pick<ComplianceInput, 'gvwTonnes'>) => input.gvwTonnes != null && input.gvwTonnes <= HGV_THRESHOLD_TONNES;
