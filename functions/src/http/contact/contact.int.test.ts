import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../../../../dev/mail/catcher.js';
import { clearMail, listMail } from '../../../../dev/mail/store.js';
import { type TestApi, startTestApi } from '../../../../dev/testing/harness.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { solvedChallenge } from '../../../../dev/testing/challenge.js';
import { waitForMail } from '../../../../dev/mail/store.test-support.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const CONTACT_RATE_LIMIT = { scope: 'contact', limit: 5, windowSeconds: 600 } as const;

const SUPPORT_INBOX = 'support@truckyard.example';

const validMessage = {
  firstName: 'Jane',
  lastName: 'Smith',
  email: 'jane.smith@example.com',
  phone: '07700 900123',
  subject: 'Finance on a DAF XF',
  message: 'Hello,\nDo you offer finance on the 2019 DAF XF? <script>alert(1)</script>',
  website: '',
};

let mailDir: string;
let catcher: MailCatcher;

/** Handlers send through SMTP to this file's own catcher (the harness resets SMTP_PORT to the default). */
function pointMailAtCatcher() {
  process.env.MAIL_TRANSPORT = 'smtp';
  process.env.SMTP_HOST = '127.0.0.1';
  process.env.SMTP_PORT = String(catcher.port);
  process.env.SUPPORT_INBOX = SUPPORT_INBOX;
}

/** Posts the form with a freshly solved ALTCHA challenge unless the body brings its own `altcha`. */
const post = async (api: TestApi, body: Record<string, unknown>) =>
  fetch(`${api.baseUrl}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ altcha: await solvedChallenge(api.baseUrl), ...body }),
  });

async function storedContacts(api: TestApi) {
  const out = await ddb.send(
    new QueryCommand({
      TableName: api.tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': 'CONTACTS' },
      ScanIndexForward: false,
    }),
  );
  return out.Items ?? [];
}

/** Every item in this file's own table (a throw-away test table, so a scan is fine here). */
async function allItems(api: TestApi) {
  return (await ddb.send(new ScanCommand({ TableName: api.tableName }))).Items ?? [];
}

beforeAll(async () => {
  mailDir = await mkdtemp(path.join(os.tmpdir(), 'truckyard-contact-mail-'));
  catcher = await startMailCatcher({ port: 0, dir: mailDir });
});

afterAll(async () => {
  await catcher?.close();
  await rm(mailDir, { recursive: true, force: true });
});

describe('POST /api/contact', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ tablePrefix: 'contact' });
    pointMailAtCatcher();
  });
  afterAll(() => api?.close());
  beforeEach(() => clearMail(mailDir));

  it('stores a valid message and e-mails staff (reply-to the sender) and the sender', async () => {
    const res = await post(api, validMessage);

    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'received', message: "Thanks for your message. We'll reply within 24 hours." });

    const [stored] = await storedContacts(api);
    expect(stored).toMatchObject({
      type: 'ContactMessage',
      firstName: 'Jane',
      lastName: 'Smith',
      email: 'jane.smith@example.com',
      phone: '+447700900123',
      subject: 'Finance on a DAF XF',
      message: validMessage.message,
      status: 'new',
      sk: 'CONTACT',
    });
    expect(stored.pk).toBe(`CONTACT#${stored.id}`);
    expect(stored.gsi2sk).toBe(stored.createdAt);

    const [toStaff] = await waitForMail(mailDir, { to: SUPPORT_INBOX });
    expect(toStaff.replyTo).toContain('jane.smith@example.com');
    expect(toStaff.subject).toBe('Contact form: Finance on a DAF XF (Jane Smith)');
    expect(toStaff.text).toContain('Do you offer finance on the 2019 DAF XF?');
    expect(toStaff.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(toStaff.html).not.toContain('<script>');

    const [toSender] = await waitForMail(mailDir, { to: 'jane.smith@example.com' });
    expect(toSender.subject).toBe("We've received your message");
    expect(toSender.text).toContain('within 24 hours');
    expect(toSender.html).toContain('within 24 hours');
    expect(await listMail(mailDir)).toHaveLength(2);
  });

  it('answers invalid input with 400 naming each field, and stores and sends nothing', async () => {
    const before = (await storedContacts(api)).length;

    const res = await post(api, { ...validMessage, firstName: '  ', email: 'not-an-email', message: 'short' });

    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { fields: Array<{ path: string; message: string }> } } };
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.details.fields).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'First name is required' },
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'message', message: 'Message must be at least 10 characters' },
      ]),
    );
    expect(await storedContacts(api)).toHaveLength(before);
    expect(await listMail(mailDir)).toEqual([]);
  });

  it('answers a filled honeypot with 202 as if accepted, and stores, counts and sends nothing', async () => {
    const before = await allItems(api);

    const res = await post(api, { ...validMessage, email: 'bot@example.com', website: 'https://cheap-pills.example' });

    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'received', message: "Thanks for your message. We'll reply within 24 hours." });
    expect(await allItems(api)).toEqual(before);
    expect(await listMail(mailDir)).toEqual([]);
  });
});

describe('POST /api/contact rate limit', () => {
  let api: TestApi;

  beforeAll(async () => {
    // A table of its own, so the counters start at zero.
    api = await startTestApi({ tablePrefix: 'contact-rate' });
    pointMailAtCatcher();
  });
  afterAll(() => api?.close());

  it(`refuses message ${CONTACT_RATE_LIMIT.limit + 1} from one address within the window with 429`, async () => {
    // The window is fixed (clock-aligned): don't straddle a boundary.
    const intoWindow = Math.floor(Date.now() / 1000) % CONTACT_RATE_LIMIT.windowSeconds;
    if (CONTACT_RATE_LIMIT.windowSeconds - intoWindow < 15) {
      await new Promise((r) => setTimeout(r, (CONTACT_RATE_LIMIT.windowSeconds - intoWindow + 1) * 1000));
    }
    for (let i = 1; i <= CONTACT_RATE_LIMIT.limit; i++) {
      const ok = await post(api, { ...validMessage, subject: `Message ${i}` });
      expect(ok.status, `message ${i}`).toBe(202);
    }

    const refused = await post(api, { ...validMessage, subject: 'One too many' });

    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: { code: string; message: string; details: { retryAfterSeconds: number } } };
    expect(body.error).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many messages. Please try again later.' });
    expect(body.error.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(body.error.details.retryAfterSeconds).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.windowSeconds);
    const subjects = (await storedContacts(api)).map((c) => c.subject);
    expect(subjects).toHaveLength(CONTACT_RATE_LIMIT.limit);
    expect(subjects).not.toContain('One too many');
    await waitForMail(mailDir, { to: SUPPORT_INBOX, count: CONTACT_RATE_LIMIT.limit });
    expect((await listMail(mailDir, { to: SUPPORT_INBOX })).map((m) => m.subject)).not.toContain('Contact form: One too many (Jane Smith)');
  }, 60_000);
});
