import { STOCK_IMPORTS_PREFIX } from '../../shared/schemas/stock-import.js';
import type { Access } from './access.js';
import { alertQueues } from './alerts-rows.js';

/**
 * Work queues for fan-out (alert digests, scraper sources): SQS with a dead-letter queue and a
 * worker Lambda per row in CDK. Producers send through the QueueSender port
 * (functions/src/adapters/queues), always to SQS: locally to the local cloud's SQS endpoint, whose
 * queues (dev/local-queue.ts) deliver SQS events to the same handler.
 */
export interface QueueDef {
  id: string;
  /** Worker handler relative to functions/src, exporting `handler` (an SQSHandler; may return batch item failures). */
  handler: string;
  description: string;
  access: Access;
  /** Messages per worker invocation (SQS batch size). */
  batchSize?: number;
  memoryMb?: number;
  timeoutSeconds?: number;
  /** Deliveries before a message goes to the dead-letter queue. */
  maxReceiveCount?: number;
  /** Workers running at once (the SQS event source's maximum concurrency, 2–1000); 2 when omitted. */
  maxConcurrency?: number;
}

export const queues: QueueDef[] = [
  {
    id: 'stock-imports',
    handler: 'queues/stock-import-worker.ts',
    description: 'Applies dealer stock imports (rows, photos, sold stock)',
    access: {
      table: 'readWrite',
      buckets: [
        // The stock file, read with its size and type checked (domain/stock-import).
        { bucket: 'private-uploads', prefixes: [STOCK_IMPORTS_PREFIX], access: 'read' },
        { bucket: 'truck-images', prefixes: ['listings/'], access: 'readWriteDelete' },
      ],
      events: true,
      // Fetches the photos a stock file names.
      outboundHttp: true,
    },
    // One import per invocation: up to 10,000 rows and their photos.
    batchSize: 1,
    memoryMb: 2048,
    timeoutSeconds: 900,
    maxReceiveCount: 3,
  },
  ...alertQueues,
  {
    id: 'account-listings',
    handler: 'queues/account-listings-worker.ts',
    description: "Hides a suspended account's listings, or shows a reactivated one's, in batches (domain/admin/account-listings.ts)",
    access: {
      // The profile (its latest job) and the owner's listings on gsi1.
      table: 'readWrite',
      // Continues on its own queue when a run nears its timeout.
      queues: ['account-listings'],
    },
    // One job per invocation; a run stops taking batches 30 s before the timeout and queues the rest.
    batchSize: 1,
    timeoutSeconds: 120,
    maxReceiveCount: 5,
  },
  {
    id: 'scrape-sources',
    handler: 'jobs/scrape-worker.ts',
    description: 'One step of one source of a scraper run: fetches pages politely, upserts listings, copies photos, chains the rest',
    access: {
      table: 'readWrite',
      buckets: [{ bucket: 'truck-images', prefixes: ['scraped/'], access: 'write' }],
      events: true,
      queues: ['scrape-sources'],
      // Fetches the sources' pages and photos.
      outboundHttp: true,
    },
    // One source step per invocation; the step stops taking pages 3 minutes before the timeout.
    batchSize: 1,
    memoryMb: 1024,
    timeoutSeconds: 900,
    maxReceiveCount: 3,
    // Sources are different hosts, each fetched at its own polite rate.
    maxConcurrency: 5,
  },
];
