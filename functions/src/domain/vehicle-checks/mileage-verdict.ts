import type { MileageVerdict } from '../../../../shared/schemas/vehicle-checks.js';

/** One kilometre in miles' terms: a mile is exactly 1.609344 km. */
const KM_PER_MILE = 1.609344;

export interface OdometerReading {
  /** ISO date-time of the test. */
  date: string;
  value: number;
  unit: 'mi' | 'km';
}

const VERDICT_TEXTS = {
  consistent: (n: number) => `Mileage consistent with ${n} test records`,
  fell: (from: string, to: string) => `Mileage query: the reading fell between ${from} and ${to}`,
  belowLast: (reading: string, date: string) => `Advertised mileage is below the last test reading (${reading} on ${date})`,
  notEnough: 'Not enough test records to check',
} as const;

/** A test date as the panel prints it, in UK time: "14 March 2023". */
function formatTestDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(
    new Date(iso),
  );
}

/** A reading with its own unit: "412,345 miles", "663,000 km". */
function formatReading(r: Pick<OdometerReading, 'value' | 'unit'>): string {
  return `${r.value.toLocaleString('en-GB')} ${r.unit === 'km' ? 'km' : 'miles'}`;
}

const inMiles = (r: Pick<OdometerReading, 'value' | 'unit'>) => (r.unit === 'km' ? r.value / KM_PER_MILE : r.value);
/** Converting km to miles is not exact in floating point: the same distance must not read as a fall. */
const SAME_DISTANCE_MILES = 1e-6;
const below = (a: number, b: number) => a < b - SAME_DISTANCE_MILES;

/**
 * The mileage verdict (issue 27 §3) from a vehicle's readable test readings (any order, each in
 * miles or km) and the advertised mileage (miles, as listings give it):
 * - fewer than 2 readings → "Not enough test records to check";
 * - a reading lower than the one before it (compared in one unit, by test date) → the query naming
 *   both tests' dates;
 * - an advertised mileage below the last reading → that query, with the reading in its own unit;
 * - otherwise consistent with N test records. A listing that states no mileage has only its
 *   readings checked.
 */
export function mileageVerdict(readings: readonly OdometerReading[], advertisedMiles: number | null): MileageVerdict {
  if (readings.length < 2) return { kind: 'not-enough', text: VERDICT_TEXTS.notEnough };
  const ordered = [...readings].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  for (let i = 1; i < ordered.length; i++) {
    if (below(inMiles(ordered[i]), inMiles(ordered[i - 1]))) {
      return { kind: 'fell', text: VERDICT_TEXTS.fell(formatTestDate(ordered[i - 1].date), formatTestDate(ordered[i].date)) };
    }
  }
  const last = ordered[ordered.length - 1];
  if (advertisedMiles !== null && below(advertisedMiles, inMiles(last))) {
    return { kind: 'below-last', text: VERDICT_TEXTS.belowLast(formatReading(last), formatTestDate(last.date)) };
  }
  return { kind: 'consistent', text: VERDICT_TEXTS.consistent(ordered.length) };
}
