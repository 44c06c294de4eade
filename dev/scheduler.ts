/**
 * The in-process scheduler: runs jobs.ts rows on their EventBridge cron expressions, in UK time
 * (Europe/London) as EventBridge Scheduler does in AWS (infra/lib/constructs/bus-rules.ts): a
 * 03:00 job runs at 03:00 GMT in winter and 03:00 BST in summer.
 * EventBridge cron has six fields — minutes hours day-of-month month day-of-week year — where
 * day-of-week 1-7 is SUN-SAT and one of the two day fields must be `?`. Supported here: `*`, `?`,
 * lists, ranges, steps and names; `L`, `W` and `#` are rejected with a clear error.
 * `rate(N minutes|hours|days)` is supported too.
 */
import { randomUUID } from 'node:crypto';
import type { JobDef } from '../functions/src/jobs.js';
import { lambdaContext } from './api-gateway.js';
import { type LambdaHandler, loadHandler } from './lib/handlers.js';

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
export type CronSchedule = { kind: 'cron' } & Record<FieldName, Set<number> | null>;
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
export function cronMatches(s: CronSchedule, d: Date, timeZone: string = JOBS_TIME_ZONE): boolean {
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

/** The next time (after `from`, to the minute) a cron schedule fires, or null within ~5 years. */
export function nextCronRun(s: CronSchedule, from: Date, timeZone: string = JOBS_TIME_ZONE): Date | null {
  const d = new Date(Math.floor(from.getTime() / 60_000) * 60_000 + 60_000);
  for (let i = 0; i < 5 * 366 * 24 * 60; i++) {
    if (cronMatches(s, d, timeZone)) return d;
    d.setTime(d.getTime() + 60_000);
  }
  return null;
}

/** The EventBridge "Scheduled Event" a job's Lambda receives. */
export function scheduledEvent(job: JobDef, time = new Date()) {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: 'eu-west-2',
    resources: [`arn:aws:events:eu-west-2:000000000000:rule/local-${job.id}`],
    detail: {},
  };
}

export async function runJob(job: JobDef, load: (h: string) => Promise<LambdaHandler> = loadHandler): Promise<unknown> {
  const handler = await load(job.handler);
  return handler(scheduledEvent(job), lambdaContext(job.id, 900));
}

export interface Scheduler {
  stop(): void;
}

/** Runs each job on its schedule until stopped; a run still going when the next is due is skipped. */
export function startScheduler(
  jobList: JobDef[],
  opts: { log?: (msg: string) => void; run?: (job: JobDef) => Promise<unknown> } = {},
): Scheduler {
  const log = opts.log ?? ((m: string) => console.log(m));
  const run = opts.run ?? ((job: JobDef) => runJob(job));
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<string>();
  let stopped = false;

  const fire = (job: JobDef) => {
    if (running.has(job.id)) return log(`[jobs] ${job.id} still running, skipping this run`);
    running.add(job.id);
    const started = Date.now();
    run(job)
      .then(() => log(`[jobs] ${job.id} done in ${Date.now() - started} ms`))
      .catch((err) => log(`[jobs] ${job.id} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`))
      .finally(() => running.delete(job.id));
  };

  const arm = (job: JobDef, schedule: Schedule) => {
    if (stopped) return;
    const now = Date.now();
    const next = schedule.kind === 'rate' ? new Date(now + schedule.everyMs) : nextCronRun(schedule, new Date(now));
    if (!next) return;
    // setTimeout tops out at ~24.8 days; re-arm on the way for schedules further out.
    const delay = Math.min(next.getTime() - now, 2 ** 31 - 1);
    const t = setTimeout(() => {
      timers.delete(t);
      if (Date.now() >= next.getTime() - 5) fire(job);
      arm(job, schedule);
    }, delay);
    t.unref();
    timers.add(t);
  };

  for (const job of jobList) arm(job, parseSchedule(job.cron));
  return {
    stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
