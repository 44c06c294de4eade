import { type ScrapeDeps, type ScrapeMessage, announceIfComplete, runSourceStep } from './run-source.js';
import type { ScraperSource } from './types.js';

/**
 * A worker's whole job for one queue message: runs the step and hands back the next message.
 * A source that throws (its site or our storage misbehaving) is finished as failed with the
 * reason, so the run still completes and no other source is held up.
 */
export async function handleScrapeMessage(deps: ScrapeDeps, sources: ScraperSource[], msg: ScrapeMessage): Promise<ScrapeMessage | null> {
  const source = sources.find((s) => s.id === msg.sourceId);
  if (!source) {
    const finishedAt = deps.now().toISOString();
    const done = await deps.store.finishSource(msg.runId, msg.sourceId, {
      status: 'failed',
      deactivated: 0,
      errors: ['source no longer configured'],
      finishedAt,
    });
    await announceIfComplete(deps, msg.runId, done);
    return null;
  }
  try {
    return await runSourceStep(deps, source, msg);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const done = await deps.store.finishSource(msg.runId, source.id, {
      status: 'failed',
      deactivated: 0,
      errors: [`step ${msg.step} failed: ${reason}`],
      finishedAt: deps.now().toISOString(),
    });
    await announceIfComplete(deps, msg.runId, done);
    return null;
  }
}

/** A run id that sorts by start time: '20261123T184500Z-k3f9x2'. */
export function newRunId(now: Date, random: () => number = Math.random): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `${stamp}-${Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0')}`;
}
