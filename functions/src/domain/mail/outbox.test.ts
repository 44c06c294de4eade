import { describe, expect, it } from 'vitest';
import type { OutgoingEmail } from './mailer.js';
import { MAX_EMAIL_ATTEMPTS, type OutboxDeps, type OutboxRecord, createOutboxMailer, retryDueEmails } from './outbox.js';
import { suppressionsFromSesMessage } from './ses-notifications.js';

function fakes(opts: { failing?: () => boolean; suppressed?: string[] } = {}) {
  const records = new Map<string, OutboxRecord>();
  const delivered: OutgoingEmail[] = [];
  let clock = Date.parse('2026-11-23T10:00:00Z');
  let n = 0;
  const deps: OutboxDeps = {
    store: {
      add: async (r) => void records.set(r.id, structuredClone(r)),
      due: async (now) =>
        [...records.values()]
          .filter((r) => r.status === 'pending' && Date.parse(r.nextAttemptAt ?? '') <= now.getTime())
          .map((r) => structuredClone(r)),
      claim: async (id, seen, lease) => {
        const r = records.get(id);
        if (r?.status !== 'pending' || r.attempts !== seen) return false;
        Object.assign(r, { attempts: seen + 1, nextAttemptAt: lease.toISOString() });
        return true;
      },
      markSent: async (id, at) => void Object.assign(records.get(id) as OutboxRecord, { status: 'sent', sentAt: at.toISOString() }),
      markRetry: async (id, next, error) =>
        void Object.assign(records.get(id) as OutboxRecord, { nextAttemptAt: next.toISOString(), lastError: error }),
      markFailed: async (id, at, error) =>
        void Object.assign(records.get(id) as OutboxRecord, { status: 'failed', failedAt: at.toISOString(), lastError: error }),
      markSuppressed: async (id) => void Object.assign(records.get(id) as OutboxRecord, { status: 'suppressed' }),
    },
    transport: {
      send: async (e) => {
        if (opts.failing?.()) throw new Error('connect ECONNREFUSED 127.0.0.1:1025');
        delivered.push(e);
      },
    },
    suppression: { isSuppressed: async (email) => (opts.suppressed ?? []).includes(email.toLowerCase()) },
    now: () => new Date(clock),
    newId: () => `E${++n}`,
    log: () => undefined,
  };
  return { deps, records, delivered, advance: (ms: number) => (clock += ms) };
}

const email = (to = 'buyer@example.com'): OutgoingEmail => ({ to, subject: 'Hello', text: 't', html: '<p>t</p>' });

describe('the e-mail outbox', () => {
  it('stores every e-mail and sends it at once', async () => {
    const f = fakes();
    await createOutboxMailer(() => f.deps).send(email());
    expect(f.delivered).toHaveLength(1);
    expect(f.records.get('E1')).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('keeps a failed e-mail (no error for the caller) and sends it when a retry is due and the transport is back', async () => {
    let down = true;
    const f = fakes({ failing: () => down });
    await createOutboxMailer(() => f.deps).send(email());
    expect(f.records.get('E1')).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('ECONNREFUSED') });
    expect(await retryDueEmails(f.deps)).toEqual({ sent: 0, retry: 0, failed: 0, suppressed: 0 }); // not due yet
    down = false;
    f.advance(61_000);
    expect(await retryDueEmails(f.deps)).toMatchObject({ sent: 1 });
    expect(f.delivered).toHaveLength(1);
    expect(f.records.get('E1')?.status).toBe('sent');
  });

  it('dead-letters an e-mail after the last attempt, backing off between attempts', async () => {
    const f = fakes({ failing: () => true });
    await createOutboxMailer(() => f.deps).send(email());
    for (let i = 0; i < 20; i++) {
      f.advance(13 * 3600_000);
      await retryDueEmails(f.deps);
    }
    expect(f.records.get('E1')).toMatchObject({ status: 'failed', attempts: MAX_EMAIL_ATTEMPTS });
  });

  it('never sends to a suppressed address, and does not fail the caller', async () => {
    const f = fakes({ suppressed: ['bounced@example.com'] });
    await createOutboxMailer(() => f.deps).send(email('Bounced@Example.com'));
    expect(f.delivered).toEqual([]);
    expect(f.records.get('E1')?.status).toBe('suppressed');
  });

  it('gives a due e-mail to one retry run only', async () => {
    let down = true;
    const f = fakes({ failing: () => down });
    await createOutboxMailer(() => f.deps).send(email());
    down = false;
    f.advance(61_000);
    await Promise.all([retryDueEmails(f.deps), retryDueEmails(f.deps)]);
    expect(f.delivered).toHaveLength(1);
  });
});

describe('SES notifications', () => {
  it('suppresses permanent bounces and complaints, in both SES formats, not transient bounces', () => {
    const bounce = (bounceType: string) => ({
      notificationType: 'Bounce',
      bounce: { bounceType, bounceSubType: 'General', bouncedRecipients: [{ emailAddress: 'A <A@Example.com>' }] },
    });
    expect(suppressionsFromSesMessage(bounce('Permanent'))).toEqual([{ email: 'a@example.com', reason: 'bounce', detail: 'General' }]);
    expect(suppressionsFromSesMessage(bounce('Transient'))).toEqual([]);
    expect(
      suppressionsFromSesMessage({ eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: 'c@example.com' }] } }),
    ).toEqual([{ email: 'c@example.com', reason: 'complaint' }]);
    expect(suppressionsFromSesMessage({ notificationType: 'Delivery' })).toEqual([]);
    expect(suppressionsFromSesMessage('nonsense')).toEqual([]);
  });
});
