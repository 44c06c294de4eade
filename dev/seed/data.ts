/**
 * The demo dataset: users, UK truck listings and scraped listings. Pure data and pure functions
 * (no AWS), deterministic, so unit and end-to-end tests can import it and rely on it.
 * Phone numbers are from Ofcom's drama ranges; e-mail addresses use example domains; every
 * company and person is fictional.
 */
import { ulid } from 'ulid';
import { type Category, type Fuel, type Make, type Transmission, makeLabel } from '../../shared/values.js';
import type { AxleConfig, CabType, EuroStandard, ListingStatus, VatStatus } from '../../shared/listing-options.js';
import type { ListingRecord, ScrapedFields, ScrapedRecord } from '../../functions/src/domain/listings/types.js';

export const DEMO_PASSWORD = 'Haulage!Demo-2026';

// ---------------------------------------------------------------- deterministic randomness

/** mulberry32: tiny, fast, good enough for demo data; the same seed always gives the same data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, for seeds and ids derived from text. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length) % xs.length];

/** A deterministic ULID: time part from `at`, random part from the seed. */
function deterministicUlid(at: number, seed: string): string {
  return ulid(at, seededRandom(hash32(seed)));
}

// ---------------------------------------------------------------- people

interface Depot {
  town: string;
  /** Free-text location as sellers type it. */
  location: string;
  postcode: string;
  /** London and the M25 ring: listings mention DVS permits and ULEZ. */
  london?: boolean;
}

type DemoRole = 'admin' | 'super_admin' | 'dealer' | 'private_seller' | 'buyer';

export interface DemoUser {
  /** Stable handle used by listings and tests. */
  key: string;
  role: DemoRole;
  email: string;
  name: string;
  companyName: string | null;
  /** E.164, as every phone number is stored (shown as '0113 496 0417' by shared/phone.ts). */
  phone: string;
  groups: string[];
  accountType: 'dealer' | 'individual';
  depots: Depot[];
  /** Dealer plate shown on the pictures (dealers photograph trucks with their own plates). */
  plate: string;
  /** Days before seeding that the account was opened. */
  joinedDaysAgo: number;
  /** Staff: the fixed authenticator (TOTP) secret set up for the account (DEMO_STAFF_TOTP_SECRETS). */
  totpSecret?: string;
}

/**
 * The seeded staff accounts' authenticator-app (TOTP) secrets, base32, by e-mail. Demo data for
 * the local cloud only, of no value anywhere else: `npm start` prints them beside the demo logins,
 * and the browser tests compute codes from them (dev/testing/totp.ts).
 */
export const DEMO_STAFF_TOTP_SECRETS = {
  'admin@truckyard.example': 'TRUCKYARDADMINDEMOTOTPSECRET2345',
  'superadmin@truckyard.example': 'TRUCKYARDSUPERADMINDEMOTOTP23456',
} as const;

export const DEMO_USERS: DemoUser[] = [
  {
    key: 'admin',
    role: 'admin',
    email: 'admin@truckyard.example',
    name: 'Hannah Okafor',
    companyName: 'TruckYard',
    phone: '+441614960123',
    groups: ['admins'],
    accountType: 'individual',
    depots: [],
    plate: 'TRUCKYARD',
    joinedDaysAgo: 120,
    totpSecret: DEMO_STAFF_TOTP_SECRETS['admin@truckyard.example'],
  },
  {
    key: 'superadmin',
    role: 'super_admin',
    email: 'superadmin@truckyard.example',
    name: 'Daniel Whitcombe',
    companyName: 'TruckYard',
    phone: '+441614960124',
    groups: ['super_admins', 'admins'],
    accountType: 'individual',
    depots: [],
    plate: 'TRUCKYARD',
    joinedDaysAgo: 121,
    totpSecret: DEMO_STAFF_TOTP_SECRETS['superadmin@truckyard.example'],
  },
  {
    key: 'pennine',
    role: 'dealer',
    email: 'sales@penninetrucksales.example',
    name: 'Craig Holroyd',
    companyName: 'Pennine Truck Sales Ltd',
    phone: '+441134960417',
    groups: [],
    accountType: 'dealer',
    depots: [
      { town: 'Leeds', location: 'Leeds, West Yorkshire', postcode: 'LS11 5AB' },
      { town: 'Doncaster', location: 'Doncaster, South Yorkshire', postcode: 'DN4 5JH' },
      { town: 'Carlisle', location: 'Carlisle, Cumbria', postcode: 'CA1 3NQ' },
      { town: 'Glasgow', location: 'Hillington, Glasgow', postcode: 'G52 4XZ' },
    ],
    plate: 'PENNINE',
    joinedDaysAgo: 95,
  },
  {
    key: 'midland',
    role: 'dealer',
    email: 'trucks@midlandhgv.example',
    name: 'Sunita Bains',
    companyName: 'Midland HGV Centre',
    phone: '+441214960582',
    groups: [],
    accountType: 'dealer',
    depots: [
      { town: 'Birmingham', location: 'Aston, Birmingham', postcode: 'B6 7EU' },
      { town: 'Northampton', location: 'Northampton, Northamptonshire', postcode: 'NN4 7YJ' },
      { town: 'Manchester', location: 'Trafford Park, Manchester', postcode: 'M17 1HB' },
      { town: 'Cardiff', location: 'Cardiff, South Glamorgan', postcode: 'CF10 5DQ' },
    ],
    plate: 'MIDLAND HGV',
    joinedDaysAgo: 88,
  },
  {
    key: 'thames',
    role: 'dealer',
    email: 'info@thamesgatewaycv.example',
    name: "Lee O'Connell",
    companyName: 'Thames Gateway Commercials',
    phone: '+442079460321',
    groups: [],
    accountType: 'dealer',
    depots: [
      { town: 'Thurrock', location: 'West Thurrock, Essex', postcode: 'RM20 3LP', london: true },
      { town: 'Park Royal', location: 'Park Royal, London', postcode: 'NW10 7PN', london: true },
      { town: 'Bristol', location: 'Avonmouth, Bristol', postcode: 'BS11 9YA' },
      { town: 'Southampton', location: 'Southampton, Hampshire', postcode: 'SO15 0LA' },
    ],
    plate: 'TGC TRUCKS',
    joinedDaysAgo: 76,
  },
  {
    key: 'private',
    role: 'private_seller',
    email: 'gareth.pryce@mailbox.example',
    name: 'Gareth Pryce',
    companyName: null,
    phone: '+447700900417',
    groups: [],
    accountType: 'individual',
    depots: [{ town: 'Wrexham', location: 'Wrexham', postcode: 'LL13 9UT' }],
    plate: 'FOR SALE',
    joinedDaysAgo: 40,
  },
  {
    key: 'buyer',
    role: 'buyer',
    email: 'buyer@truckyard.example',
    name: 'Priya Raman',
    companyName: 'Raman Logistics',
    phone: '+447700900871',
    groups: [],
    accountType: 'individual',
    depots: [],
    plate: '',
    joinedDaysAgo: 21,
  },
];

export const demoUser = (key: string): DemoUser => {
  const u = DEMO_USERS.find((x) => x.key === key);
  if (!u) throw new Error(`No demo user ${key}`);
  return u;
};

// ---------------------------------------------------------------- listings

