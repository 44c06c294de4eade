/**
 * Dealer stock import, step one: a CSV file (our template, or the column names common dealer
 * systems export) becomes rows of sell-form input, or the whole file is refused with a message a
 * dealer can act on: too large, not UTF-8 text, no stock reference or other required column, a
 * formula in a cell (CSV injection), too many rows. Nothing here writes anything.
 */
import Papa from 'papaparse';
import { IMPORT_FILE_MAX_BYTES, importFileTooLargeMessage } from '../../../../shared/schemas/stock-import.js';

/**
 * 4 MB: the file goes from the browser straight to the private bucket (a presigned POST pinning
 * the size) and is read back from there, so no request body carries it; the limit bounds what one
 * import function holds and parses.
 */
export const IMPORT_LIMITS = { maxBytes: IMPORT_FILE_MAX_BYTES, maxRows: 10_000, maxPhotosPerRow: 10 } as const;

/** Our template's columns, in template order (docs and the downloadable template use this list). */
const TEMPLATE_COLUMNS = [
  'stock_ref',
  'make',
  'model',
  'year',
  'category',
  'price',
  'vat',
  'mileage',
  'fuel',
  'gearbox',
  'axle',
  'gvw',
  'euro',
  'dvs_stars',
  'cab',
  'engine_size',
  'description',
  'features',
  'location',
  'postcode',
  'photo_urls',
  'registration',
] as const;
type TemplateColumn = (typeof TEMPLATE_COLUMNS)[number];

const REQUIRED_COLUMNS: readonly TemplateColumn[] = ['stock_ref', 'make', 'model', 'year', 'price'];

/** Header names dealer systems use, compared without case, spaces or punctuation. */
const ALIASES: Record<TemplateColumn, string[]> = {
  stock_ref: ['stockref', 'stockno', 'stocknumber', 'stockid', 'stockcode', 'reference', 'ref', 'vehicleid', 'dealerref'],
  make: ['make', 'manufacturer', 'marque'],
  model: ['model', 'modelname', 'variant', 'derivative'],
  year: ['year', 'yearofmanufacture', 'regyear', 'registrationyear', 'modelyear', 'yom'],
  category: ['category', 'bodytype', 'body', 'vehicletype', 'type'],
  price: ['price', 'retailprice', 'askingprice', 'priceexvat', 'sellingprice', 'pricegbp'],
  vat: ['vat', 'vatstatus', 'plusvat', 'vatqualifying'],
  mileage: ['mileage', 'miles', 'odometer', 'odometermiles', 'mileagemiles'],
  fuel: ['fuel', 'fueltype'],
  gearbox: ['gearbox', 'transmission', 'gearboxtype'],
  axle: ['axle', 'axles', 'axleconfig', 'axleconfiguration', 'wheelbase'],
  gvw: ['gvw', 'gvwtonnes', 'grossweight', 'grossvehicleweight', 'gvwkg', 'platedweight'],
  euro: ['euro', 'eurostandard', 'emissions', 'emissionsstandard', 'euroclass'],
  dvs_stars: ['dvsstars', 'dvs', 'dvsrating', 'directvisionstars'],
  cab: ['cab', 'cabtype', 'cabstyle'],
  engine_size: ['enginesize', 'engine', 'enginelitres', 'enginecapacity'],
  description: ['description', 'comments', 'notes', 'advert', 'adverttext'],
  features: ['features', 'equipment', 'spec', 'specification', 'options'],
  location: ['location', 'town', 'depot', 'branch', 'site'],
  postcode: ['postcode', 'postalcode', 'zip'],
  registration: ['registration', 'reg', 'regno', 'regnumber', 'registrationnumber', 'registrationmark', 'vrm', 'numberplate'],
  photo_urls: ['photourls', 'photos', 'images', 'imageurls', 'pictureurls', 'pictures', 'imagelinks'],
};

const squash = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');
const ALIAS_INDEX = new Map<string, TemplateColumn>(
  (Object.entries(ALIASES) as Array<[TemplateColumn, string[]]>).flatMap(([col, names]) => [
    [squash(col), col],
    ...names.map((n) => [n, col] as [string, TemplateColumn]),
  ]),
);

export type RawStockRow = { line: number } & Partial<Record<TemplateColumn, string>>;

export type ParseResult =
  | { ok: true; rows: RawStockRow[]; columns: TemplateColumn[]; ignoredColumns: string[] }
  | { ok: false; message: string };

/** A cell a spreadsheet would run as a formula; "+44 …" phone numbers, "-5" and the trade's "+VAT" are data. */
function isFormula(cell: string): boolean {
  const c = cell.trimStart();
  if (/^\+\s?vat$/i.test(c)) return false;
  if (c.startsWith('=') || c.startsWith('@')) return true;
  if (c.startsWith('+') || c.startsWith('-')) return !/^[+-][\d\s().,]*$/.test(c);
  return c.startsWith('\t') || c.startsWith('\r');
}

export function parseStockCsv(bytes: Uint8Array): ParseResult {
  if (bytes.byteLength > IMPORT_LIMITS.maxBytes) {
    return { ok: false, message: importFileTooLargeMessage(bytes.byteLength) };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, message: 'The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8" and try again.' };
  }
  if (text.includes('\u0000')) return { ok: false, message: 'The file is not a CSV text file.' };
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const [header, ...body] = parsed.data;
  if (!header || header.length < 2) return { ok: false, message: 'The file has no header row. Start from our template.' };
  const columns = header.map((h) => ALIAS_INDEX.get(squash(h)) ?? null);
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length) {
    return {
      ok: false,
      message: `Missing required column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}. Our template lists every column.`,
    };
  }
  if (body.length > IMPORT_LIMITS.maxRows) {
    return {
      ok: false,
      message: `The file has ${body.length.toLocaleString('en-GB')} rows; at most ${IMPORT_LIMITS.maxRows.toLocaleString('en-GB')} can be imported at once.`,
    };
  }
  const rows: RawStockRow[] = [];
  for (let r = 0; r < body.length; r++) {
    const row: RawStockRow = { line: r + 2 };
    body[r].forEach((cell, i) => {
      const col = columns[i];
      if (col && cell.trim() !== '') row[col] = cell.trim();
    });
    const formula = body[r].findIndex((cell) => isFormula(cell));
    if (formula >= 0) {
      return {
        ok: false,
        message: `Row ${r + 2}, column "${header[formula]}" holds a formula. Paste values only and try again; nothing was imported.`,
      };
    }
    rows.push(row);
  }
  return {
    ok: true,
    rows,
    columns: columns.filter((c): c is TemplateColumn => c !== null),
    ignoredColumns: header.filter((_h, i) => columns[i] === null),
  };
}
