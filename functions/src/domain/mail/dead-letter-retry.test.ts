import { describe, expect, it } from 'vitest';
import { type DeadLetterStore, type OutboxRecord, retryFailedEmail } from './outbox.js';

function fakeStore(record: OutboxRecord | null) {
  const calls: string[] = [];
  const current = record ? { ...record } : null;
  const store: DeadLetterStore = {
    get: async () => (current ? { ...current } : null),
    claimFailed: async (_id, seen) => {
      if (current?.status !== 'failed' || current.attempts !== seen) return false;
      current.attempts += 1;
      calls.push('claim');
      return true;
    },
    markSent: async () => {
      if (current) current.status = 'sent';
      calls.push('sent');
    },
    markFailed: async (_id, _at, error) => {
      if (current) current.lastError = error;
      calls.push('failed');
    },
    markSuppressed: async () => void calls.push('suppressed'),
  };
  return { store, calls, current: () => current };
}

const dead: OutboxRecord = {
  id: 'e1',
  createdAt: '2026-11-01T10:00:00.000Z',
  email: { to: 'buyer@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' },
  status: 'failed',
  attempts: 8,
  lastError: 'timeout',
};

const deps = (over: { send?: () => Promise<void>; suppressed?: boolean } = {}) => ({
  transport: { send: over.send ?? (async () => undefined) },
  suppression: { isSuppressed: async () => over.suppressed ?? false },
  now: () => new Date('2026-11-23T12:00:00.000Z'),
  log: () => undefined,
});

describe('retryFailedEmail (a staff retry of a dead-lettered e-mail)', () => {
  it('sends it and marks it sent', async () => {
    const { store, calls } = fakeStore(dead);
    expect(await retryFailedEmail({ ...deps(), store }, 'e1')).toBe('sent');
    expect(calls).toEqual(['claim', 'sent']);
  });

  it('keeps it failed, with the new error, when the send fails again', async () => {
    const { store, calls, current } = fakeStore(dead);
    const send = async () => {
      throw new Error('SMTP down');
    };
    expect(await retryFailedEmail({ ...deps({ send }), store }, 'e1')).toBe('failed');
    expect(calls).toEqual(['claim', 'failed']);
    expect(current()?.lastError).toBe('Error: SMTP down');
  });

  it('never mails a suppressed address, and answers not-found for an unknown or no-longer-failed e-mail', async () => {
    const suppressed = fakeStore(dead);
    expect(await retryFailedEmail({ ...deps({ suppressed: true }), store: suppressed.store }, 'e1')).toBe('suppressed');
    expect(await retryFailedEmail({ ...deps(), store: fakeStore(null).store }, 'e1')).toBe('not-found');
    expect(await retryFailedEmail({ ...deps(), store: fakeStore({ ...dead, status: 'sent' }).store }, 'e1')).toBe('not-found');
  });

  it('answers busy when another retry claimed it first', async () => {
    const { store } = fakeStore(dead);
    const racing: DeadLetterStore = { ...store, claimFailed: async () => false };
    expect(await retryFailedEmail({ ...deps(), store: racing }, 'e1')).toBe('busy');
  });
});
