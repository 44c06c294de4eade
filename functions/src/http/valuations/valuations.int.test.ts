import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../../../../dev/mail/catcher.js';
import { clearMail, listMail } from '../../../../dev/mail/store.js';
import { type TestApi, startTestApi } from '../../../../dev/testing/harness.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { s3 } from '../../adapters/s3/client.js';
import { solvedChallenge } from '../../../../dev/testing/challenge.js';
import { waitForMail } from '../../../../dev/mail/store.test-support.js';

/**
 * Valuation requests against the stand-ins. s3rver ignores presigned-POST policy conditions, so
 * the server-side check of each photo is what these tests exercise.
 */
const SUPPORT_INBOX = 'valuations@truckyard.example';
const privateBucket = () => process.env.BUCKET_PRIVATE_UPLOADS ?? 'private-uploads';

interface Presigned {
  name: string;
  key: string;
  url: string;
  fields: Record<string, string>;
}

const validRequest = {
  make: 'daf',
  model: 'XF 480',
  type: 'articulated',
  age: '2019',
  mileage: '412,000',
  motStatus: 'valid',
  wheelConfiguration: '4x2',
  horsePower: '480',
  transmissionType: 'automatic',
  additionalInfo: 'Full service history.',
  contactName: 'Val Requester',
  contactEmail: 'val.requester@example.com',
  contactPhone: '07700 900456',
  company: 'Requester Haulage',
  website: '',
};

let api: TestApi;
let mailDir: string;
let catcher: MailCatcher;

