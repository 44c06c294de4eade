import { describe, expect, it } from 'vitest';
import { YEAR_MIN, maxYear, yearOptions, yearSchema } from './year.js';

const at = (iso: string) => () => new Date(iso);
const message = (r: { error?: { issues: Array<{ message: string }> } }) => r.error?.issues[0]?.message;

describe('the one year rule', () => {
  it('runs from 1950 to next year, moving with the calendar', () => {
    const schema = yearSchema({ now: at('2026-11-23T12:00:00Z') });
    expect(YEAR_MIN).toBe(1950);
    expect(maxYear(new Date('2026-11-23T12:00:00Z'))).toBe(2027);
    expect(schema.parse('1950')).toBe(1950);
    expect(schema.parse(2027)).toBe(2027);
    expect(message(schema.safeParse(1949))).toBe('Year must be between 1950 and 2027');
    expect(message(schema.safeParse('2028'))).toBe('Year must be between 1950 and 2027');
    expect(yearSchema({ now: at('2030-01-01T00:00:00Z') }).parse(2031)).toBe(2031);
  });

  it('says what is wrong with text, fractions and blanks', () => {
    const schema = yearSchema();
    expect(message(schema.safeParse('twenty'))).toBe('Enter the year as a number, e.g. 2019');
    expect(message(schema.safeParse('2019.5'))).toBe('Year must be a whole number');
    expect(message(schema.safeParse(''))).toBe('Year is required');
    expect(yearSchema({ required: false }).parse('')).toBeNull();
  });

  it('offers every accepted year, newest first', () => {
    const years = yearOptions(new Date('2026-06-01T00:00:00Z'));
    expect(years[0]).toBe(2027);
    expect(years.at(-1)).toBe(1950);
    expect(years).toHaveLength(2027 - 1950 + 1);
  });
});