export interface DemoListing {
  /** Stable across runs (a ULID whose time part orders the demo listings by creation). */
  id: string;
  seller: string;
  depot: Depot;
  title: string;
  make: Make;
  model: string;
  year: number;
  category: Category;
  fuelType: Fuel;
  transmission: Transmission;
  mileage: number;
  engineSize: string | null;
  price: number;
  vatStatus: VatStatus;
  axleConfig: AxleConfig;
  gvwTonnes: number;
  euroStandard: EuroStandard;
  cabType: CabType;
  /** Built relative to the seeding date (MOT and tacho months), otherwise fixed. */
  description: (now: Date) => string;
  features: string[];
  status: ListingStatus;
  /** How long before seeding it was listed (0–59 days), plus an hour offset. */
  ageHours: number;
  imageCount: number;
  /** Operator name on the body in the pictures (previous owner's livery), if any. */
  livery: string | null;
  /** Decides colours and the picture's pose. */
  artSeed: number;
}

interface Row {
  seller: string;
  depot: number;
  make: Make;
  model: string;
  year: number;
  category: Category;
  axle: AxleConfig;
  gvw: number;
  cab: CabType;
  miles: number;
  /** 0 = POA. */
  price: number;
  /** Litres as text; null for electric. */
  engine: string | null;
  /** What makes this truck this truck: body, equipment, history. */
  spec: string;
  features?: string[];
  vat?: VatStatus;
  fuel?: Fuel;
  gearbox?: Transmission;
  status?: ListingStatus;
  euro?: EuroStandard;
  livery?: string;
  images?: number;
}

const r = (
  seller: string,
  depot: number,
  make: Make,
  model: string,
  year: number,
  category: Category,
  axle: AxleConfig,
  gvw: number,
  cab: CabType,
  miles: number,
  price: number,
  engine: string | null,
  spec: string,
  extra: Partial<Row> = {},
): Row => ({ seller, depot, make, model, year, category, axle, gvw, cab, miles, price, engine, spec, ...extra });

/**
 * The listings, one line each. Models, engines and prices are what UK dealers ask for such
 * trucks; the make mix follows UK registrations (DAF first, then Mercedes, Scania, Volvo…).
 */
