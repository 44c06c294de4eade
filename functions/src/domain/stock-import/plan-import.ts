/**
 * Dealer stock import, step two: each parsed row is checked with the sell form's own schema and
 * matched to the dealer's existing listings by their stock reference, giving the dry run a dealer
 * previews — created, updated (with the fields that change), unchanged, or rejected with a reason
 * per field — and, for a full-stock import, the listings missing from the file that would be
 * marked sold. Applying the plan is the caller's business; this writes nothing.
 */
import { type SellListing, sellListingSchema, storedPrice } from '../../../../shared/schemas/sell.js';
import { IMPORT_LIMITS, type RawStockRow } from './parse-stock-csv.js';

/** The dealer's defaults for what a stock file does not carry (their profile). */
export interface DealerDefaults {
  contactName: string;
  phone: string;
  companyName: string | null;
  email: string | null;
  location: string | null;
  postcode: string | null;
}

/** What the importer compares of a listing already in stock. */
export interface ExistingStock {
  id: string;
  stockRef: string;
  status: string;
  fields: ComparableFields;
  /** The photo URLs the last import fetched for it (so unchanged photos are not fetched again). */
  photoUrls: string[];
}

type ComparableFields = Pick<
  SellListing,
  | 'make'
  | 'model'
  | 'year'
  | 'category'
  | 'price'
  | 'vatStatus'
  | 'mileage'
  | 'fuelType'
  | 'transmission'
  | 'axleConfig'
  | 'gvwTonnes'
  | 'euroStandard'
  | 'cabType'
  | 'engineSize'
  | 'description'
  | 'features'
  | 'location'
  | 'postcode'
  | 'registration'
> & { dvsStars: number | null };

const COMPARED_FIELDS: ReadonlyArray<keyof ComparableFields> = [
  'make',
  'model',
  'year',
  'category',
  'price',
  'vatStatus',
  'mileage',
  'fuelType',
  'transmission',
  'axleConfig',
  'gvwTonnes',
  'euroStandard',
  'dvsStars',
  'cabType',
  'engineSize',
  'description',
  'features',
  'location',
  'postcode',
  'registration',
];

interface RowError {
  field: string;
  message: string;
}

type PlannedRow =
  | { line: number; stockRef: string; action: 'create'; input: SellListing & { dvsStars: number | null }; photoUrls: string[] }
  | {
      line: number;
      stockRef: string;
      action: 'update';
      listingId: string;
      changes: string[];
      input: SellListing & { dvsStars: number | null };
      photoUrls: string[];
      photosChanged: boolean;
    }
  | { line: number; stockRef: string; action: 'unchanged'; listingId: string }
  | { line: number; stockRef: string; action: 'reject'; errors: RowError[] };

export interface ImportPlan {
  rows: PlannedRow[];
  /** Listings in stock but not in the file; marked sold only when the dealer asks (a full-stock import). */
  missing: Array<{ listingId: string; stockRef: string }>;
  summary: { create: number; update: number; unchanged: number; reject: number; markSold: number };
}

const GEARBOXES: Record<string, string> = {
  auto: 'automatic',
  automatic: 'automatic',
  manual: 'manual',
  'semi-auto': 'semi-automatic',
  semiauto: 'semi-automatic',
  'semi-automatic': 'semi-automatic',
  amt: 'automatic',
};

function normaliseVat(v: string | undefined): string | null {
  if (!v) return null;
  const s = v.toLowerCase().replace(/[^a-z+]/g, '');
  if (['+vat', 'plusvat', 'plus_vat', 'yes', 'y', 'vatable', 'qualifying', 'vatqualifying', 'exvat'].includes(s)) return 'plus_vat';
  if (['novat', 'no_vat', 'no', 'n', 'marginal', 'margin'].includes(s)) return 'no_vat';
  return v;
}

function normaliseEuro(v: string | undefined): string | null {
  if (!v) return null;
  const s = v
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/^euro/, '');
  const roman: Record<string, string> = { iii: '3', iv: '4', v: '5', vi: '6', '3': '3', '4': '4', '5': '5', '6': '6' };
  // "VI" before stripping a trailing sub-class letter ("6d", "6c"), which would read "VI" as "V".
  const n = roman[s] ?? roman[s.replace(/[a-z]$/, '')];
  return n ? `euro${n}` : v;
}

function normaliseGvw(v: string | undefined): string | null {
  if (!v) return null;
  const n = Number(v.replace(/[^\d.]/g, ''));
  // Dealer systems often export kilograms: 26000 means 26 t.
  return Number.isFinite(n) && n >= 1000 ? String(n / 1000) : v.replace(/\s*t(onnes)?$/i, '');
}

/** "POA", "Price on application" or "Call" is the sell form's "Price on application" choice. */
const isPoa = (v: string | undefined) => v !== undefined && /^(poa|p\.o\.a\.?|price on application|call)$/i.test(v.trim());

function photoUrlsOf(row: RawStockRow): { urls: string[]; error?: string } {
  const urls = (row.photo_urls ?? '').split(/[\s|;,]+/).filter(Boolean);
  if (urls.length > IMPORT_LIMITS.maxPhotosPerRow) return { urls, error: `At most ${IMPORT_LIMITS.maxPhotosPerRow} photos per truck` };
  for (const u of urls) {
    let ok = false;
    try {
      const url = new URL(u);
      ok = url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      ok = false;
    }
    if (!ok) return { urls, error: `Not a web address: ${u.slice(0, 80)}` };
  }
  return { urls };
}