/** POST with a freshly solved ALTCHA challenge on /api/valuations unless the body brings its own. */
async function call(pathname: string, body: Record<string, unknown>) {
  const withChallenge = pathname === '/api/valuations' ? { altcha: await solvedChallenge(api.baseUrl), ...body } : body;
  const res = await fetch(`${api.baseUrl}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(withChallenge),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> & { error?: Record<string, unknown> } };
}

async function presign(files: Array<{ name: string; type: string; size: number }>) {
  const res = await call('/api/uploads/valuation-images', { files });
  return { ...res, uploads: (res.body.uploads ?? []) as Presigned[] };
}

/** What the browser does: a multipart POST of the signed fields, then the file. */
async function postToS3(p: Presigned, bytes: Buffer, filename: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(p.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: p.fields['Content-Type'] }), filename);
  const res = await fetch(p.url, { method: 'POST', body: form });
  expect(res.status, await res.text()).toBeLessThan(300);
}

const exists = async (key: string) =>
  s3
    .send(new HeadObjectCommand({ Bucket: privateBucket(), Key: key }))
    .then(() => true)
    .catch(() => false);

async function storedValuations() {
  const out = await ddb.send(
    new QueryCommand({
      TableName: api.tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': 'VALUATIONS' },
      ScanIndexForward: false,
    }),
  );
  return out.Items ?? [];
}

const jpeg = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();
const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 40, b: 200 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  mailDir = await mkdtemp(path.join(os.tmpdir(), 'truckyard-valuation-mail-'));
  catcher = await startMailCatcher({ port: 0, dir: mailDir });
  api = await startTestApi({ tablePrefix: 'valuations' });
  // Handlers send through SMTP to this file's own catcher.
  process.env.MAIL_TRANSPORT = 'smtp';
  process.env.SMTP_HOST = '127.0.0.1';
  process.env.SMTP_PORT = String(catcher.port);
  process.env.SUPPORT_INBOX = SUPPORT_INBOX;
});
afterAll(async () => {
  await api?.close();
  await catcher?.close();
  await rm(mailDir, { recursive: true, force: true });
});
beforeEach(() => clearMail(mailDir));

describe('POST /api/uploads/valuation-images', () => {
  it('presigns POSTs to the private bucket under valuations/pending/', async () => {
    const { status, uploads } = await presign([{ name: 'cab.jpg', type: 'image/jpeg', size: 1000 }]);

    expect(status).toBe(200);
    expect(uploads[0].key).toMatch(/^valuations\/pending\/[0-9A-Z]{26}$/);
    expect(uploads[0].url).toContain(`/${privateBucket()}`);
    expect(uploads[0].fields['Content-Type']).toBe('image/jpeg');
  });

  it('refuses files that are not images, too large, or too many', async () => {
    const notImage = await presign([{ name: 'notes.pdf', type: 'application/pdf', size: 1000 }]);
    const tooLarge = await presign([{ name: 'huge.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 }]);
    const tooMany = await presign(Array.from({ length: 11 }, (_, i) => ({ name: `${i}.jpg`, type: 'image/jpeg', size: 1000 })));

    expect(notImage.status).toBe(415);
    expect(notImage.body.error?.message).toBe('notes.pdf is not a valid image file.');
    expect(tooLarge.status).toBe(413);
    expect(tooMany.status).toBe(400);
  });
});

describe('POST /api/valuations', () => {
  it('stores a request with two photos moved into the private bucket and e-mails staff and the requester', async () => {
    const [a, b] = await Promise.all([jpeg(), png()]);
    const { uploads } = await presign([
      { name: 'front.jpg', type: 'image/jpeg', size: a.length },
      { name: 'side.png', type: 'image/png', size: b.length },
    ]);
    await postToS3(uploads[0], a, 'front.jpg');
    await postToS3(uploads[1], b, 'side.png');

    const res = await call('/api/valuations', { ...validRequest, imageKeys: uploads.map((u) => u.key) });

    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      status: 'received',
      message: 'Thanks for your valuation request. The TruckYard team has it and will reply within 24–48 hours.',
    });
    const [stored] = await storedValuations();
    expect(stored).toMatchObject({
      type: 'ValuationRequest',
      sk: 'VALUATION',
      make: 'daf',
      model: 'XF 480',
      vehicleType: 'articulated',
      age: 2019,
      mileage: 412000,
      horsePower: 480,
      contactEmail: 'val.requester@example.com',
      status: 'new',
    });
    expect(stored.pk).toBe(`VALUATION#${stored.id}`);
    expect(stored.gsi2sk).toBe(stored.createdAt);
    expect(stored.imageKeys).toEqual([`valuations/${stored.id}/1.jpg`, `valuations/${stored.id}/2.png`]);
    for (const key of stored.imageKeys as string[]) expect(await exists(key)).toBe(true);
    for (const u of uploads) expect(await exists(u.key)).toBe(false);
    const moved = await s3.send(new GetObjectCommand({ Bucket: privateBucket(), Key: `valuations/${stored.id}/2.png` }));
    expect(moved.ContentType).toBe('image/png');
    expect(Buffer.from(await moved.Body!.transformToByteArray()).equals(b)).toBe(true);

    const [toStaff] = await waitForMail(mailDir, { to: SUPPORT_INBOX });
    expect(toStaff.replyTo).toContain('val.requester@example.com');
    expect(toStaff.subject).toBe('Valuation request: 2019 DAF XF 480 (Val Requester)');
    expect(toStaff.text).toContain('Photos: 2 photos');
    expect(toStaff.text).toContain('Phone: 07700 900456');
    const [toRequester] = await waitForMail(mailDir, { to: 'val.requester@example.com' });
    expect(toRequester.subject).toBe("We've received your valuation request");
    expect(toRequester.text).toContain('The TruckYard team has it and will reply within 24–48 hours.');
    expect(toRequester.text).not.toMatch(/dealer/i);
    expect(await listMail(mailDir)).toHaveLength(2);
  });

  it('refuses a non-image renamed .jpg with 415, deletes it, and stores and sends nothing', async () => {
    const before = (await storedValuations()).length;
    const fake = Buffer.from('This is a text file pretending to be a photo.\n'.repeat(20));
    const { uploads } = await presign([{ name: 'photo.jpg', type: 'image/jpeg', size: fake.length }]);
    await postToS3(uploads[0], fake, 'photo.jpg');

    const res = await call('/api/valuations', { ...validRequest, imageKeys: [uploads[0].key] });

    expect(res.status).toBe(415);
    expect(res.body.error?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await exists(uploads[0].key)).toBe(false);
    expect(await storedValuations()).toHaveLength(before);
    expect(await listMail(mailDir)).toHaveLength(0);
  });

  it('refuses keys it did not issue with 403', async () => {
    const res = await call('/api/valuations', { ...validRequest, imageKeys: ['listings/01JABCDEFGHJKMNPQRSTVWXYZ0'] });

    expect(res.status).toBe(403);
    expect(await listMail(mailDir)).toHaveLength(0);
  });

  it('answers a filled honeypot like a success and stores and sends nothing', async () => {
    const before = (await storedValuations()).length;

    const res = await call('/api/valuations', { ...validRequest, website: 'https://spam.example' });

    expect(res.status).toBe(202);
    expect(res.body.status).toBe('received');
    expect(await storedValuations()).toHaveLength(before);
    expect(await listMail(mailDir)).toHaveLength(0);
  });

  it('answers invalid input with 400 naming each field', async () => {
    const res = await call('/api/valuations', { ...validRequest, model: ' ', contactEmail: 'nope', age: 'old' });

    expect(res.status).toBe(400);
    const error = res.body.error as { code: string; details: { fields: Array<{ path: string; message: string }> } };
    expect(error.code).toBe('VALIDATION');
    expect(error.details.fields).toEqual(
      expect.arrayContaining([
        { path: 'model', message: 'Model is required' },
        { path: 'contactEmail', message: 'Please enter a valid email address' },
        { path: 'age', message: 'Enter the year as a number, e.g. 2019' },
      ]),
    );
  });
});
