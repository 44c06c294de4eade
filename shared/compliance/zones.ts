/**
 * UK clean-air zones and London's Direct Vision Standard, for HGVs: the one data file the
 * compliance rules (./compliance.ts) read. Each zone names its source and the day it was last
 * checked; buyers see that date as "as of". When a zone changes, edit its row and `checkedOn`.
 */
import { COMPLIANCE_DATA_CHECKED_ON, type CleanAirZone, LONDON_LEZ } from './london-lez.js';

export { COMPLIANCE_DATA_CHECKED_ON, type CleanAirZone } from './london-lez.js';

const GOV_UK_CAZ = {
  title: 'GOV.UK — Driving in a clean air zone',
  url: 'https://www.gov.uk/guidance/driving-in-a-clean-air-zone',
} as const;

const cazCharge = (pounds: number) => ({ euro6: 0, euro4or5: pounds, belowEuro4: pounds });
const SCOTTISH_PENALTY = 'Entry by an HGV below Euro VI is not charged per day: each entry is penalised. Check the zone before driving in.';
const SCOTLAND_SOURCE = { title: 'Low Emission Zones Scotland', url: 'https://www.lowemissionzones.scot/' } as const;

export const CLEAN_AIR_ZONES: readonly CleanAirZone[] = [
  LONDON_LEZ,
  {
    id: 'bath',
    name: 'Bath CAZ',
    kind: 'daily-charge',
    dailyCharge: cazCharge(100),
    source: GOV_UK_CAZ,
    checkedOn: COMPLIANCE_DATA_CHECKED_ON,
  },
  {
    id: 'birmingham',
    name: 'Birmingham CAZ',
    kind: 'daily-charge',
    dailyCharge: cazCharge(50),
    source: GOV_UK_CAZ,
    checkedOn: COMPLIANCE_DATA_CHECKED_ON,
  },
  {
    id: 'bradford',
    name: 'Bradford CAZ',
    kind: 'daily-charge',
    dailyCharge: cazCharge(50),
    source: GOV_UK_CAZ,
    checkedOn: COMPLIANCE_DATA_CHECKED_ON,
  },
  {
    id: 'bristol',
    name: 'Bristol CAZ',
    kind: 'daily-charge',
    dailyCharge: cazCharge(100),
    source: GOV_UK_CAZ,
    checkedOn: COMPLIANCE_DATA_CHECKED_ON,
  },
  {
    id: 'newcastle-gateshead',
    name: 'Newcastle and Gateshead CAZ',
    kind: 'daily-charge',
    dailyCharge: cazCharge(50),
    source: GOV_UK_CAZ,
    checkedOn: COMPLIANCE_DATA_CHECKED_ON,
  },
  {
    id: 'portsmouth',
    name: 'Portsmouth CAZ',
    kind: 'daily-charge',
    dailyCharge: cazCharge(50),
    source: GOV_UK_CAZ,
    checkedOn: COMPLIANCE_DATA_CHECKED_ON,
  },
  {
    id: 'sheffield',
    name: 'Sheffield CAZ',
    kind: 'daily-charge',
    dailyCharge: cazCharge(50),
    source: GOV_UK_CAZ,
    checkedOn: COMPLIANCE_DATA_CHECKED_ON,
  },
  ...(['Glasgow', 'Edinburgh', 'Aberdeen', 'Dundee'] as const).map(
    (city): CleanAirZone => ({
      id: city.toLowerCase(),
      name: `${city} LEZ`,
      kind: 'penalty-per-entry',
      dailyCharge: { euro6: 0, euro4or5: 0, belowEuro4: 0 },
      penaltyNote: SCOTTISH_PENALTY,
      source: SCOTLAND_SOURCE,
      checkedOn: COMPLIANCE_DATA_CHECKED_ON,
    }),
  ),
];

/** London's Direct Vision Standard: HGVs over 12 t GVW need a (free) HGV Safety Permit. */
export const DIRECT_VISION_STANDARD = {
  gvwThresholdTonnes: 12,
  /** Since 28 October 2024 a permit needs three stars, or the Progressive Safe System fitted. */
  minimumStars: 3,
  penaltyPerDay: 550,
  source: {
    title: 'Transport for London — Direct Vision Standard and HGV safety permits',
    url: 'https://tfl.gov.uk/info-for/deliveries-in-london/delivering-safely/direct-vision-in-heavy-goods-vehicles',
  },
  checkedOn: COMPLIANCE_DATA_CHECKED_ON,
} as const;
