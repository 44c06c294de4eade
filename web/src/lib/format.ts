import type { VatStatus } from '@shared/listing-options';

// Whole numbers with thousands separators, by hand: the first Intl.NumberFormat costs a phone tens
// of milliseconds while a page hydrates, for output this simple (en-GB: '1,234', '-£1,234').
const grouped = (n: number) => String(Math.round(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const sign = (n: number) => (Math.round(Math.abs(n)) !== 0 && n < 0 ? '-' : '');

/** '£45,000' — pounds with thousands separators and no decimals. */
export function formatGBP(amount: number): string {
  return `${sign(amount)}£${grouped(amount)}`;
}

/** A listing's price: 'POA' when unknown (0), else '£45,000'. The '+VAT' suffix is separate: see `vatSuffix`. */
export function formatPrice(price: number | null | undefined): string {
  if (!price || !Number.isFinite(price) || price <= 0) return 'POA';
  return formatGBP(price);
}

/** '+VAT' when the price excludes VAT and is known, else ''. */
export function vatSuffix(price: number | null | undefined, vatStatus: VatStatus | null | undefined): string {
  return vatStatus === 'plus_vat' && price && price > 0 ? '+VAT' : '';
}

/** Price with the VAT note, for plain-text uses: '£45,000 +VAT'. */
export function formatPriceWithVat(price: number | null | undefined, vatStatus: VatStatus | null | undefined): string {
  const suffix = vatSuffix(price, vatStatus);
  return suffix ? `${formatPrice(price)} ${suffix}` : formatPrice(price);
}

export function formatNumber(n: number): string {
  return `${sign(n)}${grouped(n)}`;
}

/** '123,456 mi' */
export function formatMileage(miles: number | null | undefined): string | null {
  if (miles == null || !Number.isFinite(miles)) return null;
  return `${formatNumber(miles)} mi`;
}

/** '12 miles away' (one decimal under 10 miles). */
export function formatDistance(miles: number | null | undefined): string | null {
  if (miles == null || !Number.isFinite(miles)) return null;
  const rounded = miles < 10 ? Math.round(miles * 10) / 10 : Math.round(miles);
  return `${rounded} ${rounded === 1 ? 'mile' : 'miles'} away`;
}

/** Slider labels: '£5k', '£200k+', '1m mi'. */
export function formatCompactGBP(n: number): string {
  if (n >= 1_000_000) return `£${trim(n / 1_000_000)}m`;
  if (n >= 1000) return `£${trim(n / 1000)}k`;
  return `£${n}`;
}
export function formatCompactMiles(n: number): string {
  if (n >= 1_000_000) return `${trim(n / 1_000_000)}m mi`;
  if (n >= 1000) return `${trim(n / 1000)}k mi`;
  return `${n} mi`;
}
const trim = (n: number) => String(Math.round(n * 10) / 10);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 01:00 UTC on the last Sunday of a month (0-based): when UK clocks change (since 1996). */
const lastSundayOneAmUtc = (year: number, month: number) => {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
};

/**
 * The calendar date in the UK (Europe/London: GMT, and BST from 01:00 UTC on the last Sunday of
 * March to 01:00 UTC on the last Sunday of October), worked out by hand: the first
 * Intl.DateTimeFormat with a time zone costs a phone 20–35 ms of one task while a page hydrates
 * (its time-zone data loads). format.test.ts checks it against Intl for every day, at the clock
 * changes and around midnight, 2000–2040.
 */
function ukCalendarDate(ms: number): { day: number; month: number; year: number } {
  const year = new Date(ms).getUTCFullYear();
  const bst = ms >= lastSundayOneAmUtc(year, 2) && ms < lastSundayOneAmUtc(year, 9);
  const uk = new Date(ms + (bst ? 3_600_000 : 0));
  return { day: uk.getUTCDate(), month: uk.getUTCMonth(), year: uk.getUTCFullYear() };
}

/** '5 Mar 2026' (en-GB, UK time), as `Intl.DateTimeFormat('en-GB', { day, month: 'short', year })`. */
export function formatDate(iso: string): string {
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return '';
  const { day, month, year } = ukCalendarDate(ms);
  return `${day} ${month === 8 ? 'Sept' : MONTHS[month]?.slice(0, 3)} ${year}`;
}

/** '5 March 2026' (en-GB, UK time). */
export function formatLongDate(iso: string): string {
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return '';
  const { day, month, year } = ukCalendarDate(ms);
  return `${day} ${MONTHS[month]} ${year}`;
}
