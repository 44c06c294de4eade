import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../../../../dev/mail/catcher.js';
import { listMail } from '../../../../dev/mail/store.js';
import { type TestApi, startTestApi } from '../../../../dev/testing/harness.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { keys } from '../../adapters/dynamodb/keys.js';
import { MAX_EMAIL_ATTEMPTS, retryDueEmails } from '../../domain/mail/outbox.js';
import { solvedChallenge } from '../../../../dev/testing/challenge.js';
import { waitForMail } from '../../../../dev/mail/store.test-support.js';

/**
 * The e-mail outbox against the stand-ins, with this file's own mail catcher so it can be stopped:
 * e-mails sent while it is down are kept and sent by the retry job when it is back; addresses
 * SES reports as bouncing are never mailed; dead-lettered e-mails are listed for staff.
 */
let api: TestApi;
let mailDir: string;
let catcher: MailCatcher | null;
let port: number;

const contact = async (email: string) =>
  fetch(`${api.baseUrl}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Olly',
      lastName: 'Outbox',
      email,
      subject: 'Hello',
      message: 'A question about a truck.',
      website: '',
      altcha: await solvedChallenge(api.baseUrl),
    }),
  });

/** The retry job as it would run `minutes` from now. */
async function retryAt(minutes: number) {
  const { outboxDeps } = await import('../../adapters/mail/mailer.js');
  const at = Date.now() + minutes * 60_000;
  return retryDueEmails({ ...outboxDeps(), now: () => new Date(at) });
}

const outboxItems = async (to: string) => {
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const res = await ddb.send(
    new QueryCommand({
      TableName: api.tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': 'OUTBOX#pending' },
    }),
  );
  return (res.Items ?? []).filter((i) => JSON.stringify(i.email).includes(to));
};

beforeAll(async () => {
  mailDir = await mkdtemp(path.join(os.tmpdir(), 'truckyard-outbox-mail-'));
  catcher = await startMailCatcher({ port: 0, dir: mailDir });
  port = catcher.port;
  api = await startTestApi({ tablePrefix: 'outbox' });
  process.env.MAIL_TRANSPORT = 'smtp';
  process.env.SMTP_HOST = '127.0.0.1';
  process.env.SMTP_PORT = String(port);
});
afterAll(async () => {
  await api?.close();
  await catcher?.close();
  await rm(mailDir, { recursive: true, force: true });
});

describe('the e-mail outbox', () => {
  it('sends at once when the mail server is up', async () => {
    expect((await contact('up@example.com')).status).toBeLessThan(300);
    await waitForMail(mailDir, { to: 'up@example.com' });
  });

  it('keeps e-mails while the mail server is down (the form still succeeds) and sends them from the outbox when it is back', async () => {
    await catcher?.close();
    catcher = null;
    expect((await contact('down@example.com')).status).toBeLessThan(300);
    const pending = await outboxItems('down@example.com');
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(pending[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED/) });

    catcher = await startMailCatcher({ port, dir: mailDir });
    expect(await retryAt(2)).toMatchObject({ sent: pending.length });
    await waitForMail(mailDir, { to: 'down@example.com' });
    expect(await outboxItems('down@example.com')).toEqual([]);
  });

  it('never mails an address SES reported as bouncing (POST /_dev/ses/bounce), without failing the form', async () => {
    const res = await fetch(`${api.baseUrl}/_dev/ses/bounce`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'Bounced@Example.com' }),
    });
    expect(await res.json()).toEqual({ suppressed: 1 });
    const stored = await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.suppressedAddress('bounced@example.com') }));
    expect(stored.Item).toMatchObject({ reason: 'bounce' });
    const { isSuppressed } = await import('../../adapters/dynamodb/suppression-repo.js');
    expect(await isSuppressed('BOUNCED@example.com')).toBe(true);

    expect((await contact('bounced@example.com')).status).toBeLessThan(300);
    // The staff copy still goes; the acknowledgement to the bounced address does not.
    await new Promise((r) => setTimeout(r, 300));
    expect(await listMail(mailDir, { to: 'bounced@example.com' })).toEqual([]);
  });

  it('dead-letters after the last attempt and lists failed e-mails for staff, a page at a time', async () => {
    await catcher?.close();
    catcher = null;
    expect((await contact('never@example.com')).status).toBeLessThan(300);
    for (let i = 1; i < MAX_EMAIL_ATTEMPTS; i++) await retryAt(i * 24 * 60);
    catcher = await startMailCatcher({ port, dir: mailDir });

    // What the admin area's list reads (its store's listFailed), on this file's table.
    const { emailOutboxStore } = await import('../../adapters/dynamodb/email-outbox-repo.js');
    const { ddb } = await import('../../adapters/dynamodb/client.js');
    const store = emailOutboxStore(ddb, process.env.TABLE_NAME as string);
    const first = await store.listFailed({ limit: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({ attempts: MAX_EMAIL_ATTEMPTS, lastError: expect.stringMatching(/ECONNREFUSED/) });
    expect(first.nextCursor).not.toBeNull();
    const second = await store.listFailed({ limit: 1, cursor: first.nextCursor as string });
    expect(second.items).toHaveLength(1);
    expect(second.items[0].id).not.toBe(first.items[0].id);
    const all = [...first.items, ...second.items].map((i) => i.to).sort();
    expect(all).toContain('never@example.com');
    expect(await listMail(mailDir, { to: 'never@example.com' })).toEqual([]);
  });
});