const ROWS: Row[] = [
  // Tractor units
  r(
    'pennine',
    0,
    'daf',
    'XF 480 FT Space Cab',
    2020,
    'articulated',
    '4x2',
    44,
    'high-roof-sleeper',
    262_340,
    42_950,
    '12.9',
    'Mid-roof Space Cab tractor unit on air suspension, TraXon 12-speed, 2 x 430 L alloy tanks plus AdBlue.',
    {
      features: ['Fridge', 'Microwave', 'Night heater', 'Cruise control', 'Alloy wheels', 'Lane departure warning'],
      livery: 'Calder Valley Haulage',
    },
  ),
  r(
    'midland',
    0,
    'daf',
    'XF 530 FTG Super Space Cab',
    2022,
    'articulated',
    '6x2',
    44,
    'high-roof-sleeper',
    171_220,
    72_500,
    '12.9',
    'Mid-lift 6x2 Super Space Cab, TraXon auto, hydraulic wet kit, chrome pack, full leather.',
    {
      features: ['Wet kit', 'Leather seats', 'Fridge', 'Night heater', 'Air con', 'Sat nav', 'Reversing camera'],
    },
  ),
  r(
    'pennine',
    3,
    'scania',
    'R450 Highline',
    2019,
    'articulated',
    '4x2',
    44,
    'high-roof-sleeper',
    310_900,
    36_500,
    '12.7',
    'Highline cab, Opticruise with Scania retarder, twin bunks, fridge and parking cooler.',
    {
      features: ['Retarder', 'Fridge', 'Parking cooler', 'Cruise control', 'Xenon lights'],
      livery: 'Clydeside Freight',
    },
  ),
  r(
    'thames',
    1,
    'scania',
    'S500 Highline',
    2021,
    'articulated',
    '6x2',
    44,
    'high-roof-sleeper',
    198_400,
    68_950,
    '12.7',
    'Flat-floor S-series with rear-lift, Opticruise, 3-star DVS permit in place, side scan cameras.',
    {
      features: ['Retarder', 'Fridge', 'Leather seats', 'Reversing camera', 'Side scan', 'Alloy wheels'],
    },
  ),
  r(
    'midland',
    2,
    'scania',
    'R580 V8 Highline',
    2018,
    'articulated',
    '6x2',
    44,
    'high-roof-sleeper',
    355_210,
    44_995,
    '16.4',
    'The V8 — Opticruise, retarder, wet kit, light bar, always on heavy haulage and well looked after.',
    {
      features: ['Wet kit', 'Retarder', 'Light bar', 'Leather seats', 'Fridge', 'Alloy wheels'],
      livery: 'Wharfedale Heavy Haulage',
    },
  ),
  r(
    'pennine',
    1,
    'volvo',
    'FH 500 Globetrotter XL',
    2021,
    'articulated',
    '6x2',
    44,
    'high-roof-sleeper',
    205_600,
    64_750,
    '12.8',
    'Globetrotter XL with I-Shift, I-Park cool, Volvo Dynamic Steering and rear-lift axle.',
    {
      features: ['I-Park cool', 'Fridge', 'Microwave', 'Dynamic steering', 'Cruise control', 'Alloy wheels'],
    },
  ),
  r(
    'midland',
    1,
    'volvo',
    'FH16 650 Globetrotter',
    2019,
    'articulated',
    '6x4',
    44,
    'high-roof-sleeper',
    287_000,
    0,
    '16.1',
    'Heavy haulage spec 6x4 with hub reduction, plated to 80 tonnes gross train weight, VEB+ engine brake.',
    {
      features: ['Wet kit', 'Hub reduction', 'Retarder', 'Fridge', 'Leather seats'],
      images: 6,
    },
  ),
  r(
    'midland',
    0,
    'mercedes',
    'Actros 2545 GigaSpace',
    2020,
    'articulated',
    '6x2',
    44,
    'high-roof-sleeper',
    240_150,
    47_500,
    '12.8',
    'GigaSpace cab, PowerShift 3, Predictive Powertrain Control, Active Brake Assist 5.',
    {
      features: ['Fridge', 'Night heater', 'Active brake assist', 'Cruise control', 'Alloy wheels', 'Reversing camera'],
      livery: 'Severn Distribution',
    },
  ),
  r(
    'midland',
    2,
    'mercedes',
    'Actros 2548 BigSpace',
    2023,
    'articulated',
    '6x2',
    44,
    'high-roof-sleeper',
    98_400,
    94_950,
    '12.8',
    'Current shape Actros with MirrorCam, MultiMedia Cockpit, balance of manufacturer warranty.',
    {
      features: ['MirrorCam', 'Leather seats', 'Fridge', 'Night heater', 'Sat nav', 'Active brake assist', 'Alloy wheels'],
      images: 6,
    },
  ),
  r(
    'thames',
    0,
    'man',
    'TGX 18.510 GX',
    2021,
    'articulated',
    '4x2',
    44,
    'high-roof-sleeper',
    188_900,
    56_000,
    '12.4',
    'New-generation TGX with GX cab, TipMatic, MAN EfficientCruise and idle-free parking heater.',
    {
      features: ['Fridge', 'Night heater', 'Cruise control', 'Reversing camera', 'Lane departure warning'],
    },
  ),
  r(
    'pennine',
    0,
    'iveco',
    'S-Way 490',
    2021,
    'articulated',
    '6x2',
    44,
    'high-roof-sleeper',
    212_000,
    49_950,
    '12.9',
    'High-roof S-Way, Hi-Tronix 12-speed, rear-lift, alloys, sold with new MOT.',
    {
      features: ['Fridge', 'Night heater', 'Alloy wheels', 'Cruise control'],
      status: 'sold',
    },
  ),
  r(
    'midland',
    3,
    'renault',
    'T 480 High Sleeper',
    2019,
    'articulated',
    '6x2',
    44,
    'high-roof-sleeper',
    311_500,
    33_500,
    '12.8',
    'T High Sleeper cab, Optidriver auto with Optiroll, twin bunks and fridge.',
    {
      features: ['Fridge', 'Night heater', 'Air con', 'Cruise control'],
    },
  ),
  r(
    'thames',
    3,
    'ford',
    'F-Max 500',
    2020,
    'articulated',
    '4x2',
    44,
    'high-roof-sleeper',
    244_000,
    39_950,
    '12.7',
    'International Truck of the Year winner, Ecotorq 500 PS, flat floor, 12-speed auto.',
    {
      features: ['Fridge', 'Night heater', 'Leather seats', 'Cruise control', 'Alloy wheels'],
    },
  ),
  r(
    'midland',
    1,
    'ford',
    'F-Max 500',
    2021,
    'articulated',
    '4x2',
    44,
    'high-roof-sleeper',
    176_000,
    47_950,
    '12.7',
    'Low-mileage F-Max on air, always dealer serviced, one owner from new.',
    {
      features: ['Fridge', 'Night heater', 'Cruise control', 'Sat nav'],
    },
  ),
  r(
    'private',
    0,
    'daf',
    'XF 105.460 Space Cab',
    2012,
    'articulated',
    '4x2',
    44,
    'sleeper',
    561_000,
    8_950,
    '12.9',
    'My own unit, owner-driver for eight years, starts and drives as it should, AS-Tronic gearbox. Selling as I am retiring.',
    {
      vat: 'no_vat',
      euro: 'euro5',
      gearbox: 'semi-automatic',
      features: ['Night heater', 'Fridge', 'CB radio'],
      images: 3,
    },
  ),
  // Rigids (box-bodied chassis)
  r(
    'pennine',
    0,
    'daf',
    'CF 330 FAN',
    2019,
    'rigid',
    '6x2',
    26,
    'day',
    178_000,
    34_950,
    '10.8',
    '26-tonne rear-steer rigid with 8.1 m box body and 1,500 kg column tail lift.',
    {
      features: ['Tail lift 1500 kg', 'Rear steer axle', 'Reversing camera', 'Air con'],
      livery: 'Aire Valley Foods',
    },
  ),
  r(
    'midland',
    1,
    'scania',
    'P280',
    2018,
    'rigid',
    '4x2',
    18,
    'day',
    214_500,
    23_750,
    '9.3',
    '18-tonne rigid, Opticruise, 7.3 m box with roller shutter and tuckaway tail lift.',
    {
      features: ['Tail lift 1000 kg', 'Roller shutter', 'Air con'],
    },
  ),
  r(
    'thames',
    2,
    'volvo',
    'FL 250',
    2019,
    'rigid',
    '4x2',
    18,
    'day',
    132_800,
    26_500,
    '7.7',
    'FL 18-tonner with I-Shift, 24 ft box body, tail lift and internal load restraint.',
    {
      features: ['Tail lift 1000 kg', 'Load restraint', 'Reversing camera'],
    },
  ),
  r(
    'pennine',
    2,
    'man',
    'TGM 18.290',
    2017,
    'rigid',
    '4x2',
    18,
    'day',
    188_300,
    18_950,
    '6.9',
    'TGM box rigid, TipMatic gearbox, rear air suspension, clean straight body.',
    {
      features: ['Tail lift 1000 kg', 'Air suspension', 'Air con'],
    },
  ),
  r(
    'midland',
    0,
    'daf',
    'LF 230 FA',
    2020,
    'rigid',
    '4x2',
    18,
    'day',
    119_600,
    31_500,
    '6.7',
    '18-tonne LF with 6-speed auto, 7.5 m box and tail lift, comfort cab.',
    {
      features: ['Tail lift 1500 kg', 'Air con', 'Bluetooth'],
    },
  ),
  r(
    'private',
    0,
    'iveco',
    'Eurocargo 120E25',
    2014,
    'rigid',
    '4x2',
    12,
    'day',
    201_000,
    11_500,
    '6.7',
    'Used for my removals business, box body in good order, 6-speed manual, runs well.',
    {
      vat: 'no_vat',
      gearbox: 'manual',
      features: ['Tail lift 500 kg', 'Radio'],
      status: 'inactive',
      images: 2,
    },
  ),
  // Tippers
  r(
    'pennine',
    1,
    'volvo',
    'FMX 460',
    2020,
    'tipper',
    '8x4',
    32,
    'day',
    145_900,
    72_950,
    '12.8',
    '8x4 with Thompsons insulated alloy body, I-Shift with crawler gears, sheet roller.',
    {
      features: ['Insulated body', 'Sheet roller', 'Wet kit', 'Reversing camera', 'Air con'],
      livery: 'Hargreaves Aggregates',
    },
  ),
  r(
    'midland',
    1,
    'mercedes',
    'Arocs 3240',
    2019,
    'tipper',
    '8x4',
    32,
    'day',
    160_200,
    58_500,
    '10.7',
    'Arocs 8x4 muck-away with steel body, Easy-Sheet, Turbo Retarder Clutch.',
    {
      features: ['Steel body', 'Sheet roller', 'Retarder', 'Reversing camera'],
    },
  ),
  r(
    'thames',
    1,
    'scania',
    'P410 XT',
    2021,
    'tipper',
    '8x4',
    32,
    'day',
    98_500,
    84_950,
    '12.7',
    'London muck-away spec: DVS 3-star, low-entry visibility windows, side scan and audible warnings.',
    {
      features: ['Side scan', 'Reversing camera', 'Audible warnings', 'Steel body', 'Sheet roller'],
    },
  ),
  r(
    'pennine',
    3,
    'man',
    'TGS 32.400',
    2016,
    'tipper',
    '8x4',
    32,
    'day',
    212_000,
    34_950,
    '10.5',
    'MAN 8x4 tipper on TipMatic, alloy body, good on tyres, ready for work.',
    {
      features: ['Alloy body', 'Sheet roller', 'Air con'],
      status: 'sold',
    },
  ),
  r(
    'midland',
    3,
    'daf',
    'CF 450 FAD',
    2022,
    'tipper',
    '8x4',
    32,
    'day',
    61_300,
    99_500,
    '12.9',
    'As-new CF 8x4 with Wilcox insulated body, DAF MultiSupport, balance of warranty.',
    {
      features: ['Insulated body', 'Sheet roller', 'Reversing camera', 'Air con', 'Cruise control'],
      images: 6,
    },
  ),
  r(
    'pennine',
    0,
    'iveco',
    'Eurocargo 75E16',
    2017,
    'tipper',
    '4x2',
    7.5,
    'day',
    88_400,
    17_950,
    '4.5',
    '7.5-tonne tipper with 3-way tipping body and sheet, 6-speed manual.',
    {
      gearbox: 'manual',
      features: ['Three-way tipper', 'Sheet', 'Tow hitch'],
    },
  ),
  r(
    'private',
    0,
    'renault',
    'Kerax 380 DXi',
    2010,
    'tipper',
    '6x4',
    26,
    'day',
    288_000,
    12_500,
    '10.8',
    'Farm tipper, used on my own land for the last few years. Hydraulics sound, body straight.',
    {
      vat: 'no_vat',
      euro: 'euro5',
      gearbox: 'manual',
      features: ['Steel body', 'PTO'],
      images: 2,
    },
  ),
  // Box vans
  r(
    'midland',
    0,
    'daf',
    'LF 180 FA',
    2019,
    'box-van',
    '4x2',
    7.5,
    'day',
    96_800,
    19_950,
    '4.5',
    '7.5-tonne box van, 20 ft GRP body, 1,000 kg Dhollandia tail lift, manual gearbox.',
    {
      gearbox: 'manual',
      features: ['Tail lift 1000 kg', 'Air con', 'Bluetooth'],
      livery: 'Mercia Parcels',
    },
  ),
  r(
    'thames',
    3,
    'iveco',
    'Eurocargo 75E19',
    2020,
    'box-van',
    '4x2',
    7.5,
    'day',
    74_500,
    24_750,
    '4.5',
    'Eurocargo 7.5 t with 6-speed auto, 20 ft box and tail lift, cab air con.',
    {
      features: ['Tail lift 1000 kg', 'Air con', 'Reversing camera'],
    },
  ),
  r(
    'pennine',
    2,
    'isuzu',
    'Forward N75.190',
    2019,
    'box-van',
    '4x2',
    7.5,
    'day',
    81_200,
    21_500,
    '5.2',
    'Isuzu Forward with Easyshift auto, Luton-style box with side door, great payload.',
    {
      features: ['Tail lift 500 kg', 'Side door', 'Air con'],
      livery: 'Eden Valley Removals',
    },
  ),
  r(
    'thames',
    1,
    'man',
    'TGL 8.190',
    2021,
    'box-van',
    '4x2',
    7.5,
    'day',
    58_900,
    31_950,
    '4.6',
    'TGL box van on TipMatic, Euro 6 ULEZ compliant, ideal for London multi-drop.',
    {
      features: ['Tail lift 1000 kg', 'Reversing camera', 'Air con', 'Sat nav'],
    },
  ),
  r(
    'pennine',
    1,
    'renault',
    'D 210',
    2019,
    'box-van',
    '4x2',
    12,
    'day',
    104_000,
    22_950,
    '5.1',
    '12-tonne box van, Optidriver auto, high-spec body with E-track.',
    {
      features: ['Tail lift 1000 kg', 'Load restraint', 'Air con'],
    },
  ),
  r(
    'thames',
    2,
    'mitsubishi',
    'Canter 7C18',
    2018,
    'box-van',
    '4x2',
    7.5,
    'day',
    66_100,
    18_500,
    '3.0',
    'Fuso Canter 7.5 t with Duonic auto, 18 ft box, tail lift, superb payload.',
    {
      features: ['Tail lift 500 kg', 'Air con', 'Bluetooth'],
    },
  ),
  // Curtainsiders
  r(
    'pennine',
    0,
    'daf',
    'CF 320 FAN',
    2019,
    'curtainsider',
    '6x2',
    26,
    'sleeper',
    226_000,
    29_950,
    '10.8',
    '26-tonne curtainsider with rear-steer, 8.3 m body, Moffett mount and kit.',
    {
      features: ['Moffett mount', 'Rear steer axle', 'Sleeper cab', 'Air con'],
      livery: 'Pennine Haulage',
    },
  ),
  r(
    'midland',
    1,
    'scania',
    'P320',
    2019,
    'curtainsider',
    '6x2',
    26,
    'sleeper',
    204_700,
    32_500,
    '9.3',
    'P-series 26 t curtainsider, Opticruise, 1,500 kg tail lift, sliding roof.',
    {
      features: ['Tail lift 1500 kg', 'Sliding roof', 'Retarder', 'Air con'],
    },
  ),
  r(
    'thames',
    0,
    'volvo',
    'FL 280',
    2020,
    'curtainsider',
    '4x2',
    18,
    'day',
    122_000,
    33_950,
    '7.7',
    '18-tonne curtainsider with I-Shift, 24 ft body, tail lift, DVS 3-star.',
    {
      features: ['Tail lift 1000 kg', 'Side scan', 'Reversing camera', 'Air con'],
      livery: 'Thameside Builders Merchants',
    },
  ),
  r(
    'thames',
    3,
    'daf',
    'LF 230 FA',
    2021,
    'curtainsider',
    '4x2',
    18,
    'day',
    89_500,
    38_950,
    '6.7',
    'LF 18-tonner, Allison auto, 7.3 m curtainsider with tail lift and internal straps.',
    {
      features: ['Tail lift 1500 kg', 'Air con', 'Reversing camera'],
    },
  ),
  r(
    'pennine',
    2,
    'renault',
    'D Wide 320',
    2020,
    'curtainsider',
    '6x2',
    26,
    'day',
    160_900,
    33_500,
    '7.7',
    'D Wide 6x2 rear-steer curtainsider, Optidriver, wide day cab.',
    {
      features: ['Rear steer axle', 'Tail lift 1500 kg', 'Air con'],
    },
  ),
  r(
    'midland',
    0,
    'iveco',
    'Eurocargo 75E21',
    2022,
    'curtainsider',
    '4x2',
    7.5,
    'day',
    38_400,
    38_500,
    '6.7',
    '7.5-tonne curtainsider, Hi-Matic auto, 20 ft body with tail lift, balance of warranty.',
    {
      features: ['Tail lift 1000 kg', 'Air con', 'Cruise control'],
      status: 'pending',
    },
  ),
  // Flatbeds
  r(
    'pennine',
    1,
    'scania',
    'R450',
    2018,
    'flatbed',
    '6x2',
    26,
    'sleeper',
    246_000,
    47_500,
    '12.7',
    'Flatbed with Hiab 166 crane behind cab, remote controls, winch and timber sides.',
    {
      features: ['Hiab crane', 'Remote control', 'Winch', 'Retarder'],
    },
  ),
  r(
    'midland',
    2,
    'man',
    'TGS 26.320',
    2017,
    'flatbed',
    '6x2',
    26,
    'day',
    188_400,
    36_950,
    '10.5',
    'Brick-grab flatbed with Palfinger PK crane and rotator, rear-steer.',
    {
      features: ['Palfinger crane', 'Brick grab', 'Rear steer axle'],
    },
  ),
  r(
    'thames',
    2,
    'daf',
    'CF 330 FAN',
    2019,
    'flatbed',
    '6x2',
    26,
    'day',
    171_000,
    44_500,
    '10.8',
    'Flatbed with Hiab X-HiDuo 188 crane, radio remote, 8.2 m deck.',
    {
      features: ['Hiab crane', 'Remote control', 'Reversing camera'],
    },
  ),
  r(
    'pennine',
    0,
    'mercedes',
    'Atego 1224',
    2019,
    'flatbed',
    '4x2',
    12,
    'day',
    109_000,
    27_950,
    '7.7',
    '12-tonne flatbed with drop sides and headboard, PowerShift auto.',
    {
      features: ['Drop sides', 'Headboard', 'Air con'],
    },
  ),
  r(
    'midland',
    1,
    'isuzu',
    'Forward N75.150',
    2016,
    'flatbed',
    '4x2',
    7.5,
    'day',
    102_300,
    13_950,
    '5.2',
    '7.5-tonne flatbed with timber sides, manual gearbox, ideal for landscapers.',
    {
      gearbox: 'manual',
      features: ['Timber sides', 'Headboard'],
    },
  ),
  r(
    'thames',
    0,
    'mercedes',
    'Actros 2543',
    2019,
    'flatbed',
    '6x2',
    26,
    'sleeper',
    210_300,
    52_950,
    '12.8',
    'Flatbed with Moffett mount, Palfinger crane, side scan and DVS 3-star permit.',
    {
      features: ['Moffett mount', 'Palfinger crane', 'Side scan', 'Reversing camera'],
    },
  ),
  // Refrigerated
  r(
    'midland',
    0,
    'daf',
    'CF 310 FA',
    2019,
    'refrigerated',
    '4x2',
    18,
    'day',
    163_000,
    34_950,
    '6.7',
    '18-tonne fridge with Carrier Supra 1250 (standby), GRP body, tail lift, meat rails.',
    {
      features: ['Carrier Supra 1250', 'Standby', 'Meat rails', 'Tail lift 1000 kg'],
      livery: 'Arden Fresh Produce',
    },
  ),
  r(
    'pennine',
    2,
    'mercedes',
    'Atego 1224',
    2020,
    'refrigerated',
    '4x2',
    12,
    'day',
    98_700,
    33_500,
    '7.7',
    '12-tonne fridge, Thermo King T-1000R with standby, multi-temp bulkhead.',
    {
      features: ['Thermo King T-1000R', 'Multi-temp', 'Standby', 'Tail lift 1000 kg'],
    },
  ),
  r(
    'thames',
    1,
    'volvo',
    'FL 210',
    2018,
    'refrigerated',
    '4x2',
    12,
    'day',
    131_400,
    21_750,
    '5.1',
    'FL 12-tonne fridge, Carrier Supra unit, ATP certificate, tail lift.',
    {
      features: ['Carrier Supra 850', 'ATP certificate', 'Tail lift 1000 kg'],
      livery: 'Capital Chilled',
    },
  ),
  r(
    'pennine',
    3,
    'isuzu',
    'Forward N75.190',
    2021,
    'refrigerated',
    '4x2',
    7.5,
    'day',
    52_800,
    34_950,
    '5.2',
    '7.5-tonne fridge with Thermo King T-800R, side door and tail lift.',
    {
      features: ['Thermo King T-800R', 'Side door', 'Tail lift 500 kg'],
    },
  ),
  r(
    'midland',
    3,
    'man',
    'TGL 12.220',
    2019,
    'refrigerated',
    '4x2',
    12,
    'day',
    118_000,
    28_500,
    '6.9',
    'TGL 12-tonne fridge, Carrier unit on standby, curtain strips.',
    {
      features: ['Carrier Supra 950', 'Standby', 'Tail lift 1000 kg'],
    },
  ),
  r(
    'thames',
    3,
    'renault',
    'D 240',
    2020,
    'refrigerated',
    '4x2',
    18,
    'day',
    145_000,
    31_500,
    '7.7',
    '18-tonne Renault D fridge with multi-temp Carrier unit and meat rails.',
    {
      features: ['Multi-temp', 'Meat rails', 'Tail lift 1500 kg'],
    },
  ),
  r(
    'midland',
    2,
    'scania',
    'P280',
    2020,
    'refrigerated',
    '4x2',
    18,
    'day',
    150_500,
    0,
    '9.3',
    'Scania P280 fridge with Thermo King Advancer, dual-compartment, electric standby.',
    {
      features: ['Thermo King Advancer', 'Multi-temp', 'Standby', 'Tail lift 1500 kg'],
    },
  ),
  // Specialist
  r(
    'pennine',
    0,
    'volvo',
    'FL 250',
    2018,
    'specialist',
    '4x2',
    18,
    'day',
    102_000,
    59_950,
    '7.7',
    'Spec-lift recovery truck with Boniface underlift, 3 t lift and tow, winch, LED light bar.',
    {
      features: ['Underlift', 'Winch', 'Light bar', 'Beacons', 'Remote control'],
      livery: 'Kingsway',
    },
  ),
  r(
    'midland',
    0,
    'daf',
    'CF 440 FAS',
    2017,
    'specialist',
    '6x2',
    26,
    'sleeper',
    188_000,
    64_500,
    '12.9',
    'Heavy recovery truck with 15 t underlift, twin winches, full beacons and work lights.',
    {
      features: ['Underlift', 'Twin winches', 'Beacons', 'Work lights'],
      livery: 'Midshires',
    },
  ),
  r(
    'thames',
    0,
    'iveco',
    'Eurocargo 75E21',
    2019,
    'specialist',
    '4x2',
    7.5,
    'day',
    61_200,
    42_500,
    '6.7',
    'Tilt-and-slide recovery with spec-lift, winch and LED beacons; ULEZ compliant.',
    {
      features: ['Tilt and slide', 'Spec lift', 'Winch', 'Beacons'],
    },
  ),
  r(
    'midland',
    1,
    'man',
    'TGM 18.290',
    2016,
    'specialist',
    '4x2',
    18,
    'day',
    174_000,
    0,
    '6.9',
    'Recovery truck with hydraulic underlift and winch, on contract until this month.',
    {
      features: ['Underlift', 'Winch', 'Beacons'],
    },
  ),
  // Beavertails
  r(
    'midland',
    1,
    'daf',
    'LF 220 FA',
    2019,
    'beavertail',
    '4x2',
    12,
    'day',
    96_700,
    32_950,
    '6.7',
    '12-tonne beavertail plant lorry with hydraulic ramps, winch and ratchet straps.',
    {
      features: ['Hydraulic ramps', 'Winch', 'Beavertail'],
    },
  ),
  r(
    'thames',
    3,
    'man',
    'TGL 12.250',
    2020,
    'beavertail',
    '4x2',
    12,
    'day',
    71_400,
    38_500,
    '6.9',
    'Beavertail with Andersen-style body, hydraulic ramps, will carry 8 t excavator.',
    {
      features: ['Hydraulic ramps', 'Winch', 'Beavertail', 'Reversing camera'],
    },
  ),
  r(
    'pennine',
    3,
    'iveco',
    'Eurocargo 75E19',
    2018,
    'beavertail',
    '4x2',
    7.5,
    'day',
    84_200,
    24_950,
    '4.5',
    '7.5-tonne beavertail, manual ramps, perfect for mini-diggers and dumpers.',
    {
      features: ['Manual ramps', 'Beavertail', 'Tool box'],
    },
  ),
  r(
    'thames',
    1,
    'scania',
    'P320',
    2017,
    'beavertail',
    '6x2',
    26,
    'day',
    205_000,
    34_500,
    '9.3',
    '26-tonne plant body, beavertail, hydraulic ramps and winch, DVS 3-star.',
    {
      features: ['Hydraulic ramps', 'Winch', 'Side scan', 'Beavertail'],
    },
  ),
  r(
    'private',
    0,
    'mitsubishi',
    'Canter 7C15',
    2016,
    'beavertail',
    '4x2',
    7.5,
    'day',
    94_000,
    14_250,
    '3.0',
    'Owner-driver plant lorry, carries my 3 t digger, ramps and straps included.',
    {
      vat: 'no_vat',
      gearbox: 'manual',
      features: ['Manual ramps', 'Beavertail'],
      images: 4,
    },
  ),
  // Bodies sellers used to file under Other: a scaffold dropside and a dropside are flatbeds, a cage tipper a tipper.
  r(
    'midland',
    2,
    'daf',
    'LF 180 FA Scaffold',
    2018,
    'flatbed',
    '4x2',
    7.5,
    'day',
    99_000,
    17_950,
    '4.5',
    'Scaffold dropside with lockable tube box and high headboard.',
    {
      gearbox: 'manual',
      features: ['Drop sides', 'Tube box', 'Headboard'],
      livery: 'Rhodes Scaffolding',
    },
  ),
  r(
    'pennine',
    2,
    'isuzu',
    'Forward N75.150 Cage Tipper',
    2017,
    'tipper',
    '4x2',
    7.5,
    'day',
    91_400,
    16_500,
    '5.2',
    'Cage tipper ideal for tree surgeons and grounds maintenance.',
    {
      gearbox: 'manual',
      features: ['Cage tipper', 'Tow hitch'],
    },
  ),
  r(
    'thames',
    2,
    'mercedes',
    'Atego 1218 Dropside',
    2016,
    'flatbed',
    '4x2',
    12,
    'day',
    144_000,
    14_950,
    '5.1',
    '12-tonne dropside with tail lift, ideal builders merchant truck.',
    {
      features: ['Drop sides', 'Tail lift 1000 kg'],
    },
  ),
  // Alternative fuels
  r(
    'midland',
    0,
    'volvo',
    'FL Electric',
    2021,
    'box-van',
    '4x2',
    18,
    'day',
    38_000,
    89_500,
    null,
    'Zero-emission 18-tonne box van, 265 kWh battery, around 150-mile range, CCS2 charging.',
    {
      fuel: 'electric',
      features: ['CCS2 charging', 'Tail lift 1000 kg', 'Reversing camera'],
    },
  ),
  r(
    'thames',
    0,
    'scania',
    'P340 CNG',
    2019,
    'curtainsider',
    '6x2',
    26,
    'day',
    142_000,
    36_500,
    '9.3',
    'Gas-powered 26-tonner (CNG), quieter and cleaner for urban work, tail lift.',
    {
      fuel: 'cng',
      features: ['Tail lift 1500 kg', 'Side scan', 'Reversing camera'],
    },
  ),
];

