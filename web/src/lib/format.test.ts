import { describe, expect, it } from 'vitest';
import { formatCompactGBP, formatDistance, formatGBP, formatMileage, formatPrice, formatPriceWithVat, vatSuffix } from './format';

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
