import { z } from 'zod';

/**
 * The one year rule for every form and the API (sell, edit, valuation, alerts): a vehicle's year
 * of manufacture from 1950 to next year (next year's registrations go on sale in the autumn).
 * The upper bound is read when a value is parsed, so it moves with the calendar.
 */
export const YEAR_MIN = 1950;

/** The latest year accepted: next year. */
export const maxYear = (now: Date = new Date()): number => now.getUTCFullYear() + 1;

const YEAR_TEXTS = {
  required: 'Year is required',
  notNumber: 'Enter the year as a number, e.g. 2019',
  notWhole: 'Year must be a whole number',
  range: (max: number) => `Year must be between ${YEAR_MIN} and ${max}`,
} as const;

/** Every year a form offers, newest first. */
export function yearOptions(now: Date = new Date()): number[] {
  const list: number[] = [];
  for (let y = maxYear(now); y >= YEAR_MIN; y--) list.push(y);
  return list;
}

/**
 * A year typed into a box or sent as JSON ("2019", 2019). `required: false` lets blank through as
 * null (alert preferences' year_min / year_max). `now` is for tests.
 */
export function yearSchema(opts: { required?: boolean; now?: () => Date } = {}) {
  const required = opts.required ?? true;
  return z.union([z.number(), z.string(), z.null(), z.undefined()], { error: YEAR_TEXTS.notNumber }).transform((v, ctx): number | null => {
    const text = typeof v === 'number' ? (Number.isNaN(v) ? '' : String(v)) : (v ?? '').trim();
    if (text === '') {
      if (!required) return null;
      ctx.addIssue({ code: 'custom', message: YEAR_TEXTS.required });
      return z.NEVER;
    }
    if (!/^-?\d+(\.\d+)?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: YEAR_TEXTS.notNumber });
      return z.NEVER;
    }
    const year = Number(text);
    if (!Number.isInteger(year)) {
      ctx.addIssue({ code: 'custom', message: YEAR_TEXTS.notWhole });
      return z.NEVER;
    }
    const max = maxYear(opts.now?.());
    if (year < YEAR_MIN || year > max) {
      ctx.addIssue({ code: 'custom', message: YEAR_TEXTS.range(max) });
      return z.NEVER;
    }
    return year;
  });
}

/** A required year (number out). */
export const requiredYearSchema = (now?: () => Date) => yearSchema({ required: true, now }).transform((y) => y as number);
