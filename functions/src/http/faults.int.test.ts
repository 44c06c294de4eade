import net from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, type TestUser, applyLocalCloudEnv, createTestUser, startTestApi } from '../../../dev/testing/harness.js';

/**
 * §6 faults: DynamoDB or S3 going away mid-run. Each is reached through a TCP proxy this file
 * starts, so "stopping" one only cuts this file's handlers off (other files share the stand-ins):
 * requests get a clear 503, nothing is half-written, and everything works again when it is back.
 * (The mail catcher going away is covered by http/mail/outbox.int.test.ts.)
 */
interface Switch {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A TCP proxy to `target` that can refuse connections (stop) and accept them again (start) on the same port. */
async function switchableProxy(target: string): Promise<Switch> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let listenPort = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      const created = net.createServer((client) => {
        const upstream = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server = created;
      created.listen(listenPort, '127.0.0.1', () => {
        listenPort = (created.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await start();
  return {
    url: `http://127.0.0.1:${listenPort}`,
    start,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server?.close(() => resolve());
      }),
  };
}

let api: TestApi;
let seller: TestUser;
let dynamo: Switch;
let s3proxy: Switch;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${api.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${seller.accessToken}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> & { error?: { code: string } } };
}

const sellBody = {
  make: 'daf',
  model: 'CF',
  year: 2018,
  category: 'rigid',
  price: 19000,
  contactName: 'F',
  phone: '07700 900123',
  images: [],
};

beforeAll(async () => {
  const env = applyLocalCloudEnv();
  dynamo = await switchableProxy(env.AWS_ENDPOINT_URL_DYNAMODB);
  s3proxy = await switchableProxy(env.AWS_ENDPOINT_URL_S3);
  // The handlers' SDK clients are made on first use, after this: they reach the stand-ins through the proxies.
  process.env.AWS_ENDPOINT_URL_DYNAMODB = dynamo.url;
  process.env.AWS_ENDPOINT_URL_S3 = s3proxy.url;
  process.env.S3_PUBLIC_ENDPOINT = s3proxy.url;
  api = await startTestApi({ tablePrefix: 'faults' });
  seller = await createTestUser({ name: 'Fault Seller' });
});
afterAll(async () => {
  await api?.close();
  await dynamo?.stop();
  await s3proxy?.stop();
});

describe('DynamoDB stopped mid-run', () => {
  it('answers 503 with a clear message while it is down, writes nothing half, and works again when it is back', async () => {
    const first = await call('POST', '/api/my-listings', sellBody);
    expect(first.status).toBe(201);

    await dynamo.stop();
    const key = `fault-${Date.now()}`;
    const down = await call('POST', '/api/my-listings', sellBody, { 'idempotency-key': key });
    expect(down.status).toBe(503);
    expect(down.body.error).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is temporarily unavailable. Please try again in a moment.',
    });
    expect((await call('GET', `/api/listings/${first.body.id}`)).status).toBe(503);
    expect((await call('GET', '/api/my-listings')).status).toBe(503);

    await dynamo.start();
    const retry = await call('POST', '/api/my-listings', sellBody, { 'idempotency-key': key });
    expect(retry.status).toBe(201);
    expect((await call('POST', '/api/my-listings', sellBody, { 'idempotency-key': key })).body.id).toBe(retry.body.id);
    const mine = (await call('GET', '/api/my-listings')).body.items as Array<{ id: string }>;
    expect(mine.map((l) => l.id).sort()).toEqual([String(first.body.id), String(retry.body.id)].sort());
  });
});

describe('S3 stopped during an upload', () => {
  it('answers 503 and keeps the upload, which completes once S3 is back', async () => {
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .jpeg()
      .toBuffer();
    const presigned = await call('POST', '/api/uploads/listing-images', {
      files: [{ name: 'a.jpg', type: 'image/jpeg', size: jpeg.length }],
    });
    const [upload] = presigned.body.uploads as Array<{ key: string; url: string; fields: Record<string, string> }>;
    const form = new FormData();
    for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'a.jpg');
    expect((await fetch(upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);

    await s3proxy.stop();
    const down = await call('POST', '/api/uploads/listing-images/complete', { keys: [upload.key] });
    expect(down.status).toBe(503);
    expect(down.body.error?.code).toBe('SERVICE_UNAVAILABLE');

    await s3proxy.start();
    const done = await call('POST', '/api/uploads/listing-images/complete', { keys: [upload.key] });
    expect(done.status).toBe(200);
    expect((done.body.images as unknown[]).length).toBe(1);
  });
});
