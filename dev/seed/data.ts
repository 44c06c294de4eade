/**
 * The demo dataset: users, UK truck listings and scraped listings. Pure data and pure functions
 * (no AWS), deterministic, so unit and end-to-end tests can import it and rely on it.
 * Phone numbers are from Ofcom's drama ranges; e-mail addresses use example domains; every
 * company and person is fictional.
 */
import { ulid } from 'ulid';
import { seededRandom } from '../../shared/seeded-random.js';
import { z } from 'zod';
import {
  CATEGORY_VALUES,
  type Category,
  FUEL_VALUES,
  type Fuel,
  MAKE_VALUES,
  type Make,
  TRANSMISSION_VALUES,
  type Transmission,
  makeLabel,
} from '../../shared/values.js';
import {
  AXLE_CONFIGS,
  type AxleConfig,
  CAB_VALUES,
  type CabType,
  EURO_VALUES,
  type EuroStandard,
  LISTING_STATUSES,
  type ListingStatus,
  VAT_VALUES,
  type VatStatus,
} from '../../shared/listing-options.js';
import listingRows from './data/listings.json' with { type: 'json' };
import scrapedRows from './data/scraped-listings.json' with { type: 'json' };
import userRows from './data/users.json' with { type: 'json' };
import type { ListingRecord, ScrapedFields, ScrapedRecord } from '../../functions/src/domain/listings/types.js';

export const DEMO_PASSWORD = 'Haulage!Demo-2026';

// ---------------------------------------------------------------- deterministic randomness

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
 * and the browser tests compute codes from them (dev/testing/totp.ts), read as DEMO_USERS' totpSecret.
 */
const DEMO_STAFF_TOTP_SECRETS = {
  'admin@truckyard.example': 'TRUCKYARDADMINDEMOTOTPSECRET2345',
  'superadmin@truckyard.example': 'TRUCKYARDSUPERADMINDEMOTOTP23456',
} as const;

const depotSchema: z.ZodType<Depot> = z
  .object({ town: z.string(), location: z.string(), postcode: z.string(), london: z.boolean().optional() })
  .strict();

/** The demo accounts, in `data/users.json`; staff get their secret from DEMO_STAFF_TOTP_SECRETS. */
const userSchema: z.ZodType<Omit<DemoUser, 'totpSecret'>> = z
  .object({
    key: z.string(),
    role: z.enum(['admin', 'super_admin', 'dealer', 'private_seller', 'buyer']),
    email: z.string(),
    name: z.string(),
    companyName: z.string().nullable(),
    phone: z.string().regex(/^\+44\d{9,10}$/),
    groups: z.array(z.string()),
    accountType: z.enum(['dealer', 'individual']),
    depots: z.array(depotSchema),
    plate: z.string(),
    joinedDaysAgo: z.number().int().min(0),
  })
  .strict();

const staffSecret = (email: string): string | undefined => (DEMO_STAFF_TOTP_SECRETS as Record<string, string>)[email];

export const DEMO_USERS: DemoUser[] = z
  .array(userSchema)
  .parse(userRows)
  .map((u) => {
    const totpSecret = staffSecret(u.email);
    return totpSecret ? { ...u, totpSecret } : u;
  });

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

/**
 * The listings, one object each, in `data/listings.json`. Models, engines and prices are what UK
 * dealers ask for such trucks; the make mix follows UK registrations (DAF first, then Mercedes,
 * Scania, Volvo…). Checked against `rowSchema` when loaded.
 */
const rowSchema: z.ZodType<Row> = z
  .object({
    seller: z.string(),
    depot: z.number().int().min(0),
    make: z.enum(MAKE_VALUES),
    model: z.string(),
    year: z.number().int(),
    category: z.enum(CATEGORY_VALUES),
    axle: z.enum(AXLE_CONFIGS),
    gvw: z.number(),
    cab: z.enum(CAB_VALUES),
    miles: z.number().int().min(0),
    price: z.number().int().min(0),
    engine: z.string().nullable(),
    spec: z.string(),
    features: z.array(z.string()).optional(),
    vat: z.enum(VAT_VALUES).optional(),
    fuel: z.enum(FUEL_VALUES).optional(),
    gearbox: z.enum(TRANSMISSION_VALUES).optional(),
    status: z.enum(LISTING_STATUSES).optional(),
    euro: z.enum(EURO_VALUES).optional(),
    livery: z.string().optional(),
    images: z.number().int().min(1).optional(),
  })
  .strict();
const ROWS: Row[] = z.array(rowSchema).parse(listingRows);

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
  // Drawn here, not in the closure below: each call of the description must read the same text.
  const closingLine = dealer
    ? pick(rnd, [
        'Part exchange welcome. Finance available subject to status. UK delivery can be arranged.',
        'Finance arranged to suit, part exchange considered. Export enquiries welcome.',
        'Can be sold with fresh MOT and service for an agreed price. Finance and warranty available.',
      ])
    : '';
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
      lines.push(closingLine);
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
function buildDemoListings(): DemoListing[] {
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

const SCRAPED_SOURCES = ['truckfinder.example', 'hgvtrader.example', 'lorrymart.example'] as const;

interface ScrapedRow extends ScrapedFields {
  source: (typeof SCRAPED_SOURCES)[number];
  externalId: string;
  hoursAgo: number;
  isActive?: boolean;
}

/**
 * Listings as three (fictional) classified sites show them, in `data/scraped-listings.json`: some
 * leave out year, price or fuel. Checked against `scrapedRowSchema` when loaded.
 */
const scrapedRowSchema: z.ZodType<ScrapedRow> = z
  .object({
    source: z.enum(SCRAPED_SOURCES),
    externalId: z.string(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    year: z.number().int().nullable(),
    mileage: z.number().int().nullable(),
    price: z.number().int().nullable(),
    location: z.string().nullable(),
    dealerName: z.string().nullable(),
    dealerContact: z.string().nullable(),
    category: z.enum(CATEGORY_VALUES).nullable(),
    fuelType: z.enum(FUEL_VALUES).nullable(),
    transmission: z.enum(TRANSMISSION_VALUES).nullable(),
    description: z.string().nullable(),
    hoursAgo: z.number().min(0),
    isActive: z.boolean(),
  })
  .strict();
const SCRAPED_ROWS: ScrapedRow[] = z.array(scrapedRowSchema).parse(scrapedRows);

/** The id of a scraped listing: derived from source and external id, so re-scraping updates it. */
function scrapedIdFor(sourceWebsite: string, externalId: string): string {
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