const GEARBOX_NAMES: Partial<Record<Make, string>> = {
  scania: 'Opticruise',
  volvo: 'I-Shift',
  mercedes: 'PowerShift',
  man: 'TipMatic',
  iveco: 'Hi-Tronix',
  renault: 'Optidriver',
  ford: 'ZF TraXon',
  isuzu: 'Easyshift',
  mitsubishi: 'Duonic',
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthAhead = (now: Date, months: number) => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};
const monthBehind = (now: Date, months: number) => monthAhead(now, -months);
const thousands = (n: number) => n.toLocaleString('en-GB');

function euroFor(year: number): EuroStandard {
  if (year >= 2014) return 'euro6';
  if (year >= 2009) return 'euro5';
  if (year >= 2006) return 'euro4';
  return 'euro3';
}

/** UK age identifier: '19' for March–August, '69' for September–February registrations. */
function regMark(year: number, rnd: () => number): string {
  const yy = year % 100;
  return rnd() < 0.55 ? String(yy).padStart(2, '0') : String(yy + 50).padStart(2, '0');
}

const BODY_WORDS: Record<Category, string> = {
  articulated: 'tractor unit',
  rigid: 'rigid',
  tipper: 'tipper',
  'box-van': 'box van',
  curtainsider: 'curtainsider',
  flatbed: 'flatbed',
  refrigerated: 'fridge',
  specialist: 'recovery truck',
  beavertail: 'beavertail',
  other: 'truck',
};

