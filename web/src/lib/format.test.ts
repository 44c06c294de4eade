import { describe, expect, it } from 'vitest';
import {
  formatCompactGBP,
  formatDate,
  formatDistance,
  formatGBP,
  formatLongDate,
  formatMileage,
  formatPrice,
  formatPriceWithVat,
  vatSuffix,
} from './format';

describe('price formatting', () => {
  it('shows pounds with thousands separators and no decimals', () => {
    expect(formatPrice(45000)).toBe('£45,000');
    expect(formatPrice(1250000)).toBe('£1,250,000');
    expect(formatPrice(999.6)).toBe('£1,000');
    expect(formatGBP(0)).toBe('£0');
  });

  it('shows POA when the price is unknown (0)', () => {
    expect(formatPrice(0)).toBe('POA');
    expect(formatPrice(null)).toBe('POA');
  });

  it("adds '+VAT' only for a known price that excludes VAT", () => {
    expect(vatSuffix(45000, 'plus_vat')).toBe('+VAT');
    expect(vatSuffix(45000, 'no_vat')).toBe('');
    expect(vatSuffix(45000, null)).toBe('');
    expect(vatSuffix(0, 'plus_vat')).toBe('');
    expect(formatPriceWithVat(45000, 'plus_vat')).toBe('£45,000 +VAT');
    expect(formatPriceWithVat(0, 'plus_vat')).toBe('POA');
  });
});

describe('other formatters', () => {
  it('formats mileage in miles with separators', () => {
    expect(formatMileage(123456)).toBe('123,456 mi');
    expect(formatMileage(null)).toBeNull();
  });
  it('formats distances', () => {
    expect(formatDistance(4.26)).toBe('4.3 miles away');
    expect(formatDistance(1)).toBe('1 mile away');
    expect(formatDistance(37.6)).toBe('38 miles away');
  });
  it('formats slider labels compactly', () => {
    expect(formatCompactGBP(5000)).toBe('£5k');
    expect(formatCompactGBP(200000)).toBe('£200k');
    expect(formatCompactGBP(1500000)).toBe('£1.5m');
  });
});

describe('UK dates (by hand, as Intl formats them in Europe/London)', () => {
  const short = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });
  const long = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

  it('agrees with Intl every day 2000–2040, just before and after UK midnight', () => {
    const differ: string[] = [];
    for (let ms = Date.UTC(2000, 0, 1); ms < Date.UTC(2040, 0, 1); ms += 86_400_000)
      // 22:59:59, 23:00:00 and 23:59:59 UTC: midnight in the UK is 23:00 UTC in summer and 00:00 in winter.
      for (const at of [ms + 82_799_000, ms + 82_800_000, ms + 86_399_000]) {
        const iso = new Date(at).toISOString();
        if (formatDate(iso) !== short.format(at)) differ.push(`${iso}: ${formatDate(iso)} ≠ ${short.format(at)}`);
        if (formatLongDate(iso) !== long.format(at)) differ.push(`${iso}: ${formatLongDate(iso)} ≠ ${long.format(at)}`);
      }
    expect(differ.slice(0, 10)).toEqual([]);
  });

  it('changes with the clocks at 01:00 UTC on the last Sundays of March and October', () => {
    // 29 March 2026: BST starts at 01:00 UTC; 25 October 2026: it ends at 01:00 UTC.
    expect(formatDate('2026-03-28T23:30:00Z')).toBe('28 Mar 2026');
    expect(formatDate('2026-06-30T23:30:00Z')).toBe('1 Jul 2026');
    expect(formatDate('2026-10-24T23:30:00Z')).toBe('25 Oct 2026');
    expect(formatDate('2026-10-25T23:30:00Z')).toBe('25 Oct 2026');
    expect(formatLongDate('2026-09-05T12:00:00Z')).toBe('5 September 2026');
    expect(formatDate('not a date')).toBe('');
  });
});
