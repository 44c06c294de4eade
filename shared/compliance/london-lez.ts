/**
 * London's LEZ row of the clean-air data (./zones.ts lists every zone, this one first), with the
 * date the data was last checked and the row's type: in a module of its own so a listing card's
 * badge (./verdict.ts) carries this row and not the whole table.
 */
export const COMPLIANCE_DATA_CHECKED_ON = '2026-11-23';

type ZoneKind = 'daily-charge' | 'penalty-per-entry';

export interface CleanAirZone {
  /** Stable id, used in the browse filter (?cleanAir=london). */
  id: string;
  name: string;
  kind: ZoneKind;
  /**
   * Daily charges for an HGV (over 3.5 t GVW) by its Euro standard, in pounds; 0 = no charge.
   * Zero-emission (electric) vehicles pay nothing anywhere.
   */
  dailyCharge: { euro6: number; euro4or5: number; belowEuro4: number };
  /** What a non-compliant HGV faces where the zone charges per entry instead of per day. */
  penaltyNote?: string;
  source: { title: string; url: string };
  checkedOn: string;
}

/** London's LEZ: the zone a listing's card badge speaks of ("ULEZ/LEZ compliant", "£100/day in London"). */
export const LONDON_LEZ: CleanAirZone = {
  id: 'london',
  name: 'London LEZ',
  kind: 'daily-charge',
  dailyCharge: { euro6: 0, euro4or5: 100, belowEuro4: 300 },
  source: { title: 'Transport for London — Low Emission Zone', url: 'https://tfl.gov.uk/modes/driving/low-emission-zone' },
  checkedOn: COMPLIANCE_DATA_CHECKED_ON,
};
