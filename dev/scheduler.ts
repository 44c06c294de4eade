/**
 * The in-process scheduler: runs jobs.ts rows on their EventBridge cron expressions, in UK time
 * (Europe/London) as EventBridge Scheduler does in AWS (infra/lib/constructs/bus-rules.ts): a
 * 03:00 job runs at 03:00 GMT in winter and 03:00 BST in summer. The expressions are read by
 * dev/cron.ts.
 */
import { randomUUID } from 'node:crypto';
import type { JobDef } from '../functions/src/jobs.js';
import { lambdaContext } from './api-gateway.js';
import { nextCronRun, parseSchedule, type Schedule } from './cron.js';
import { type LambdaHandler, loadHandler } from './lib/handlers.js';

/** The EventBridge "Scheduled Event" a job's Lambda receives. */
function scheduledEvent(job: JobDef, time = new Date()) {
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
