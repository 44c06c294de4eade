import '../../../../dev/lib/quiet-sdk.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A stand-in for the SES v2 endpoint that records what the adapter sends.
const requests: Array<{ method?: string; url?: string; body: Record<string, unknown> }> = [];
const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => {
    raw += c;
  });
  req.on('end', () => {
    requests.push({ method: req.method, url: req.url, body: JSON.parse(raw || '{}') });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ MessageId: 'local-1' }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    AWS_REGION: 'eu-west-2',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
  });
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('createSesMailer', () => {
  it('sends Simple content with both parts, Reply-To and extra headers through SendEmail', async () => {
    const { createSesMailer } = await import('./ses-mailer.js');
    const mailer = createSesMailer({ from: 'TruckYard <no-reply@truckyard.example>' });

    await mailer.send({
      to: 'support@truckyard.example',
      replyTo: { name: 'Jane Smith', address: 'jane@example.com' },
      subject: 'Contact form: hi',
      text: 'plain',
      html: '<p>html</p>',
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });

    expect(requests).toHaveLength(1);
    expect(requests[0].method).toBe('POST');
    expect(requests[0].url).toBe('/v2/email/outbound-emails');
    expect(requests[0].body).toEqual({
      FromEmailAddress: 'TruckYard <no-reply@truckyard.example>',
      Destination: { ToAddresses: ['support@truckyard.example'] },
      ReplyToAddresses: ['"Jane Smith" <jane@example.com>'],
      Content: {
        Simple: {
          Subject: { Data: 'Contact form: hi', Charset: 'UTF-8' },
          Body: { Text: { Data: 'plain', Charset: 'UTF-8' }, Html: { Data: '<p>html</p>', Charset: 'UTF-8' } },
          Headers: [{ Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' }],
        },
      },
    });
  });
});
