import type { Access } from './access.js';
import type { EventSubscription } from './events.js';
import type { JobDef } from './jobs.js';
import type { QueueDef } from './queues.js';

/**
 * Truck alerts' rows (issue 10) for jobs.ts, events.ts and queues.ts, kept together and spread into
 * those tables with one line each.
 */
const SENDS_ALERTS: Access = {
  table: 'readWrite',
  mail: true,
  secrets: ['unsubscribeSigningKey', 'whatsappToken'],
  // models/: the fair-price model, so an e-mail can say "Great price" (issue 13).
  buckets: [{ bucket: 'private-uploads', prefixes: ['models/'], access: 'read' }],
};

export const alertJobs: JobDef[] = [
  {
    id: 'alerts-daily',
    // 07:00 UK time all year (Scheduler's Europe/London time zone keeps it there through BST).
    cron: '0 7 * * ? *',
    handler: 'jobs/alerts-daily.ts',
    description: 'Gold daily digests: fans due users out to the alert-digests queue',
    // readWrite: the run's record for the admin Jobs panel (issue 24 §4).
    access: { table: 'readWrite', queues: ['alert-digests'] },
    timeoutSeconds: 120,
  },
  {
    id: 'alerts-weekly',
    cron: '0 7 ? * MON *',
    handler: 'jobs/alerts-weekly.ts',
    description: 'Silver weekly digests (Mondays): fans due users out to the alert-digests queue',
    access: { table: 'readWrite', queues: ['alert-digests'] },
    timeoutSeconds: 120,
  },
  {
    id: 'alerts-flush',
    cron: '0/10 * * * ? *',
    handler: 'jobs/alerts-flush.ts',
    description: 'Instant alerts held back by the flood rule, sent as one message per user',
    access: SENDS_ALERTS,
    timeoutSeconds: 300,
  },
];

export const alertEventSubscriptions: EventSubscription[] = [
  {
    id: 'AlertsInstant',
    eventType: 'listing.created',
    handler: 'events/alerts-instant.ts',
    access: SENDS_ALERTS,
    timeoutSeconds: 120,
    memoryMb: 1024,
  },
  {
    // Scraped listings reach alerts only through the run's one event: one message per subscriber per run.
    id: 'AlertsScraperRun',
    eventType: 'scraper.run.completed',
    handler: 'events/alerts-scraper-run.ts',
    access: SENDS_ALERTS,
    timeoutSeconds: 300,
    memoryMb: 1024,
  },
  {
    // A stock import reaches alerts only through its one event: one message per subscriber per import.
    id: 'AlertsStockImport',
    eventType: 'stock-import.applied',
    handler: 'events/alerts-stock-import.ts',
    access: SENDS_ALERTS,
    timeoutSeconds: 300,
    memoryMb: 1024,
  },
  { id: 'AlertsPriceDrop', eventType: 'listing.updated', handler: 'events/alerts-price-drop.ts', access: SENDS_ALERTS, timeoutSeconds: 60 },
];

export const alertQueues: QueueDef[] = [
  {
    id: 'alert-digests',
    handler: 'jobs/alerts/digest-worker.ts',
    description: 'Daily and weekly alert digests, 50 users per message',
    access: SENDS_ALERTS,
    batchSize: 1,
    memoryMb: 1024,
    timeoutSeconds: 300,
    maxReceiveCount: 3,
    // Each worker sends 4 digests at a time (send-alerts.ts); 2 workers stay within SES's starting
    // production rate of 14 e-mails a second, with the SDK's retries for a throttled send.
    maxConcurrency: 2,
  },
];
