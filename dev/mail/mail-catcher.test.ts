import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../functions/src/adapters/mail/smtp-mailer.js';
import { type MailCatcher, startMailCatcher } from './catcher.js';
import { handleMailInbox } from './inbox.js';
import { type CaughtMail, clearMail } from './store.js';
import { waitForMail } from './store.test-support.js';

let dir: string;
let catcher: MailCatcher;
let inbox: http.Server;
let inboxUrl: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'truckyard-mail-'));
  catcher = await startMailCatcher({ port: 0, dir });
  inbox = http.createServer(async (req, res) => {
    if (!(await handleMailInbox(req, res, { dir }))) res.writeHead(404).end('not mine');
  });
  await new Promise<void>((resolve) => inbox.listen(0, '127.0.0.1', resolve));
  inboxUrl = `http://127.0.0.1:${(inbox.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await catcher?.close();
  await new Promise((resolve) => inbox?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => clearMail(dir));

const transport = () => nodemailer.createTransport({ host: '127.0.0.1', port: catcher.port, secure: false });

describe('mail catcher', () => {
  it('stores a message sent with nodemailer as JSON the inbox API lists', async () => {
    await transport().sendMail({
      from: 'TruckYard <no-reply@truckyard.example>',
      to: 'buyer@example.com',
      replyTo: 'Jane Smith <jane@example.com>',
      subject: 'Your DAF XF',
      text: 'Plain part',
      html: '<p>HTML part</p>',
      headers: { 'List-Unsubscribe': '<https://truckyard.example/u/abc>' },
    });
    const [stored] = await waitForMail(dir, { to: 'buyer@example.com' });
    expect(stored.from).toContain('<no-reply@truckyard.example>');
    expect(stored).toMatchObject({
      to: ['buyer@example.com'],
      subject: 'Your DAF XF',
      text: 'Plain part',
      html: '<p>HTML part</p>',
    });
    expect(stored.replyTo).toContain('jane@example.com');
    expect(stored.headers['list-unsubscribe']).toBe('<https://truckyard.example/u/abc>');

    const res = await fetch(`${inboxUrl}/_dev/mail/api/messages`);
    expect(res.status).toBe(200);
    const { messages } = (await res.json()) as { messages: CaughtMail[] };
    expect(messages.map((m) => m.id)).toEqual([stored.id]);

    const one = await fetch(`${inboxUrl}/_dev/mail/api/messages/${stored.id}`);
    expect(((await one.json()) as CaughtMail).subject).toBe('Your DAF XF');
  });

  it('lists newest first and filters by recipient, case-insensitively', async () => {
    const mailer = createSmtpMailer({ from: 'TruckYard <no-reply@truckyard.example>', host: '127.0.0.1', port: catcher.port });
    await mailer.send({ to: 'a@example.com', subject: 'first', text: 't', html: '<p>h</p>' });
    await mailer.send({ to: { name: 'B', address: 'b@example.com' }, subject: 'second', text: 't', html: '<p>h</p>' });
    await waitForMail(dir, { count: 2 });

    const all = (await (await fetch(`${inboxUrl}/_dev/mail/api/messages`)).json()) as { messages: CaughtMail[] };
    expect(all.messages.map((m) => m.subject)).toEqual(['second', 'first']);
    const toB = (await (await fetch(`${inboxUrl}/_dev/mail/api/messages?to=B%40Example.com`)).json()) as { messages: CaughtMail[] };
    expect(toB.messages.map((m) => m.subject)).toEqual(['second']);
  });

  it('serves an inbox page that escapes subjects and a sandboxed HTML view', async () => {
    await transport().sendMail({
      from: 'x@example.com',
      to: 'a@example.com',
      subject: '<script>alert(1)</script>',
      text: 't',
      html: '<p>hi</p>',
    });
    const [m] = await waitForMail(dir);

    const page = await fetch(`${inboxUrl}/_dev/mail`);
    const body = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).not.toContain('<script>');
    expect(body).toContain(`/_dev/mail/${m.id}`);

    const view = await (await fetch(`${inboxUrl}/_dev/mail/${m.id}`)).text();
    expect(view).toContain(`<iframe sandbox="" title="HTML part of the e-mail" src="/_dev/mail/${m.id}/html">`);

    const htmlPart = await fetch(`${inboxUrl}/_dev/mail/${m.id}/html`);
    expect(htmlPart.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(await htmlPart.text()).toBe('<p>hi</p>');
  });

  it('leaves other paths to the caller and empties the inbox on DELETE', async () => {
    expect((await fetch(`${inboxUrl}/api/listings`)).status).toBe(404);
    await transport().sendMail({ from: 'x@example.com', to: 'a@example.com', subject: 's', text: 't' });
    await waitForMail(dir);
    expect((await fetch(`${inboxUrl}/_dev/mail/api/messages`, { method: 'DELETE' })).status).toBe(204);
    const after = (await (await fetch(`${inboxUrl}/_dev/mail/api/messages`)).json()) as { messages: CaughtMail[] };
    expect(after.messages).toEqual([]);
  });
});
