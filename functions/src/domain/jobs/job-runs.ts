import type { JobRun } from '../../../../shared/schemas/admin.js';

/**
 * Runs of jobs that fan work out in batches (the alert digests, issue 24 §4), recorded like the
 * scraper's runs: the job starts the run with its batch count, each batch's worker adds what it did,
 * and the last batch finishes the run. The admin Jobs panel lists them beside the scraper's.
 */
export interface BatchRun {
  runId: string;
  jobId: string;
  startedAt: string;
  finishedAt: string | null;
  batches: number;
  batchesDone: number;
  /** Work items (users, for the digests) the job found due. */
  items: number;
  itemsDone: number;
  /** Messages sent (digest e-mails or WhatsApp messages). */
  sent: number;
  /** Batch attempts that threw (each is retried by its queue). */
  failedAttempts: number;
}

export interface BatchRunLog {
  /** Records a new run; a run of no batches is finished at once. */
  start(run: { runId: string; jobId: string; startedAt: string; batches: number; items: number }): Promise<void>;
  /** Adds one batch's result once, however often its message is delivered; the last batch finishes the run. */
  recordBatch(runId: string, batch: number, result: { itemsDone: number; sent: number }, at: string): Promise<void>;
  recordFailedAttempt(runId: string): Promise<void>;
  recent(limit: number): Promise<BatchRun[]>;
}

/** A run's id: sorts by start time, and names its job. */
export const batchRunId = (jobId: string, startedAt: string) => `${startedAt}#${jobId}`;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The Jobs panel's line for a batch run. */
export function batchRunLine(run: BatchRun): JobRun {
  const progress = run.finishedAt ? '' : `running, ${run.batchesDone} of ${plural(run.batches, 'batch', 'batches')} done; `;
  const failed = run.failedAttempts ? `; ${plural(run.failedAttempts, 'failed attempt')} (retried)` : '';
  return {
    jobId: run.jobId,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    ok: run.failedAttempts === 0,
    summary: `${progress}${plural(run.items, 'user')} due in ${plural(run.batches, 'batch', 'batches')}: ${plural(run.sent, 'message')} sent${failed}`,
  };
}
