/**
 * The local stand-ins' vehicle registry (issue 27 §4): DVLA records and DVSA annual-test histories
 * for the first 24 active demo listings (dev/seed/data.ts), plus three vehicles on no listing for a
 * seller to try on /sell-truck. Built deterministically from the listings and the day it is asked
 * for, so test dates stay recent. Each demo vehicle has a scenario:
 * passes, a fail then a pass, advisories, km-recorded, falling readings, advertised below the last
 * test, a single test.
 */
import type { DvlaVehicle, DvsaVehicle, MotDefect, MotTest } from '../../functions/src/domain/vehicle-checks/ports.js';
import { seededRandom } from '../../shared/seeded-random.js';
import { DEMO_LISTINGS, type DemoListing, hash32 } from '../seed/data.js';

type VehicleScenario = 'passes' | 'fail-then-pass' | 'advisories' | 'km' | 'falling' | 'below-last' | 'single-test' | 'unlisted';

export interface RegistryVehicle {
  registration: string;
  scenario: VehicleScenario;
  /** The demo listing it belongs to (none for the three to try on /sell-truck). */
  listingId: string | null;
  dvla: DvlaVehicle;
  dvsa: DvsaVehicle | null;
}

/** The DVLA's test-environment plates and what they answer (issue 27 §2). */
export const DVLA_ERROR_PLATES: Record<string, number> = { ER19BAD: 400, ER19NFD: 404, ER19THR: 429, ER19ERR: 500, ER19MNT: 503 };

const SCENARIO_CYCLE: VehicleScenario[] = ['passes', 'fail-then-pass', 'advisories', 'passes', 'km', 'passes', 'advisories', 'falling'];
/** Fixed positions, so each scenario is on a known demo listing. */
const FIXED: Record<number, VehicleScenario> = {
  0: 'passes',
  1: 'falling',
  2: 'below-last',
  3: 'single-test',
  4: 'km',
  5: 'fail-then-pass',
};
const DEMO_VEHICLE_COUNT = 24;

const DVLA_MAKES: Record<string, string> = {
  mercedes: 'MERCEDES-BENZ',
  volvo: 'VOLVO',
  scania: 'SCANIA',
  man: 'MAN',
  daf: 'DAF',
  iveco: 'IVECO',
  renault: 'RENAULT TRUCKS',
  ford: 'FORD',
  isuzu: 'ISUZU',
  mitsubishi: 'MITSUBISHI FUSO',
  other: 'FODEN',
};
const FUELS: Record<string, string> = {
  diesel: 'DIESEL',
  electric: 'ELECTRICITY',
  hybrid: 'HYBRID ELECTRIC',
  cng: 'GAS',
  petrol: 'PETROL',
};
const COLOURS = ['WHITE', 'BLUE', 'RED', 'SILVER', 'BLACK', 'GREEN', 'ORANGE'];
const LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXY';
const ADVISORIES = [
  'Nearside front tyre worn close to legal limit',
  'Offside rear brake disc slightly worn',
  'Exhaust has a minor leak of exhaust gases',
  'Oil leak from engine, but not excessive',
  'Headlamp aim slightly low',
  'Corrosion on chassis member, not seriously weakened',
];
const FAILURES = [
  'Service brake efficiency below requirements',
  'Nearside headlamp not working',
  'Offside front tyre has a cut in excess of requirements',
];

function wheelplanOf(l: DemoListing): string {
  const axles = Number(l.axleConfig.split('x')[0]) / 2;
  if (l.category === 'articulated') return axles <= 2 ? '2-AXLE&ARTIC' : axles === 3 ? '3-AXLE&ARTIC' : 'MULTI-AXLE&ARTIC';
  return axles <= 2 ? '2 AXLE RIGID BODY' : axles === 3 ? '3 AXLE RIGID BODY' : 'MULTI-AXLE RIGID';
}

