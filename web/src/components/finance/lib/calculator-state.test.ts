import { describe, expect, it } from 'vitest';
import type { PublicFinanceSettings } from '@shared/schemas/finance';
import { calculate, fieldsFromUrl, fieldsToUrl } from './calculator-state';

const settings: NonNullable<PublicFinanceSettings> = {
  defaultAprPercent: 9.9,
  defaultTermMonths: 48,
  defaultDepositPercent: 10,
  representativeExample: { cashPricePounds: 50_000, depositPounds: 5_000, termMonths: 48, aprPercent: 9.9, balloonPounds: 0 },
  fcaNumber: '999999',
  demo: true,
};

describe('calculator state', () => {
  it('starts from the staff defaults and round-trips through the URL, keeping other parameters', () => {
    const fields = fieldsFromUrl(new URLSearchParams('ref=x'), settings);
    expect(fields).toMatchObject({ product: 'hp', deposit: '10', depositUnit: 'percent', term: '48', apr: '9.9' });
    const url = fieldsToUrl(new URLSearchParams('ref=x'), { ...fields, deposit: '25', depositUnit: 'pounds' });
    expect(url.get('ref')).toBe('x');
    expect(fieldsFromUrl(url, settings)).toEqual({ ...fields, deposit: '25', depositUnit: 'pounds' });
  });

  it('works out HP on a +VAT price with 10 % down: the representative example at £50,000', () => {
    const result = calculate(fieldsFromUrl(new URLSearchParams(), settings), 50_000, 'plus_vat');
    if (!result.ok) throw new Error('expected figures');
    expect(result.hp?.monthly).toBe(113_005);
    expect(result.hp?.upfront).toBe(500_000 + 1_000_000);
  });

  it("shows the shared schema's message under the field it names", () => {
    const fields = fieldsFromUrl(new URLSearchParams('deposit=60000&depositIn=pounds&term=72'), settings);
    const result = calculate(fields, 50_000, null);
    expect(result).toEqual({
      ok: false,
      errors: { deposit: 'The deposit must be less than the price', term: 'The term is at most 60 months' },
    });
    expect(calculate({ ...fields, deposit: '', term: '48' }, 50_000, null)).toMatchObject({
      ok: false,
      errors: { deposit: 'Enter a deposit' },
    });
  });
});
