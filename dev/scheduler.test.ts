import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobs } from '../functions/src/jobs.js';
import { nextCronRun, parseSchedule } from './cron.js';
import { runJob, startScheduler } from './scheduler.js';

type CronSchedule = Extract<ReturnType<typeof parseSchedule>, { kind: 'cron' }>;
const cron = (expr: string) => parseSchedule(expr) as CronSchedule;
/** Whether the schedule fires in the minute of `d`: its next run after the minute before, looking one minute ahead. */
const cronMatches = (s: CronSchedule, d: Date, timeZone?: string) => nextCronRun(s, new Date(d.getTime() - 60_000), timeZone, 1) !== null;
const utc = (iso: string) => new Date(`${iso}Z`);

describe('EventBridge cron expressions', () => {
  it('accepts the cron(...) wrapper and bare six-field expressions alike', () => {
    expect(parseSchedule('cron(0 3 * * ? *)')).toEqual(parseSchedule('0 3 * * ? *'));
  });

  it('fires daily at the given time (UK winter time is UTC)', () => {
    const s = cron('cron(30 3 * * ? *)');
    expect(cronMatches(s, utc('2026-11-22T03:30:00'))).toBe(true);
    expect(cronMatches(s, utc('2026-11-22T03:31:00'))).toBe(false);
    expect(nextCronRun(s, utc('2026-11-22T04:00:00'))?.toISOString()).toBe('2026-11-23T03:30:00.000Z');
  });

  it('reads the cron in UK time across the change to and from British Summer Time', () => {
    // Prepare: BST began at 01:00 UTC on Sunday 29 March 2026 and ends at 01:00 UTC on Sunday 25 October 2026.
    const daily = cron('cron(0 3 * * ? *)');
    // Act / Assess: 03:00 GMT is 03:00 UTC; 03:00 BST is 02:00 UTC.
    expect(nextCronRun(daily, utc('2026-03-27T12:00:00'))?.toISOString()).toBe('2026-03-28T03:00:00.000Z');
    expect(nextCronRun(daily, utc('2026-03-28T12:00:00'))?.toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(nextCronRun(daily, utc('2026-07-01T12:00:00'))?.toISOString()).toBe('2026-07-02T02:00:00.000Z');
    expect(nextCronRun(daily, utc('2026-10-24T12:00:00'))?.toISOString()).toBe('2026-10-25T03:00:00.000Z');
    expect(cronMatches(daily, utc('2026-07-02T03:00:00'))).toBe(false);
  });

  it('numbers days of the week 1-7 from Sunday, and accepts names', () => {
    // 2026-11-22 is a Sunday, 2026-11-23 a Monday.
    expect(cronMatches(cron('0 9 ? * 1 *'), utc('2026-11-22T09:00:00'))).toBe(true);
    expect(cronMatches(cron('0 9 ? * MON-FRI *'), utc('2026-11-22T09:00:00'))).toBe(false);
    expect(cronMatches(cron('0 9 ? * MON-FRI *'), utc('2026-11-23T09:00:00'))).toBe(true);
  });

  it('supports steps, lists, ranges and month names', () => {
    const s = cron('0/15 8-10 1,15 JAN,JUL ? *');
    // July is BST: 10:45 UK time is 09:45 UTC.
    expect(cronMatches(s, utc('2026-07-15T09:45:00'))).toBe(true);
    expect(cronMatches(s, utc('2026-07-15T09:50:00'))).toBe(false);
    expect(cronMatches(s, utc('2026-08-15T09:45:00'))).toBe(false);
  });

  it('rejects what the local scheduler cannot honour rather than misfiring', () => {
    expect(() => parseSchedule('0 3 L * ? *')).toThrow(/not supported/);
    expect(() => parseSchedule('0 3 * * ?')).toThrow(/six fields/);
    expect(() => parseSchedule('61 3 * * ? *')).toThrow(/Invalid minutes/);
  });

  it('supports rate expressions', () => {
    expect(parseSchedule('rate(5 minutes)')).toEqual({ kind: 'rate', everyMs: 300_000 });
    expect(parseSchedule('rate(1 day)')).toEqual({ kind: 'rate', everyMs: 86_400_000 });
  });

  it('parses every jobs.ts row', () => {
    for (const job of jobs) expect(() => parseSchedule(job.cron)).not.toThrow();
  });

  it('hands jobs an EventBridge Scheduled Event', async () => {
    vi.useFakeTimers({ now: utc('2026-11-22T03:00:00.123') });
    let event: unknown;
    await runJob({ id: 'Demo', cron: '0 3 * * ? *', handler: 'jobs/demo.ts', description: '', access: {} }, async () => async (e) => {
      event = e;
    });
    vi.useRealTimers();
    expect(event).toMatchObject({ source: 'aws.events', 'detail-type': 'Scheduled Event', time: '2026-11-22T03:00:00Z', detail: {} });
  });
});

describe('the in-process scheduler', () => {
  afterEach(() => vi.useRealTimers());

  it('runs a job at each minute its cron matches, and skips a run while the last is still going', async () => {
    vi.useFakeTimers({ now: utc('2026-11-22T10:00:30') });
    const runs: string[] = [];
    let finish: () => void = () => undefined;
    const scheduler = startScheduler([{ id: 'Every', cron: 'cron(* * * * ? *)', handler: 'x.ts', description: '', access: {} }], {
      log: () => undefined,
      run: async () => {
        runs.push(new Date().toISOString());
        await new Promise<void>((r) => {
          finish = r;
        });
      },
    });

    await vi.advanceTimersByTimeAsync(30_000); // 10:01 fires
    await vi.advanceTimersByTimeAsync(60_000); // 10:02 skipped: still running
    finish();
    await vi.advanceTimersByTimeAsync(60_000); // 10:03 fires
    scheduler.stop();

    expect(runs).toEqual(['2026-11-22T10:01:00.000Z', '2026-11-22T10:03:00.000Z']);
  });
});