/** A current-format mark for the year ('19' for March–August, '69' after), unique per seed. */
function markFor(year: number, seed: string, taken: Set<string>): string {
  const rnd = seededRandom(hash32(seed));
  for (;;) {
    const yy = rnd() < 0.55 ? String(year % 100).padStart(2, '0') : String((year % 100) + 50).padStart(2, '0');
    const l = () => LETTERS[Math.floor(rnd() * LETTERS.length)];
    const mark = `${['YX', 'LK', 'PN', 'MX', 'BT', 'SF', 'WU', 'DK'][Math.floor(rnd() * 8)]}${yy}${l()}${l()}${l()}`;
    if (!taken.has(mark) && !mark.startsWith('ER')) {
      taken.add(mark);
      return mark;
    }
  }
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const KM_PER_MILE = 1.609344;

/** Yearly tests from the first anniversary to last month, readings rising to just under the advert. */
function historyOf(l: DemoListing, scenario: VehicleScenario, now: Date, seed: string): MotTest[] {
  const rnd = seededRandom(hash32(`tests|${seed}`));
  const lastYear = now.getUTCFullYear() - (now.getUTCMonth() < 2 ? 1 : 0);
  let years = Array.from({ length: Math.max(1, lastYear - l.year) }, (_, i) => l.year + 1 + i).filter((y) => y <= lastYear);
  if (years.length === 0) years = [lastYear];
  if (scenario === 'single-test') years = years.slice(-1);
  const n = years.length;
  // The last test a few months ago, so the advert (today) is a little further on.
  const lastReading = Math.max(1000, Math.round(l.mileage * (0.9 + rnd() * 0.06)));
  const tests: MotTest[] = [];
  let serial = hash32(seed) % 900_000;
  years.forEach((year, i) => {
    const month = (hash32(`${seed}|month`) % 9) + 1;
    const date = new Date(
      Date.UTC(year, Math.min(month, year === lastYear ? Math.max(0, now.getUTCMonth() - 2) : month), 10 + (i % 15), 9, 30),
    );
    let miles = Math.round(lastReading * ((i + 1) / n) ** 0.95);
    if (scenario === 'falling' && n >= 3 && i === n - 2) miles = Math.round(lastReading * 1.08);
    if (scenario === 'below-last' && i === n - 1) miles = l.mileage + 11_500;
    const km = scenario === 'km';
    const defects: MotDefect[] = [];
    if ((scenario === 'advisories' || rnd() < 0.25) && i > 0) {
      defects.push({ text: ADVISORIES[(i + hash32(seed)) % ADVISORIES.length], type: 'ADVISORY', dangerous: false });
    }
    if (scenario === 'advisories' && i === n - 1) {
      defects.push({ text: ADVISORIES[(i + 2) % ADVISORIES.length], type: 'ADVISORY', dangerous: false });
    }
    const fail = scenario === 'fail-then-pass' && i === n - 1 && n >= 1;
    const base = {
      odometerValue: String(km ? Math.round(miles * KM_PER_MILE) : miles),
      odometerUnit: km ? ('KM' as const) : ('MI' as const),
      odometerResultType: 'READ' as const,
    };
    if (fail) {
      tests.push({
        completedDate: date.toISOString(),
        testResult: 'FAILED',
        expiryDate: null,
        ...base,
        motTestNumber: String(100_000_000_000 + serial++),
        defects: [{ text: FAILURES[hash32(seed) % FAILURES.length], type: 'MAJOR', dangerous: false }],
      });
      date.setUTCDate(date.getUTCDate() + 6);
    }
    const expiry = new Date(date);
    expiry.setUTCFullYear(expiry.getUTCFullYear() + 1);
    tests.push({
      completedDate: date.toISOString(),
      testResult: 'PASSED',
      expiryDate: isoDay(expiry),
      ...base,
      motTestNumber: String(100_000_000_000 + serial++),
      defects,
    });
  });
  // The DVSA lists newest first.
  return tests.reverse();
}

function vehicleFor(l: DemoListing, scenario: VehicleScenario, registration: string, now: Date): RegistryVehicle {
  const seed = `${l.id}|${registration}`;
  const rnd = seededRandom(hash32(seed));
  const tests = historyOf(l, scenario, now, seed);
  const dvla: DvlaVehicle = {
    registrationNumber: registration,
    make: DVLA_MAKES[l.make] ?? 'FODEN',
    colour: COLOURS[Math.floor(rnd() * COLOURS.length)],
    fuelType: FUELS[l.fuelType] ?? 'DIESEL',
    yearOfManufacture: l.year,
    monthOfFirstRegistration: `${l.year}-0${1 + (hash32(seed) % 9)}`,
    engineCapacity: l.engineSize ? Math.round(Number(l.engineSize) * 1000) : undefined,
    co2Emissions: 0,
    // Both spellings the DVLA uses.
    euroStatus: `EURO${hash32(seed) % 2 ? ' ' : ''}${l.euroStandard.replace('euro', '')}`,
    revenueWeight: Math.round(l.gvwTonnes * 1000),
    typeApproval: l.gvwTonnes > 12 ? 'N3' : 'N2',
    wheelplan: wheelplanOf(l),
    taxStatus: rnd() < 0.85 ? 'Taxed' : 'SORN',
    taxDueDate: isoDay(new Date(now.getTime() + (30 + Math.floor(rnd() * 300)) * 24 * 3600 * 1000)),
    motStatus: 'No details held by DVLA',
    markedForExport: false,
    dateOfLastV5CIssued: isoDay(new Date(now.getTime() - (60 + Math.floor(rnd() * 600)) * 24 * 3600 * 1000)),
  };
  return {
    registration,
    scenario,
    listingId: l.id,
    dvla,
    dvsa: {
      registration,
      make: dvla.make,
      model: l.model.toUpperCase(),
      manufactureDate: `${l.year}-03-01`,
      fuelType: dvla.fuelType,
      primaryColour: dvla.colour,
      motTests: tests,
    },
  };
}

/** The three vehicles on no listing that `npm start` suggests for /sell-truck. */
function unlisted(now: Date): RegistryVehicle[] {
  const base = (reg: string, over: Partial<DvlaVehicle>, model: string): RegistryVehicle => ({
    registration: reg,
    scenario: 'unlisted',
    listingId: null,
    dvla: {
      registrationNumber: reg,
      colour: 'WHITE',
      fuelType: 'DIESEL',
      co2Emissions: 0,
      typeApproval: 'N3',
      taxStatus: 'Taxed',
      taxDueDate: isoDay(new Date(now.getTime() + 90 * 24 * 3600 * 1000)),
      motStatus: 'No details held by DVLA',
      markedForExport: false,
      ...over,
    } as DvlaVehicle,
    dvsa: {
      registration: reg,
      make: over.make,
      model,
      fuelType: 'DIESEL',
      primaryColour: 'WHITE',
      motTests: [
        {
          completedDate: new Date(Date.UTC(now.getUTCFullYear() - 1, 4, 14, 10)).toISOString(),
          testResult: 'PASSED',
          expiryDate: `${now.getUTCFullYear()}-05-31`,
          odometerValue: '286400',
          odometerUnit: 'MI',
          odometerResultType: 'READ',
          motTestNumber: '543210987654',
          defects: [],
        },
        {
          completedDate: new Date(Date.UTC(now.getUTCFullYear() - 2, 4, 12, 10)).toISOString(),
          testResult: 'PASSED',
          expiryDate: `${now.getUTCFullYear() - 1}-05-31`,
          odometerValue: '214950',
          odometerUnit: 'MI',
          odometerResultType: 'READ',
          motTestNumber: '543210987001',
          defects: [],
        },
      ],
    },
  });
  return [
    base(
      'YX19KPN',
      {
        make: 'DAF',
        yearOfManufacture: 2019,
        euroStatus: 'EURO 6',
        revenueWeight: 18000,
        wheelplan: '2 AXLE RIGID BODY',
        engineCapacity: 6700,
      },
      'LF 230',
    ),
    base(
      'PN68WTR',
      {
        make: 'SCANIA',
        yearOfManufacture: 2018,
        euroStatus: 'EURO6',
        revenueWeight: 26000,
        wheelplan: '3 AXLE RIGID BODY',
        engineCapacity: 12700,
      },
      'P 410',
    ),
    base(
      'LK16HGV',
      {
        make: 'MERCEDES-BENZ',
        yearOfManufacture: 2016,
        euroStatus: 'EURO 6',
        revenueWeight: 44000,
        wheelplan: '2-AXLE&ARTIC',
        engineCapacity: 12800,
      },
      'ACTROS 1845',
    ),
  ];
}

/** The three registrations `npm start` prints to try on /sell-truck. */
export const TRY_ON_SELL_FORM = ['YX19KPN', 'PN68WTR', 'LK16HGV'] as const;

/** Registry entries for the first 24 active demo listings and the three to try, keyed by registration. */
export function buildVehicleRegistry(
  now: Date = new Date(),
  listings: readonly DemoListing[] = DEMO_LISTINGS,
): Map<string, RegistryVehicle> {
  const taken = new Set<string>(TRY_ON_SELL_FORM);
  const registry = new Map<string, RegistryVehicle>();
  const active = listings.filter((l) => l.status === 'active').slice(0, DEMO_VEHICLE_COUNT);
  active.forEach((l, i) => {
    const scenario = FIXED[i] ?? SCENARIO_CYCLE[i % SCENARIO_CYCLE.length];
    const registration = markFor(l.year, `reg|${l.id}`, taken);
    registry.set(registration, vehicleFor(l, scenario, registration, now));
  });
  for (const v of unlisted(now)) registry.set(v.registration, v);
  return registry;
}
