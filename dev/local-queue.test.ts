import { describe, expect, it } from 'vitest';
import { queueSender, setInProcessQueue } from '../functions/src/adapters/queues/sender.js';
import type { QueueDef } from '../functions/src/queues.js';
import { createLocalQueue } from './local-queue.js';

const row = (over: Partial<QueueDef> = {}): QueueDef => ({
  id: 'work',
  handler: 'work.ts',
  description: 'test',
  access: {},
  batchSize: 2,
  maxReceiveCount: 2,
  ...over,
});

describe('local queue', () => {
  it('delivers every message to the worker in batches of the row size', async () => {
    // Prepare
    const seen: string[][] = [];
    const queue = createLocalQueue({
      queues: [row()],
      load: async () => async (event) => {
        seen.push((event as { Records: Array<{ body: string }> }).Records.map((r) => JSON.parse(r.body).n));
      },
      log: () => {},
    });
    setInProcessQueue(queue);
    // Act
    await (await queueSender({ QUEUE_MODE: 'local' })).send('work', [{ n: 'a' }, { n: 'b' }, { n: 'c' }]);
    await queue.idle();
    setInProcessQueue(undefined);
    // Assess
    expect(seen).toEqual([['a', 'b'], ['c']]);
  });

  it('redelivers only the reported failures and dead-letters them after maxReceiveCount', async () => {
    // Prepare
    const deliveries: string[] = [];
    const queue = createLocalQueue({
      queues: [row()],
      retryDelayMs: 1,
      load: async () => async (event) => {
        const records = (event as { Records: Array<{ body: string; messageId: string }> }).Records;
        for (const r of records) deliveries.push(JSON.parse(r.body));
        return { batchItemFailures: records.filter((r) => JSON.parse(r.body) === 'bad').map((r) => ({ itemIdentifier: r.messageId })) };
      },
      log: () => {},
    });
    // Act
    queue.send('work', [JSON.stringify('ok'), JSON.stringify('bad')]);
    await queue.idle();
    // Assess
    expect(deliveries).toEqual(['ok', 'bad', 'bad']);
    expect(queue.deadLetters.map((d) => JSON.parse(d.body))).toEqual(['bad']);
  });

  it('refuses an unknown queue id', () => {
    const queue = createLocalQueue({ queues: [row()], log: () => {} });
    expect(() => queue.send('nope', ['x'])).toThrow(/Unknown queue 'nope'/);
  });
});