function describe(row: Row, user: DemoUser, depot: Depot, rnd: () => number): (now: Date) => string {
  const reg = regMark(row.year, rnd);
  const tyres = 40 + Math.floor(rnd() * 12) * 5;
  const motMonths = 2 + Math.floor(rnd() * 10);
  const tachoMonths = 1 + Math.floor(rnd() * 18);
  const serviceKind = pick(rnd, ['full dealer service history', 'full service history', 'main dealer serviced', 'service history on file']);
  const openerStyle = user.accountType === 'dealer' ? Math.floor(rnd() * 3) : 0;
  const euro = row.euro ?? euroFor(row.year);
  const km = Math.round((row.miles * 1.609) / 1000) * 1000;
  const makeName = makeLabel(row.make) ?? row.make;
  const gearbox = row.gearbox ?? 'automatic';
  const boxName = row.make === 'daf' ? (row.year >= 2018 ? 'TraXon' : 'AS-Tronic') : (GEARBOX_NAMES[row.make] ?? '');
  const gearboxText =
    gearbox === 'manual' ? 'Manual gearbox' : `${boxName} ${gearbox === 'semi-automatic' ? 'semi-automatic' : 'automatic'} gearbox`.trim();
  const dealer = user.accountType === 'dealer';
  const history = dealer ? serviceKind : 'serviced every six weeks, receipts available';
  const fuel = row.fuel ?? 'diesel';
  return (now: Date) => {
    const lines: string[] = [];
    const what = `${row.year} (${reg} reg) ${makeName} ${row.model} ${row.axle} ${BODY_WORDS[row.category]}`;
    if (openerStyle === 0) lines.push(`${what}.`);
    else if (openerStyle === 1) lines.push(`${what.toUpperCase()} — ${row.gvw} TONNE${fuel === 'diesel' ? '' : ` ${fuel.toUpperCase()}`}.`);
    else lines.push(`Now in stock at our ${depot.town} yard: ${what}, ${row.gvw} t gross.`);
    lines.push(row.spec);
    lines.push('');
    lines.push(`• ${thousands(row.miles)} miles (${thousands(km)} km), ${history}`);
    if (dealer) lines.push(`• Tacho calibrated ${monthBehind(now, tachoMonths)}`);
    lines.push(`• MOT until ${monthAhead(now, motMonths)}`);
    lines.push(`• Tyres ${tyres}% all round`);
    lines.push(`• ${gearboxText}`);
    if (fuel === 'electric') lines.push('• Zero tailpipe emissions — exempt from LEZ and Clean Air Zone charges');
    else if (euro === 'euro6')
      lines.push(depot.london ? '• Euro 6 — ULEZ and LEZ compliant' : '• Euro 6, ULEZ compliant, no Clean Air Zone charges');
    else lines.push(`• ${euro === 'euro5' ? 'Euro 5' : 'Euro 4'} — not LEZ compliant, check Clean Air Zone charges before buying`);
    if (depot.london && row.gvw > 12) lines.push('• DVS 3-star safety permit, side guards, nearside camera and left-turn alarm');
    lines.push('');
    if (!dealer) {
      lines.push(`Private sale, no VAT. Viewing welcome in ${depot.town} — use the contact details on this page. No time wasters please.`);
    } else {
      lines.push(
        row.price === 0
          ? 'Price on application — call for the best deal.'
          : (row.vat ?? 'plus_vat') === 'plus_vat'
            ? 'Price is plus VAT.'
            : 'No VAT to add.',
      );
      lines.push(
        pick(rnd, [
          'Part exchange welcome. Finance available subject to status. UK delivery can be arranged.',
          'Finance arranged to suit, part exchange considered. Export enquiries welcome.',
          'Can be sold with fresh MOT and service for an agreed price. Finance and warranty available.',
        ]),
      );
      lines.push(`Viewing at our ${depot.town} depot (${depot.postcode}) — ask for ${user.name.split(' ')[0]}.`);
    }
    return lines.join('\n');
  };
}

