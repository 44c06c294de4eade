import {
  type FinanceLeaseQuote,
  type HirePurchaseQuote,
  type ListingVat,
  financeLease,
  hirePurchase,
  vatOnListingPrice,
} from '@shared/finance';
import {
  type CalculatorInput,
  DEPOSIT_UNITS,
  FINANCE_PRODUCTS,
  type FinanceProduct,
  type PublicFinanceSettings,
  VAT_TIMINGS,
  calculatorInputSchema,
} from '@shared/schemas/finance';

/** The calculator's fields as typed (strings, so a half-typed '9.' survives), and their URL keys. */
export interface CalculatorFields {
  product: FinanceProduct;
  deposit: string;
  depositUnit: (typeof DEPOSIT_UNITS)[number];
  term: string;
  apr: string;
  balloon: string;
  vatTiming: (typeof VAT_TIMINGS)[number];
  residual: string;
}

const URL_KEYS: Record<keyof CalculatorFields, string> = {
  product: 'finance',
  deposit: 'deposit',
  depositUnit: 'depositIn',
  term: 'term',
  apr: 'apr',
  balloon: 'balloon',
  vatTiming: 'vat',
  residual: 'residual',
};

const oneOf = <T extends string>(values: readonly T[], v: string | null, fallback: T): T => (values.includes(v as T) ? (v as T) : fallback);

/** The fields from the URL, each missing one from the staff's defaults. */
export function fieldsFromUrl(params: URLSearchParams, settings: NonNullable<PublicFinanceSettings>): CalculatorFields {
  const text = (k: keyof CalculatorFields, fallback: string) => (params.get(URL_KEYS[k]) ?? fallback).slice(0, 12);
  return {
    product: oneOf(FINANCE_PRODUCTS, params.get(URL_KEYS.product), 'hp'),
    deposit: text('deposit', String(settings.defaultDepositPercent)),
    depositUnit: oneOf(DEPOSIT_UNITS, params.get(URL_KEYS.depositUnit), 'percent'),
    term: text('term', String(settings.defaultTermMonths)),
    apr: text('apr', String(settings.defaultAprPercent)),
    balloon: text('balloon', '0'),
    vatTiming: oneOf(VAT_TIMINGS, params.get(URL_KEYS.vatTiming), 'deposit'),
    residual: text('residual', '0'),
  };
}

/** The URL with the fields written in (other parameters kept). */
export function fieldsToUrl(params: URLSearchParams, fields: CalculatorFields): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [k, urlKey] of Object.entries(URL_KEYS)) next.set(urlKey, fields[k as keyof CalculatorFields]);
  return next;
}

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.replace(/[£,%\s]/g, '')));

export type CalculatorResult =
  | { ok: true; input: CalculatorInput; hp: HirePurchaseQuote | null; lease: FinanceLeaseQuote | null; depositPence: number }
  | { ok: false; errors: Partial<Record<keyof CalculatorFields, string>> };

const FIELD_OF: Record<string, keyof CalculatorFields> = {
  deposit: 'deposit',
  termMonths: 'term',
  aprPercent: 'apr',
  balloonPounds: 'balloon',
  residualPounds: 'residual',
};

/**
 * Checks the fields with the shared schema and works out the quote for a listing's price (pounds;
 * without VAT on a "+VAT" listing).
 */
export function calculate(fields: CalculatorFields, pricePounds: number, vatStatus: ListingVat): CalculatorResult {
  const parsed = calculatorInputSchema(pricePounds).safeParse({
    product: fields.product,
    deposit: num(fields.deposit),
    depositUnit: fields.depositUnit,
    termMonths: num(fields.term),
    aprPercent: num(fields.apr),
    balloonPounds: fields.product === 'hp' ? num(fields.balloon) : 0,
    vatTiming: fields.vatTiming,
    residualPounds: fields.product === 'lease' ? num(fields.residual) : 0,
  });
  if (!parsed.success) {
    const errors: Partial<Record<keyof CalculatorFields, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = issue.message;
    }
    return { ok: false, errors };
  }
  const v = parsed.data;
  const price = Math.round(pricePounds * 100);
  if (v.product === 'lease') {
    const lease = financeLease({ price, months: v.termMonths, aprPercent: v.aprPercent, residual: Math.round(v.residualPounds * 100) });
    return { ok: true, input: v, hp: null, lease, depositPence: 0 };
  }
  const depositPence = Math.round(v.depositUnit === 'percent' ? (price * v.deposit) / 100 : v.deposit * 100);
  const hp = hirePurchase({
    price,
    vat: vatOnListingPrice(price, vatStatus),
    deposit: depositPence,
    months: v.termMonths,
    aprPercent: v.aprPercent,
    balloon: Math.round(v.balloonPounds * 100),
    vatTiming: v.vatTiming,
  });
  return { ok: true, input: v, hp, lease: null, depositPence };
}
