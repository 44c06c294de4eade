import { beforeEach, describe, expect, it, vi } from 'vitest';

// The sender is created once per module instance: each test loads a fresh one.
const freshSender = async () => (await import('./sender.js')).queueSender;

beforeEach(() => {
  vi.resetModules();
});

describe('queue sender', () => {
  it('sends to SQS without QUEUE_MODE, whatever STAGE says', async () => {
    // Prepare
    const queueSender = await freshSender();
    // Act
    const sender = await queueSender({ STAGE: 'local', AWS_REGION: 'eu-west-2' });
    // Assess: the SQS sender needs the queue's URL; the in-process one would ask for a local queue.
    await expect(sender.send('alert-digests', [{ n: 1 }])).rejects.toThrow(
      "Missing required environment variable QUEUE_URL_ALERT_DIGESTS (queue 'alert-digests')",
    );
  });

  it('hands messages to the in-process queue only when QUEUE_MODE=local', async () => {
    // Prepare
    const { queueSender, setInProcessQueue } = await import('./sender.js');
    const sent: Array<[string, readonly string[]]> = [];
    setInProcessQueue({ send: (id, bodies) => sent.push([id, bodies]) });
    // Act
    await (await queueSender({ QUEUE_MODE: 'local' })).send('work', [{ n: 1 }]);
    setInProcessQueue(undefined);
    // Assess
    expect(sent).toEqual([['work', ['{"n":1}']]]);
  });

  it('refuses an unknown QUEUE_MODE', async () => {
    const queueSender = await freshSender();
    await expect(queueSender({ QUEUE_MODE: 'memory' })).rejects.toThrow('QUEUE_MODE must be "local" or "sqs", got "memory"');
  });
});
