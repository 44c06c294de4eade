import { currentYear } from '../../../../shared/constants.js';
import { type Category, type Fuel, FUEL_VALUES, type Transmission, TRANSMISSION_VALUES } from '../../../../shared/values.js';
import { normaliseCategory } from '../../../../shared/listing-options.js';

/** Source text → canonical values. Anything unrecognised is null ("Not stated"), never a guess. */

export const cleanText = (s: string | null | undefined): string | null => {
  const t = s?.replace(/\s+/g, ' ').trim();
  return t ? t : null;
};

const digitsOf = (s: string) => s.replace(/[^\d.]/g, '');

/** '£34,500 + VAT' → 34500; 'POA', 'Call' or nothing → null. */
export function parsePrice(text: string | null | undefined): number | null {
  const t = cleanText(text);
  if (!t) return null;
  const m = /(\d[\d,]*(?:\.\d+)?)\s*(k)?/i.exec(t.replace(/£\s*/g, ''));
  if (!m) return null;
  let n = Number(digitsOf(m[1]));
  if (m[2]) n *= 1000;
  return Number.isFinite(n) && n > 0 ? Math.round(n) : null;
}

const KM_PER_MILE = 1.609344;

/** '287,000 km' → miles; '150,000 miles' / '150000' → 150000. */
export function parseMileage(text: string | null | undefined): number | null {
  const t = cleanText(text);
  if (!t) return null;
  const m = /(\d[\d,]*)\s*(km|kms|kilomet|mi|miles)?/i.exec(t);
  if (!m) return null;
  const n = Number(m[1].replace(/,/g, ''));
  if (!Number.isFinite(n) || n < 0) return null;
  return m[2] && /^k/i.test(m[2]) ? Math.round(n / KM_PER_MILE) : n;
}

/** The first plausible year in the text ('2019 (19 reg)' → 2019). */
export function parseYear(text: string | null | undefined, now: Date = new Date()): number | null {
  const t = cleanText(text);
  if (!t) return null;
  for (const m of t.matchAll(/\b(19[5-9]\d|20\d\d)\b/g)) {
    const y = Number(m[1]);
    if (y <= currentYear(now) + 1) return y;
  }
  return null;
}

const FUEL_ALIASES: Record<string, Fuel> = { gas: 'cng', 'compressed natural gas': 'cng', 'diesel/electric': 'hybrid', ev: 'electric' };
export function parseFuel(text: string | null | undefined): Fuel | null {
  const t = cleanText(text)?.toLowerCase();
  if (!t) return null;
  if ((FUEL_VALUES as string[]).includes(t)) return t as Fuel;
  return FUEL_ALIASES[t] ?? null;
}

const TRANSMISSION_ALIASES: Record<string, Transmission> = {
  auto: 'automatic',
  'semi auto': 'semi-automatic',
  'semi-auto': 'semi-automatic',
  'automated manual': 'automated-manual',
  amt: 'automated-manual',
  opticruise: 'automated-manual',
  'i-shift': 'automated-manual',
};
export function parseTransmission(text: string | null | undefined): Transmission | null {
  const t = cleanText(text)?.toLowerCase();
  if (!t) return null;
  if ((TRANSMISSION_VALUES as string[]).includes(t)) return t as Transmission;
  return TRANSMISSION_ALIASES[t] ?? null;
}

const EXTRA_CATEGORY_ALIASES: Record<string, Category> = {
  'tractor unit': 'articulated',
  tractor: 'articulated',
  'curtain sider': 'curtainsider',
  'curtain-sider': 'curtainsider',
  reefer: 'refrigerated',
  'temperature controlled': 'refrigerated',
  'beaver tail': 'beavertail',
  'plant lorry': 'beavertail',
  'drop side': 'flatbed',
};
/** Only what the source actually says; a missing category stays null. */
export function parseCategory(text: string | null | undefined): Category | null {
  const t = cleanText(text)?.toLowerCase();
  if (!t) return null;
  return EXTRA_CATEGORY_ALIASES[t] ?? normaliseCategory(t);
}

/** UK registration marks, spaces removed and upper-cased ('YX19 ABC' → 'YX19ABC'). */
export function parseRegistration(text: string | null | undefined): string | null {
  const t = cleanText(text)
    ?.toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  return t && t.length >= 2 && t.length <= 8 ? t : null;
}

/** A link as an absolute http(s) URL, or null. */
export function absoluteUrl(href: string | null | undefined, base: string): string | null {
  const h = cleanText(href);
  if (!h) return null;
  try {
    const u = new URL(h, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}