const COMMON_FEATURES = ['Electric windows', 'Central locking', 'Bluetooth', 'Air con', 'Cruise control', 'Spare keys'];

const DAY_MS = 24 * 3600 * 1000;
/** Demo ids are ULIDs timed from this fixed instant, so they never change between runs. */
const ID_EPOCH = Date.UTC(2026, 0, 1);

/** Builds the demo listings (pure: the same result every call). */
export function buildDemoListings(): DemoListing[] {
  const rnd = seededRandom(20260101);
  // A shuffled spread of ages over the last 60 days, so 'Latest Trucks' shows a mix of categories.
  const ages = ROWS.map((_, i) => ({ i, k: rnd() })).sort((a, b) => a.k - b.k);
  const ageOf = new Map(ages.map((a, rank) => [a.i, rank]));
  return ROWS.map((row, i) => {
    const rr = seededRandom(hash32(`${row.seller}|${row.model}|${row.year}|${i}`));
    const user = demoUser(row.seller);
    const depot = user.depots[row.depot] ?? user.depots[0];
    const rank = ageOf.get(i) ?? i;
    const ageHours = Math.floor((rank / ROWS.length) * 59 * 24) + Math.floor(rr() * 20);
    const id = deterministicUlid(ID_EPOCH - ageHours * 3600 * 1000, `listing|${i}|${row.model}`);
    const extras = COMMON_FEATURES.filter(() => rr() < 0.35);
    const features = [...new Set([...(row.features ?? []), ...extras])];
    const makeName = makeLabel(row.make) ?? row.make;
    // Like real classifieds: a few photos for most, a full gallery for some, one photo for others.
    const imageCount = row.images ?? pick(rr, [1, 1, 2, 2, 2, 3, 3, 4]);
    return {
      id,
      seller: row.seller,
      depot,
      title: `${row.year} ${makeName} ${row.model}`,
      make: row.make,
      model: row.model,
      year: row.year,
      category: row.category,
      fuelType: row.fuel ?? 'diesel',
      transmission: row.gearbox ?? 'automatic',
      mileage: row.miles,
      engineSize: row.engine,
      price: row.price,
      vatStatus: row.vat ?? 'plus_vat',
      axleConfig: row.axle,
      gvwTonnes: row.gvw,
      euroStandard: row.euro ?? euroFor(row.year),
      cabType: row.cab,
      description: describe(row, user, depot, rr),
      features,
      status: row.status ?? 'active',
      ageHours,
      imageCount,
      livery: row.livery ?? null,
      artSeed: hash32(id),
    } satisfies DemoListing;
  });
}

