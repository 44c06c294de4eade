import { describe, expect, it } from 'vitest';
import { queueSender } from './sender.js';

describe('queue sender', () => {
  it('has one path, SQS, and names the variable a queue without its URL lacks', async () => {
    // Prepare: an environment as a developer's shell might leave it. No product code reads STAGE
    // (there is no local branch to take); this guards against one coming back.
    // Act
    const sender = await queueSender({ STAGE: 'local', AWS_REGION: 'eu-west-2' });
    // Assess: the queue's URL is asked for before anything is sent.
    await expect(sender.send('alert-digests', [{ n: 1 }])).rejects.toThrow(
      "Missing required environment variable QUEUE_URL_ALERT_DIGESTS (queue 'alert-digests')",
    );
  });
});
