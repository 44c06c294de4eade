import { queueSender } from '../adapters/queues/sender.js';
import { newRunId } from '../domain/scraper/handle-message.js';
import { firstMessages } from '../domain/scraper/run-source.js';
import { scraperRepo, scraperSources } from './scraper-deps.js';
import { observed } from '../observability.js';

export const SCRAPE_QUEUE = 'scrape-sources';

/**
 * The `scrape` job (every 6 hours): records a new run and fans its enabled sources out to the
 * worker through the queue (one message per source; each source then chains its own pages).
 * Takes a second or two, far from its timeout, however many sources there are.
 */
const run = async (): Promise<{ runId: string; sources: number }> => {
  const sources = scraperSources().filter((s) => s.enabled);
  const now = new Date();
  const runId = newRunId(now);
  await scraperRepo().startRun({ runId, startedAt: now.toISOString(), sources: sources.map((s) => ({ id: s.id, name: s.name })) });
  await (await queueSender()).send(SCRAPE_QUEUE, firstMessages(runId, sources));
  return { runId, sources: sources.length };
};

export const handler = observed('jobs/scrape', run);