/** Every demo listing (without images or owner ids, which exist only once seeded). */
export const DEMO_LISTINGS: DemoListing[] = buildDemoListings();

/** Image keys of a demo listing: `listings/<ulid>` like uploads, stable across runs. */
export function demoImageKeys(listing: DemoListing): string[] {
  return Array.from(
    { length: listing.imageCount },
    (_, n) => `listings/${deterministicUlid(ID_EPOCH - listing.ageHours * 3600 * 1000 + n, `image|${listing.id}|${n}`)}`,
  );
}

/** A demo listing as stored, owned by `userId`, dated relative to `now`. */
export function toListingRecord(listing: DemoListing, userId: string, images: ListingRecord['images'], now: Date): ListingRecord {
  const user = demoUser(listing.seller);
  const createdAt = new Date(now.getTime() - listing.ageHours * 3600 * 1000).toISOString();
  const updatedAt =
    listing.status === 'sold' || listing.status === 'inactive'
      ? new Date(Math.min(now.getTime(), Date.parse(createdAt) + 5 * DAY_MS)).toISOString()
      : createdAt;
  return {
    id: listing.id,
    userId,
    title: listing.title,
    make: listing.make,
    model: listing.model,
    year: listing.year,
    category: listing.category,
    fuelType: listing.fuelType,
    transmission: listing.transmission,
    mileage: listing.mileage,
    engineSize: listing.engineSize,
    price: listing.price,
    vatStatus: listing.vatStatus,
    axleConfig: listing.axleConfig,
    gvwTonnes: listing.gvwTonnes,
    euroStandard: listing.euroStandard,
    cabType: listing.cabType,
    description: listing.description(now),
    features: listing.features,
    contactName: user.name,
    companyName: user.companyName,
    phone: user.phone,
    email: user.email,
    location: listing.depot.location,
    postcode: listing.depot.postcode,
    images,
    status: listing.status,
    createdAt,
    updatedAt,
  };
}

// ---------------------------------------------------------------- scraped listings

export const SCRAPED_SOURCES = ['truckfinder.example', 'hgvtrader.example', 'lorrymart.example'] as const;

interface ScrapedRow extends ScrapedFields {
  source: (typeof SCRAPED_SOURCES)[number];
  externalId: string;
  hoursAgo: number;
  isActive?: boolean;
}

const s = (
  source: ScrapedRow['source'],
  externalId: string,
  make: string | null,
  model: string | null,
  year: number | null,
  mileage: number | null,
  price: number | null,
  location: string | null,
  dealerName: string | null,
  dealerContact: string | null,
  category: Category | null,
  fuelType: Fuel | null,
  transmission: Transmission | null,
  description: string | null,
  hoursAgo: number,
  isActive = true,
): ScrapedRow => ({
  source,
  externalId,
  make,
  model,
  year,
  mileage,
  price,
  location,
  dealerName,
  dealerContact,
  category,
  fuelType,
  transmission,
  description,
  hoursAgo,
  isActive,
});