function dvsStarsOf(v: string | undefined): { value: number | null; error?: string } {
  if (v === undefined) return { value: null };
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 && n <= 5 ? { value: n } : { value: null, error: 'DVS stars must be a whole number from 0 to 5' };
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Maps a file row onto the sell form's fields (with the dealer's defaults) and checks it with the same schema. */
function validateRow(
  row: RawStockRow,
  defaults: DealerDefaults,
): { ok: true; input: SellListing & { dvsStars: number | null }; photoUrls: string[] } | { ok: false; errors: RowError[] } {
  const errors: RowError[] = [];
  const candidate = {
    make: row.make,
    model: row.model,
    year: row.year,
    category: row.category ?? null,
    price: isPoa(row.price) ? null : row.price,
    priceOnApplication: isPoa(row.price),
    vatStatus: normaliseVat(row.vat),
    mileage: row.mileage?.replace(/\s*(miles|mi)$/i, '') ?? null,
    fuelType: row.fuel ?? null,
    transmission: row.gearbox ? (GEARBOXES[row.gearbox.toLowerCase()] ?? row.gearbox) : null,
    axleConfig: row.axle?.toLowerCase().replace(/\s/g, '') ?? null,
    gvwTonnes: normaliseGvw(row.gvw),
    euroStandard: normaliseEuro(row.euro),
    cabType:
      row.cab
        ?.toLowerCase()
        .replace(/\s*cab$/, '')
        .replace(/\s+/g, '-') ?? null,
    engineSize: row.engine_size?.replace(/\s*(l|litres?)$/i, '') ?? null,
    description: row.description ?? null,
    features: row.features ? row.features.split(/[;|\n]/) : null,
    location: row.location ?? defaults.location,
    postcode: row.postcode ?? defaults.postcode,
    registration: row.registration ?? null,
    contactName: defaults.contactName,
    phone: defaults.phone,
    companyName: defaults.companyName,
    email: defaults.email,
    images: [],
  };
  const parsed = sellListingSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors.push({ field: String(issue.path[0] ?? 'row'), message: issue.message });
  }
  const photos = photoUrlsOf(row);
  if (photos.error) errors.push({ field: 'photo_urls', message: photos.error });
  const dvs = dvsStarsOf(row.dvs_stars);
  if (dvs.error) errors.push({ field: 'dvs_stars', message: dvs.error });
  if (errors.length || !parsed.success) return { ok: false, errors };
  return { ok: true, input: { ...parsed.data, dvsStars: dvs.value }, photoUrls: photos.urls };
}

export function planImport(rows: readonly RawStockRow[], existing: readonly ExistingStock[], defaults: DealerDefaults): ImportPlan {
  const byRef = new Map(existing.map((e) => [e.stockRef.toLowerCase(), e]));
  const seen = new Map<string, number>();
  const planned: PlannedRow[] = [];
  for (const row of rows) {
    const stockRef = (row.stock_ref ?? '').trim();
    if (!stockRef) {
      planned.push({
        line: row.line,
        stockRef,
        action: 'reject',
        errors: [{ field: 'stock_ref', message: 'Stock reference is required' }],
      });
      continue;
    }
    if (stockRef.length > 64) {
      planned.push({
        line: row.line,
        stockRef,
        action: 'reject',
        errors: [{ field: 'stock_ref', message: 'Stock reference must be 64 characters or fewer' }],
      });
      continue;
    }
    const key = stockRef.toLowerCase();
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      planned.push({
        line: row.line,
        stockRef,
        action: 'reject',
        errors: [{ field: 'stock_ref', message: `Stock reference ${stockRef} is also on line ${earlier}` }],
      });
      continue;
    }
    seen.set(key, row.line);
    const checked = validateRow(row, defaults);
    if (!checked.ok) {
      planned.push({ line: row.line, stockRef, action: 'reject', errors: checked.errors });
      continue;
    }
    const current = byRef.get(key);
    if (!current) {
      planned.push({ line: row.line, stockRef, action: 'create', input: checked.input, photoUrls: checked.photoUrls });
      continue;
    }
    // Compared as stored: "Price on application" is a price of 0.
    const incoming = { ...checked.input, price: storedPrice(checked.input) };
    const changes = COMPARED_FIELDS.filter((f) => !sameValue(incoming[f], current.fields[f]));
    const photosChanged = !sameValue(checked.photoUrls, current.photoUrls);
    if (photosChanged) changes.push('photos' as never);
    if (changes.length === 0) planned.push({ line: row.line, stockRef, action: 'unchanged', listingId: current.id });
    else
      planned.push({
        line: row.line,
        stockRef,
        action: 'update',
        listingId: current.id,
        changes: changes as string[],
        input: checked.input,
        photoUrls: checked.photoUrls,
        photosChanged,
      });
  }
  const missing = existing
    .filter((e) => !seen.has(e.stockRef.toLowerCase()) && e.status !== 'sold')
    .map((e) => ({ listingId: e.id, stockRef: e.stockRef }));
  const count = (a: PlannedRow['action']) => planned.filter((p) => p.action === a).length;
  return {
    rows: planned,
    missing,
    summary: {
      create: count('create'),
      update: count('update'),
      unchanged: count('unchanged'),
      reject: count('reject'),
      markSold: missing.length,
    },
  };
}
