import type { JobRunReport } from '../../../../shared/schemas/scraper.js';
import type { JobRun } from '../../../../shared/schemas/admin.js';
import type { JobRunSource } from '../../domain/admin/ports.js';
import { type BatchRunLog, batchRunLine } from '../../domain/jobs/job-runs.js';

/**
 * Pattern 30. The Jobs panel's rows (GET /api/admin/jobs, the one endpoint for job runs), newest first: the
 * scraper's own run reports, one line per run totalled over its sources, and the batch jobs' runs
 * (the alert digests, domain/jobs/job-runs.ts).
 */
export function jobRunSource(
  runs: { recentRuns(limit: number): Promise<JobRunReport[]> },
  batchRuns: Pick<BatchRunLog, 'recent'>,
): JobRunSource {
  return {
    async recent(limit) {
      const [scraped, batched] = await Promise.all([runs.recentRuns(limit), batchRuns.recent(limit)]);
      return [...scraped.map(scraperRunLine), ...batched.map(batchRunLine)]
        .sort((a, b) => b.startedAt.localeCompare(a.startedAt))
        .slice(0, limit);
    },
  };
}

function scraperRunLine(run: JobRunReport): JobRun {
  const total = (k: 'pagesFetched' | 'new' | 'updated' | 'deactivated') => run.sources.reduce((n, src) => n + src[k], 0);
  const failed = run.sources.filter((src) => src.status === 'failed' || src.status === 'blocked' || src.status === 'partial');
  const summary = `${run.sources.length} sources, ${total('pagesFetched')} pages: ${total('new')} new, ${total('updated')} updated, ${total('deactivated')} deactivated${
    failed.length ? `; ${failed.map((src) => `${src.sourceName} ${src.status}`).join(', ')}` : ''
  }`;
  return { jobId: run.job, startedAt: run.startedAt, finishedAt: run.finishedAt, ok: failed.length === 0, summary: summary.slice(0, 500) };
}
