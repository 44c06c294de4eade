import type { Context, SQSEvent, SQSBatchResponse } from 'aws-lambda';
import { z } from 'zod';
import { queueSender } from '../adapters/queues/sender.js';
import { handleScrapeMessage } from '../domain/scraper/handle-message.js';
import { SCRAPE_QUEUE } from './scrape.js';
import { scrapeDeps, scraperSources } from './scraper-deps.js';
import { observed } from '../observability.js';

const messageSchema = z.object({
  runId: z.string().min(1),
  sourceId: z.string().min(1),
  step: z.number().int().min(0),
  frontier: z.array(z.string()),
  visited: z.array(z.string()),
});

/**
 * The scraper's queue worker: one message = one step of one source. Pages left when time runs
 * low go back on the queue as the next step. A malformed message is dropped with a log line (a
 * retry could not fix it); storage errors while starting are retried by the queue.
 */
const run = async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
  const sources = scraperSources();
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const parsed = messageSchema.safeParse(JSON.parse(record.body));
    if (!parsed.success) {
      console.error(JSON.stringify({ level: 'error', message: 'Malformed scrape message dropped', body: record.body }));
      continue;
    }
    try {
      const deps = scrapeDeps(() => context?.getRemainingTimeInMillis?.() ?? 900_000);
      const next = await handleScrapeMessage(deps, sources, parsed.data);
      if (next) await (await queueSender()).send(SCRAPE_QUEUE, [next]);
    } catch (err) {
      console.error(
        JSON.stringify({ level: 'error', message: 'Scrape step failed', error: err instanceof Error ? err.message : String(err) }),
      );
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
};

export const handler = observed('jobs/scrape-worker', run);
