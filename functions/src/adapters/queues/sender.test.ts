import { describe, expect, it } from 'vitest';
import { queueSender } from './sender.js';

describe('queue sender', () => {
  it('sends to SQS whatever STAGE says, and names the variable a queue without its URL lacks', async () => {
    // Act
    const sender = await queueSender({ STAGE: 'local', AWS_REGION: 'eu-west-2' });
    // Assess: the queue's URL is asked for before anything is sent.
    await expect(sender.send('alert-digests', [{ n: 1 }])).rejects.toThrow(
      "Missing required environment variable QUEUE_URL_ALERT_DIGESTS (queue 'alert-digests')",
    );
  });
});
