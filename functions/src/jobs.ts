import { type Access, vehicleRecordsAccess } from './access.js';
import { alertJobs } from './alerts-rows.js';
import { AUDIT_ARCHIVE_PREFIX } from './domain/admin/audit-archive.js';

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
  access: Access;
  memoryMb?: number;
  timeoutSeconds?: number;
}

/** The sitemap's files in S3 and its build-state item; the table only read (pattern 2) and the state item written. */
const SITEMAP_BUILD_ACCESS = {
  table: 'readWrite',
  buckets: [{ bucket: 'truck-images', prefixes: ['sitemaps/'], access: 'readWriteDelete' }],
} as const satisfies Access;

/**
 * The search snapshot writers (this job, events.ts SearchSnapshotOnChange): the table read, the
 * snapshot and the page function's first screens written, the fair-price model read (the first
 * screens carry price bands).
 */
export const SEARCH_SNAPSHOT_ACCESS = {
  table: 'read',
  buckets: [
    { bucket: 'private-uploads', prefixes: ['search/', 'first-screens/'], access: 'readWrite' },
    { bucket: 'private-uploads', prefixes: ['models/'], access: 'read' },
  ],
} as const satisfies Access;

export const jobs: JobDef[] = [
  {
    id: 'BuildSitemap',
    // Every 15 minutes; it only builds when listings changed, the sitemap is a day old, or there is none.
    cron: '0/15 * * * ? *',
    handler: 'jobs/build-sitemap.ts',
    description: 'Rebuild the sitemap index and gzip parts in S3 (sitemaps/) when due',
    access: SITEMAP_BUILD_ACCESS,
    memoryMb: 1024,
    timeoutSeconds: 300,
  },
  {
    id: 'RetryEmails',
    // Every 5 minutes: the outbox's retries are 1 minute to 12 hours apart.
    cron: '0/5 * * * ? *',
    handler: 'jobs/retry-emails.ts',
    description: 'Retry outbox e-mails whose next attempt is due; dead-letter those out of attempts',
    access: { table: 'readWrite', mail: true },
    timeoutSeconds: 120,
  },
  {
    id: 'SweepUnattachedImages',
    cron: '20 * * * ? *',
    handler: 'jobs/sweep-unattached-images.ts',
    description: 'Delete processed listing images nobody attached to a listing within a day',
    access: { table: 'readWrite', buckets: [{ bucket: 'truck-images', prefixes: ['listings/'], access: 'readWriteDelete' }] },
    timeoutSeconds: 300,
  },
  {
    id: 'price-model',
    // Hourly at a quarter past, UK time.
    cron: '15 * * * ? *',
    handler: 'jobs/build-price-model.ts',
    description: 'Refits the fair-price model on every active listing',
    access: { table: 'read', buckets: [{ bucket: 'private-uploads', prefixes: ['models/'], access: 'readWrite' }] },
    memoryMb: 2048,
    timeoutSeconds: 300,
  },
  {
    id: 'BuildSearchSnapshot',
    // 03:30 UK time, every day: the whole table, so the snapshot never drifts from it.
    cron: '30 3 * * ? *',
    handler: 'jobs/build-search-snapshot.ts',
    description: 'Rebuild the search snapshot (private-uploads/search/) and the first screens (first-screens/) from every active listing',
    access: SEARCH_SNAPSHOT_ACCESS,
    memoryMb: 1536,
    timeoutSeconds: 300,
  },
  {
    id: 'ArchiveAuditLog',
    // 01:30 UK time: the whole previous UK day is in the table by then.
    cron: '30 1 * * ? *',
    handler: 'jobs/archive-audit-log.ts',
    description: "Copy the previous UK day's admin audit entries to the audit archive bucket (Object Lock, governance, 1 year)",
    // The table read (GSI2's AUDIT partition), and s3:PutObject under audit/ of the archive only.
    access: { table: 'read', buckets: [{ bucket: 'audit-archive', prefixes: [AUDIT_ARCHIVE_PREFIX], access: 'put' }] },
    timeoutSeconds: 120,
  },
  ...alertJobs,
  {
    id: 'RefreshVehicleChecks',
    // 02:10 UK time, every day: the government APIs' quiet hours, before the 03:30 snapshot rebuild.
    cron: '10 2 * * ? *',
    handler: 'jobs/refresh-vehicle-checks.ts',
    description: 'Re-read the DVLA/DVSA vehicle checks of up to 2,000 active listings whose checks are over 7 days old (issue 27)',
    // Reads every active listing (the status index), writes checks items and listing summaries.
    access: { table: 'readWrite', ...vehicleRecordsAccess(['dvla', 'dvsa']) },
    memoryMb: 1024,
    // 2,000 listings at 4 a second is 500 s; Lambda's limit is 900 s, and the job stops 30 s before it.
    timeoutSeconds: 900,
  },
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
