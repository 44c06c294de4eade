import type { Access } from './access.js';

/**
 * Scheduled jobs: EventBridge Scheduler schedules in CDK, the in-process scheduler locally, and
 * `npm run job -- <id>` to run one now. Rows are added by the issues that add jobs.
 */
export interface JobDef {
  id: string;
  /** Six-field cron expression (minutes hours day-of-month month day-of-week year) in UK time (Europe/London). */
  cron: string;
  handler: string;
  description: string;
  /** What the job's function may touch; CDK grants exactly this. */
  access?: Access;
  memoryMb?: number;
  timeoutSeconds?: number;
}

export const jobs: JobDef[] = [
  {
    id: 'scrape',
    // 00:15, 06:15, 12:15 and 18:15 UK time.
    cron: '15 0/6 * * ? *',
    handler: 'jobs/scrape.ts',
    description: 'Collect listings from other sites (issue 12): starts a run, fans sources out to the scrape-sources queue',
    access: { table: 'readWrite', queues: ['scrape-sources'] },
    timeoutSeconds: 60,
  },
];
