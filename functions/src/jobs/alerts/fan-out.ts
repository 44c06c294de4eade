import { queueSender } from '../../adapters/queues/sender.js';
import type { AlertsStore } from '../../domain/alerts/ports.js';
import { type BatchRunLog, batchRunId } from '../../domain/jobs/job-runs.js';

/** Users per queue message: a worker invocation handles a few hundred users, never 50k. */
export const USERS_PER_MESSAGE = 50;
export const DIGEST_QUEUE = 'alert-digests';

export interface DigestMessage {
  frequency: 'daily' | 'weekly';
  userIds: string[];
  /** The run's time: the digest covers listings up to it, and it becomes each user's cursor. */
  runAt: string;
  /** The run this batch belongs to and its place in it, for the Jobs panel (absent on messages queued before runs were kept). */
  runId?: string;
  batch?: number;
}

/**
 * The daily/weekly job: every due schedule, in messages of USERS_PER_MESSAGE, onto the digest queue.
 * The run is recorded first (its job id is the jobs.ts row, alerts-daily or alerts-weekly), and each
 * batch's worker adds its result to it.
 */
export async function fanOutDigests(store: AlertsStore, frequency: 'daily' | 'weekly', now: Date, runs: BatchRunLog) {
  const userIds = await store.listDueUserIds(frequency);
  const runAt = now.toISOString();
  const jobId = `alerts-${frequency}`;
  const runId = batchRunId(jobId, runAt);
  const messages: DigestMessage[] = [];
  for (let i = 0; i < userIds.length; i += USERS_PER_MESSAGE)
    messages.push({ frequency, userIds: userIds.slice(i, i + USERS_PER_MESSAGE), runAt, runId, batch: messages.length });
  await runs.start({ runId, jobId, startedAt: runAt, batches: messages.length, items: userIds.length });
  await (await queueSender()).send(DIGEST_QUEUE, messages);
  return { runId, users: userIds.length, messages: messages.length };
}
