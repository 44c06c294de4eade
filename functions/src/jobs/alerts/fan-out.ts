import { queueSender } from '../../adapters/queues/sender.js';
import type { AlertsStore } from '../../domain/alerts/ports.js';

/** Users per queue message: a worker invocation handles a few hundred users, never 50k. */
export const USERS_PER_MESSAGE = 50;
export const DIGEST_QUEUE = 'alert-digests';

export interface DigestMessage {
  frequency: 'daily' | 'weekly';
  userIds: string[];
  /** The run's time: the digest covers listings up to it, and it becomes each user's cursor. */
  runAt: string;
}

/** The daily/weekly job: every due schedule, in messages of USERS_PER_MESSAGE, onto the digest queue. */
export async function fanOutDigests(store: AlertsStore, frequency: 'daily' | 'weekly', now: Date) {
  const userIds = await store.listDueUserIds(frequency);
  const runAt = now.toISOString();
  const messages: DigestMessage[] = [];
  for (let i = 0; i < userIds.length; i += USERS_PER_MESSAGE)
    messages.push({ frequency, userIds: userIds.slice(i, i + USERS_PER_MESSAGE), runAt });
  await (await queueSender()).send(DIGEST_QUEUE, messages);
  return { users: userIds.length, messages: messages.length };
}