/** Listings as three (fictional) classified sites show them: some leave out year, price or fuel. */
const SCRAPED_ROWS: ScrapedRow[] = [
  s(
    'truckfinder.example',
    'TF-204118',
    'DAF',
    'XF 480 FT',
    2019,
    287_000,
    34_500,
    'Wakefield, West Yorkshire',
    'Calder Commercials',
    '01632 960114',
    'articulated',
    'diesel',
    'automatic',
    'Space Cab, TraXon, alloys, 2 x tanks.',
    3,
  ),
  s(
    'truckfinder.example',
    'TF-204131',
    'Scania',
    'R450',
    2020,
    241_500,
    41_950,
    'Preston, Lancashire',
    'Ribble Truck Centre',
    '01632 960287',
    'articulated',
    'diesel',
    'automatic',
    null,
    7,
  ),
  s(
    'truckfinder.example',
    'TF-204176',
    'Mercedes-Benz',
    'Actros 2545',
    2018,
    null,
    27_500,
    'Warrington, Cheshire',
    'Mersey HGV',
    '01632 960355',
    'articulated',
    null,
    'automatic',
    'StreamSpace cab, rear lift, tidy.',
    12,
  ),
  s(
    'truckfinder.example',
    'TF-204190',
    'Volvo',
    'FH 460',
    2017,
    402_000,
    null,
    'Hull, East Yorkshire',
    null,
    null,
    'articulated',
    'diesel',
    null,
    'Globetrotter, I-Shift. Call for price.',
    20,
  ),
  s(
    'truckfinder.example',
    'TF-204222',
    'DAF',
    'LF 180',
    null,
    118_000,
    14_950,
    'Coventry',
    'Arden Van & Truck',
    '01632 960402',
    'box-van',
    'diesel',
    'manual',
    null,
    28,
  ),
  s(
    'truckfinder.example',
    'TF-204239',
    'Iveco',
    'Eurocargo 75E19',
    2018,
    92_300,
    19_250,
    'Derby',
    null,
    '01632 960419',
    null,
    null,
    null,
    'Box body, tail lift.',
    31,
  ),
  s(
    'truckfinder.example',
    'TF-204251',
    'MAN',
    'TGS 32.430',
    2019,
    171_000,
    55_000,
    'Stoke-on-Trent, Staffordshire',
    'Potteries Plant & Truck',
    '01632 960433',
    'tipper',
    'diesel',
    'automatic',
    '8x4 insulated tipper.',
    40,
  ),
  s(
    'truckfinder.example',
    'TF-204266',
    'Isuzu',
    'Forward N75',
    2020,
    64_000,
    23_995,
    'Leicester',
    null,
    null,
    'refrigerated',
    'diesel',
    'automatic',
    null,
    52,
    false,
  ),
  s(
    'hgvtrader.example',
    'HT-88120',
    'Scania',
    'P280',
    2018,
    205_000,
    22_000,
    'Peterborough, Cambridgeshire',
    'Fenland Trucks',
    '07700 900212',
    'curtainsider',
    'diesel',
    'automatic',
    '18t curtainsider with tail lift.',
    2,
  ),
  s(
    'hgvtrader.example',
    'HT-88133',
    'Volvo',
    'FMX 500',
    2021,
    99_000,
    78_500,
    'Aberdeen',
    'Granite City Commercials',
    '07700 900233',
    'tipper',
    'diesel',
    'automatic',
    '8x4 tipper, Thompsons body.',
    5,
  ),
  s('hgvtrader.example', 'HT-88141', 'Renault', 'T 480', null, null, null, 'Edinburgh', null, null, 'articulated', null, null, null, 9),
  s(
    'hgvtrader.example',
    'HT-88157',
    'DAF',
    'CF 450',
    2020,
    177_400,
    49_950,
    'Ipswich, Suffolk',
    'Orwell HGV',
    '07700 900257',
    'flatbed',
    'diesel',
    'automatic',
    'Hiab crane, rear steer.',
    15,
  ),
  s(
    'hgvtrader.example',
    'HT-88164',
    'Mercedes-Benz',
    'Atego 1224',
    2017,
    141_000,
    16_750,
    'Swindon, Wiltshire',
    null,
    '07700 900264',
    'refrigerated',
    'diesel',
    null,
    'Fridge, Thermo King, standby.',
    22,
  ),
  s(
    'hgvtrader.example',
    'HT-88172',
    'MAN',
    'TGL 8.180',
    2015,
    121_000,
    11_500,
    'Exeter, Devon',
    'Westcountry Trucks',
    '07700 900272',
    'beavertail',
    'diesel',
    'manual',
    null,
    26,
  ),
  s(
    'hgvtrader.example',
    'HT-88190',
    'Iveco',
    'S-Way 490',
    2022,
    132_000,
    62_000,
    'Newcastle upon Tyne',
    'Tyne Truck Sales',
    '07700 900290',
    'articulated',
    'diesel',
    'automatic',
    null,
    34,
  ),
  s(
    'hgvtrader.example',
    'HT-88203',
    'Fuso',
    'Canter 7C18',
    2019,
    58_400,
    null,
    'Oxford',
    null,
    null,
    null,
    'diesel',
    'automatic',
    'Dropside, one owner.',
    46,
  ),
  s(
    'lorrymart.example',
    'LM-5521',
    'Volvo',
    'FL 250',
    2019,
    116_000,
    27_000,
    'Nottingham',
    'Trent Commercials',
    '01632 960521',
    'rigid',
    'diesel',
    'automatic',
    null,
    4,
  ),
  s(
    'lorrymart.example',
    'LM-5534',
    'DAF',
    'XF 530',
    2022,
    168_000,
    69_950,
    'Telford, Shropshire',
    'Wrekin Truck Sales',
    '01632 960534',
    'articulated',
    null,
    'automatic',
    'Super Space Cab, 6x2.',
    11,
  ),
  s(
    'lorrymart.example',
    'LM-5548',
    'Scania',
    'G410',
    null,
    389_000,
    18_500,
    'Dumfries',
    null,
    '01632 960548',
    'articulated',
    'diesel',
    null,
    null,
    17,
  ),
  s(
    'lorrymart.example',
    'LM-5560',
    'Mercedes-Benz',
    'Arocs 3240',
    2016,
    198_000,
    36_950,
    'Plymouth, Devon',
    'Tamar Plant & Truck',
    '01632 960560',
    'tipper',
    'diesel',
    'automatic',
    '8x4, steel body.',
    23,
  ),
  s(
    'lorrymart.example',
    'LM-5573',
    null,
    null,
    2014,
    301_000,
    12_000,
    'Belfast',
    null,
    null,
    null,
    null,
    null,
    'Curtainsider, MOT till spring.',
    30,
  ),
  s(
    'lorrymart.example',
    'LM-5589',
    'Renault',
    'D 250',
    2020,
    98_000,
    29_500,
    'Reading, Berkshire',
    'Kennet Truck & Van',
    '01632 960589',
    'curtainsider',
    'diesel',
    'automatic',
    null,
    38,
  ),
  s(
    'lorrymart.example',
    'LM-5592',
    'MAN',
    'TGM 18.290',
    2018,
    176_000,
    null,
    'Huddersfield',
    null,
    '01632 960592',
    'specialist',
    null,
    'automatic',
    'Recovery, spec lift.',
    44,
  ),
  s(
    'lorrymart.example',
    'LM-5607',
    'Iveco',
    'Eurocargo 120E25',
    2019,
    null,
    25_750,
    'Milton Keynes',
    'Ouse Valley Trucks',
    '01632 960607',
    'flatbed',
    'diesel',
    null,
    null,
    55,
  ),
];

/** The id of a scraped listing: derived from source and external id, so re-scraping updates it. */
export function scrapedIdFor(sourceWebsite: string, externalId: string): string {
  const a = hash32(`${sourceWebsite}|${externalId}`).toString(36);
  const b = hash32(`${externalId}|${sourceWebsite}|truckyard`).toString(36);
  return `${sourceWebsite.split('.')[0]}-${a}${b}`;
}

export interface DemoScraped extends Omit<ScrapedRow, 'source' | 'isActive'> {
  id: string;
  sourceWebsite: string;
  sourceUrl: string;
  isActive: boolean;
}

export const DEMO_SCRAPED: DemoScraped[] = SCRAPED_ROWS.map(({ source, isActive, ...row }) => ({
  ...row,
  id: scrapedIdFor(source, row.externalId),
  sourceWebsite: source,
  sourceUrl: `https://${source}/listing/${row.externalId.toLowerCase()}`,
  isActive: isActive ?? true,
}));

const SCRAPED_MIN_AGE_HOURS = 7 * 24;

export function toScrapedRecord(row: DemoScraped, now: Date): ScrapedRecord {
  // Scraped listings are dated a week to a month back, so the home page's 'Latest Trucks' (the
  // newest listings) shows dealers' listings with pictures rather than picture-less scraped ones.
  const scrapedAt = new Date(now.getTime() - (SCRAPED_MIN_AGE_HOURS + row.hoursAgo * 9) * 3600 * 1000).toISOString();
  return {
    id: row.id,
    externalId: row.externalId,
    sourceWebsite: row.sourceWebsite,
    sourceUrl: row.sourceUrl,
    make: row.make,
    model: row.model,
    year: row.year,
    mileage: row.mileage,
    price: row.price,
    location: row.location,
    dealerName: row.dealerName,
    dealerContact: row.dealerContact,
    category: row.category,
    fuelType: row.fuelType,
    transmission: row.transmission,
    description: row.description,
    scrapedAt,
    isActive: row.isActive,
    updatedAt: scrapedAt,
  };
}
