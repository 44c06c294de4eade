/**
 * EventBridge cron and rate expressions, as the in-process scheduler (dev/scheduler.ts) reads
 * jobs.ts rows: six fields — minutes hours day-of-month month day-of-week year — where
 * day-of-week 1-7 is SUN-SAT and one of the two day fields must be `?`. Supported here: `*`, `?`,
 * lists, ranges, steps and names; `L`, `W` and `#` are rejected with a clear error.
 * `rate(N minutes|hours|days)` is supported too. Times are matched in UK time (Europe/London) by
 * default, as EventBridge Scheduler runs them in AWS: a 03:00 job runs at 03:00 GMT in winter and
 * 03:00 BST in summer.
 */
type FieldName = 'minutes' | 'hours' | 'dayOfMonth' | 'month' | 'dayOfWeek' | 'year';

const FIELDS: Array<{ name: FieldName; min: number; max: number; names?: string[] }> = [
  { name: 'minutes', min: 0, max: 59 },
  { name: 'hours', min: 0, max: 23 },
  { name: 'dayOfMonth', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] },
  { name: 'dayOfWeek', min: 1, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
  { name: 'year', min: 1970, max: 2199 },
];

/** null = any value (`*` or `?`). */
type CronSchedule = { kind: 'cron' } & Record<FieldName, Set<number> | null>;
export type Schedule = CronSchedule | { kind: 'rate'; everyMs: number };

function parseValue(raw: string, field: (typeof FIELDS)[number], expr: string): number {
  const byName = field.names?.indexOf(raw.toUpperCase()) ?? -1;
  const n = byName >= 0 ? byName + field.min : Number(raw);
  if (!Number.isInteger(n) || n < field.min || n > field.max)
    throw new Error(`Invalid ${field.name} "${raw}" in cron expression "${expr}"`);
  return n;
}

function parseField(raw: string, field: (typeof FIELDS)[number], expr: string): Set<number> | null {
  if (raw === '*' || raw === '?') return null;
  if (/[LW#]/i.test(raw.replace(/[A-Z]{3}/gi, (m) => (field.names?.includes(m.toUpperCase()) ? '' : m)))) {
    throw new Error(`Cron feature in "${raw}" (L, W, #) is not supported by the local scheduler: "${expr}"`);
  }
  const values = new Set<number>();
  for (const part of raw.split(',')) {
    const [range, stepRaw] = part.split('/');
    const step = stepRaw === undefined ? 1 : Number(stepRaw);
    if (!Number.isInteger(step) || step < 1) throw new Error(`Invalid step "${part}" in cron expression "${expr}"`);
    let from: number;
    let to: number;
    if (range === '*') {
      from = field.min;
      to = field.max;
    } else if (range.includes('-')) {
      const [a, b] = range.split('-');
      from = parseValue(a, field, expr);
      to = parseValue(b, field, expr);
    } else {
      from = parseValue(range, field, expr);
      to = stepRaw === undefined ? from : field.max;
    }
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

export function parseSchedule(expression: string): Schedule {
  const expr = expression.trim();
  const rate = /^rate\((\d+)\s+(minutes?|hours?|days?)\)$/i.exec(expr);
  if (rate) {
    const unitMs = { m: 60_000, h: 3_600_000, d: 86_400_000 }[rate[2][0].toLowerCase() as 'm' | 'h' | 'd'];
    return { kind: 'rate', everyMs: Number(rate[1]) * unitMs };
  }
  const inner = /^cron\((.*)\)$/i.exec(expr)?.[1] ?? expr;
  const parts = inner.trim().split(/\s+/);
  if (parts.length !== 6)
    throw new Error(`Cron expression "${expression}" must have six fields (minutes hours day-of-month month day-of-week year)`);
  const schedule = { kind: 'cron' } as CronSchedule;
  FIELDS.forEach((field, i) => {
    schedule[field.name] = parseField(parts[i], field, expression);
  });
  return schedule;
}

/** The time zone jobs.ts cron expressions are written in. */
const JOBS_TIME_ZONE = 'Europe/London';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock fields of `d` in `timeZone`. */
function wallClock(d: Date, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value]));
  return {
    minutes: Number(parts.minute),
    hours: Number(parts.hour),
    dayOfMonth: Number(parts.day),
    month: Number(parts.month),
    dayOfWeek: WEEKDAYS.indexOf(parts.weekday) + 1,
    year: Number(parts.year),
  };
}

/** Whether a cron schedule fires in the minute of `d`, read as wall-clock time in `timeZone` (UK time by default). */
function cronMatches(s: CronSchedule, d: Date, timeZone: string = JOBS_TIME_ZONE): boolean {
  const test = (set: Set<number> | null, v: number) => set === null || set.has(v);
  const w = wallClock(d, timeZone);
  return (
    test(s.minutes, w.minutes) &&
    test(s.hours, w.hours) &&
    test(s.dayOfMonth, w.dayOfMonth) &&
    test(s.month, w.month) &&
    test(s.dayOfWeek, w.dayOfWeek) &&
    test(s.year, w.year)
  );
}

/** The next time (after `from`, to the minute) a cron schedule fires within `horizonMinutes` (~5 years), or null. */
export function nextCronRun(
  s: CronSchedule,
  from: Date,
  timeZone: string = JOBS_TIME_ZONE,
  horizonMinutes = 5 * 366 * 24 * 60,
): Date | null {
  const d = new Date(Math.floor(from.getTime() / 60_000) * 60_000 + 60_000);
  for (let i = 0; i < horizonMinutes; i++) {
    if (cronMatches(s, d, timeZone)) return d;
    d.setTime(d.getTime() + 60_000);
  }
  return null;
}
