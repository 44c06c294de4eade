import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DescribeTableCommand, DescribeTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GSIS, TTL_ATTRIBUTE } from '../../functions/src/adapters/dynamodb/table.js';
import { s3 } from '../../functions/src/adapters/s3/client.js';
import { queueUrlEnvVar } from '../../functions/src/adapters/queues/sender.js';
import { queues } from '../../functions/src/queues.js';
import type { RouteDef } from '../../functions/src/routes.js';
import { authorize, createAuthorizerVerifier } from '../api-gateway.js';
import { type ApiServer, startApiServer } from '../api-server.js';
import { makeDynamoClient } from '../stand-ins/dynamodb-local.js';
import { LONG_TEXT } from './fixtures/body-handler.js';
import { type TestApi, type TestUser, createTestUser, startTestApi, testMailDir } from './harness.js';
import { waitForMail } from '../mail/store.test-support.js';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const testRoutes: RouteDef[] = [
  { id: 'WhoAmI', method: 'GET', path: '/api/_test/whoami/{id}', handler: fixture('whoami-handler.ts'), auth: 'user', access: {} },
  { id: 'AdminOnly', method: 'GET', path: '/api/_test/admin', handler: fixture('admin-handler.ts'), auth: 'admin', access: {} },
  {
    id: 'Misbehaving',
    method: 'GET',
    path: '/api/_test/fail/{how}',
    handler: fixture('misbehaving-handler.ts'),
    auth: 'public',
    access: {},
    timeoutSeconds: 1,
  },
  { id: 'Body', method: 'GET', path: '/api/_test/body/{kind}', handler: fixture('body-handler.ts'), auth: 'public', access: {} },
];

/** Flips one character in the token's payload: the signature no longer matches. */
function forge(token: string): string {
  const [h, p, s] = token.split('.');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  claims['cognito:groups'] = ['super_admins'];
  return [h, Buffer.from(JSON.stringify(claims)).toString('base64url'), s].join('.');
}

describe('the local cloud for integration tests', () => {
  let api: TestApi;
  let user: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    api = await startTestApi({ tablePrefix: 'harness' });
    [user, admin] = await Promise.all([createTestUser(), createTestUser({ groups: ['admins', 'super_admins'] })]);
  });
  afterAll(() => api?.close());

  it('hands the handler environment to test files', () => {
    const env = inject('localCloudEnv');
    expect(env.MAIL_TRANSPORT).toBe('smtp');
    expect(process.env.AWS_ENDPOINT_URL_DYNAMODB).toBe(env.AWS_ENDPOINT_URL_DYNAMODB);
    expect(process.env.TABLE_NAME).toBe(api.tableName);
    expect(env.COGNITO_ISSUER).toMatch(/^http:\/\/localhost:\d+\/local_/);
  });

  it('creates a fresh table per file with the GSIs and TTL of table.ts', async () => {
    const ddb = makeDynamoClient(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
    const { Table } = await ddb.send(new DescribeTableCommand({ TableName: api.tableName }));
    const ttl = await ddb.send(new DescribeTimeToLiveCommand({ TableName: api.tableName }));
    ddb.destroy();

    expect(Table?.KeySchema?.map((k) => k.AttributeName)).toEqual(['pk', 'sk']);
    expect(Table?.GlobalSecondaryIndexes?.map((g) => g.IndexName).sort()).toEqual(GSIS.map((g) => g.indexName).sort());
    for (const g of Table?.GlobalSecondaryIndexes ?? []) {
      const def = GSIS.find((d) => d.indexName === g.IndexName)!;
      expect(g.KeySchema?.map((k) => k.AttributeName)).toEqual([def.partitionKey, def.sortKey]);
    }
    expect(ttl.TimeToLiveDescription?.AttributeName).toBe(TTL_ATTRIBUTE);
  });

  it('round-trips objects through s3rver with the functions S3 adapter, buffers and streams alike', async () => {
    const bucket = process.env.BUCKET_TRUCK_IMAGES!;
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'harness/a.txt', Body: Buffer.from('hello'), ContentType: 'text/plain' }));
    await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: 'harness/b.txt', Body: Readable.from([Buffer.from('streamed')]), ContentLength: 8 }),
    );

    const a = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'harness/a.txt' }));
    const b = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'harness/b.txt' }));
    expect(await a.Body?.transformToString()).toBe('hello');
    expect(a.ContentType).toBe('text/plain');
    expect(await b.Body?.transformToString()).toBe('streamed');
  });

  it('serves the truck-images bucket under /images like CloudFront, with ETag revalidation and 404s', async () => {
    const body = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3]);
    await s3.send(
      new PutObjectCommand({
        Bucket: process.env.BUCKET_TRUCK_IMAGES!,
        Key: 'listings/x/1.webp',
        Body: body,
        ContentType: 'image/webp',
        CacheControl: 'public, max-age=3600',
      }),
    );

    const res = await fetch(`${api.baseUrl}/images/listings/x/1.webp`);
    const again = await fetch(`${api.baseUrl}/images/listings/x/1.webp`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    const missing = await fetch(`${api.baseUrl}/images/listings/x/nope.webp`);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(body);
    expect(again.status).toBe(304);
    expect(missing.status).toBe(404);
  });

  it("sends queue work through SQS: this server's SQS endpoint, and each queue's URL as the template gives it", () => {
    expect(process.env.AWS_ENDPOINT_URL_SQS).toBe(`${api.baseUrl}/_aws/sqs`);
    for (const q of queues) expect(process.env[queueUrlEnvVar(q.id)], q.id).toBe(`${api.baseUrl}/_aws/sqs/000000000000/${q.id}-queue`);
  });

  it("publishes events through EventBridge: this server's EventBridge endpoint, and the bus name the template gives the functions", () => {
    expect(process.env.AWS_ENDPOINT_URL_EVENTBRIDGE).toBe(`${api.baseUrl}/_aws/events`);
    // The Data stack's bus, by its local name (the one the local cloud's functions get too).
    expect(process.env.EVENT_BUS_NAME).toBe('truckyard-local');
    expect(process.env.EVENT_BUS_MODE).toBeUndefined();
  });

  it('answers SQS calls as SQS does: a queue the template does not define does not exist', async () => {
    const sqs = new SQSClient({ region: process.env.AWS_REGION, endpoint: process.env.AWS_ENDPOINT_URL_SQS });
    try {
      const send = sqs.send(new SendMessageCommand({ QueueUrl: `${api.baseUrl}/_aws/sqs/000000000000/nowhere-queue`, MessageBody: '{}' }));
      await expect(send).rejects.toMatchObject({ name: 'QueueDoesNotExist', $metadata: { httpStatusCode: 400 } });
    } finally {
      sqs.destroy();
    }
  });

  it('lets a valid access token through the authorizer with claims stringified as API Gateway does', async () => {
    const verify = createAuthorizerVerifier(process.env);
    const result = await authorize({ authorization: `Bearer ${admin.accessToken}` }, verify);

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.claims.sub).toBe(admin.userId);
    expect(result.claims['cognito:groups']).toBe('[admins super_admins]');
    expect(result.claims.exp).toMatch(/^\d+$/);
    expect(result.claims.token_use).toBe('access');
  });

  it('rejects missing, forged and ID tokens at the authorizer', async () => {
    const verify = createAuthorizerVerifier(process.env);
    expect((await authorize({}, verify)).ok).toBe(false);
    expect((await authorize({ authorization: `Bearer ${forge(user.accessToken)}` }, verify)).ok).toBe(false);
    expect((await authorize({ authorization: `Bearer ${user.idToken}` }, verify)).ok).toBe(false);
    expect((await authorize({ authorization: 'Bearer not-a-jwt' }, verify)).ok).toBe(false);
  });

  describe('the API server in front of a user route and an admin route', () => {
    let server: ApiServer;
    beforeAll(async () => {
      server = await startApiServer({ port: 0, env: inject('localCloudEnv'), routes: testRoutes });
      process.env.TABLE_NAME = api.tableName;
    });
    afterAll(() => server?.close());

    it('runs the handler with the verified caller, path and query parameters', async () => {
      const res = await fetch(`${server.url}/api/_test/whoami/abc%20d?make=DAF&make=Volvo`, {
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      const body = await res.json();

      expect(res.status).toBe(200);
      expect(body.caller).toMatchObject({ kind: 'user', userId: user.userId, isAdmin: false });
      expect(body.routeKey).toBe('GET /api/_test/whoami/{id}');
      expect(body.pathParameters).toEqual({ id: 'abc d' });
      expect(body.queryStringParameters).toEqual({ make: 'DAF,Volvo' });
      expect(typeof body.claims.exp).toBe('string');
    });

    it('answers 401 Unauthorized before the handler for a missing or forged token', async () => {
      const missing = await fetch(`${server.url}/api/_test/whoami/1`);
      const forged = await fetch(`${server.url}/api/_test/whoami/1`, { headers: { authorization: `Bearer ${forge(user.accessToken)}` } });

      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({ message: 'Unauthorized' });
      expect(forged.status).toBe(401);
    });

    it('lets the handler tell admins from other users by the stringified groups claim', async () => {
      const asUser = await fetch(`${server.url}/api/_test/admin`, { headers: { authorization: `Bearer ${user.accessToken}` } });
      const asAdmin = await fetch(`${server.url}/api/_test/admin`, { headers: { authorization: `Bearer ${admin.accessToken}` } });

      expect(asUser.status).toBe(403);
      expect(asAdmin.status).toBe(200);
      expect((await asAdmin.json()).caller).toMatchObject({ isAdmin: true, isSuperAdmin: true });
    });

    it('answers 500 like API Gateway when a handler throws or outlives its Lambda timeout', async () => {
      const started = Date.now();
      const [threw, hung] = await Promise.all([fetch(`${server.url}/api/_test/fail/throw`), fetch(`${server.url}/api/_test/fail/hang`)]);

      expect(threw.status).toBe(500);
      expect(await threw.json()).toEqual({ message: 'Internal Server Error' });
      expect(hung.status).toBe(500);
      expect(Date.now() - started).toBeLessThan(2500);
    });

    it('writes a text body as UTF-8, whole or compressed as CloudFront would, and a base64 body as its bytes', async () => {
      const plain = await fetch(`${server.url}/api/_test/body/json`, { headers: { 'accept-encoding': 'identity' } });
      const gzip = await fetch(`${server.url}/api/_test/body/json`, { headers: { 'accept-encoding': 'gzip' } });
      const png = await fetch(`${server.url}/api/_test/body/png`);

      expect(plain.headers.get('content-encoding')).toBeNull();
      const bytes = Buffer.from(await plain.arrayBuffer());
      expect(bytes.length).toBe(Buffer.byteLength(LONG_TEXT));
      expect(bytes.toString('utf8')).toBe(LONG_TEXT);
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(await gzip.text()).toBe(LONG_TEXT);
      expect([...new Uint8Array(await png.arrayBuffer())]).toEqual([0, 1, 254, 255]);
    });

    it('answers 404 Not Found for routes that do not exist', async () => {
      const res = await fetch(`${server.url}/api/_test/nothing-here`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not Found' });
    });
  });

  it('catches mail sent to SMTP_PORT and lists it in the /_dev/mail inbox', async () => {
    const to = `harness-${Date.now()}@example.test`;
    const transport = nodemailer.createTransport({ host: process.env.SMTP_HOST, port: Number(process.env.SMTP_PORT), secure: false });
    await transport.sendMail({ from: 'a@example.test', to, subject: 'Hello from the harness', text: 'hi' });
    transport.close();

    const [mail] = await waitForMail(testMailDir(), { to, count: 1, timeoutMs: 5000 });
    const inbox = await (await fetch(`${api.baseUrl}/_dev/mail/api/messages?to=${encodeURIComponent(to)}`)).json();

    expect(mail.subject).toBe('Hello from the harness');
    expect(inbox.messages.map((m: { id: string }) => m.id)).toEqual([mail.id]);
  });

  it('reports healthy when every stand-in answers', async () => {
    const res = await fetch(`${api.baseUrl}/_dev/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, checks: { dynamodb: 'ok', s3: 'ok', cognito: 'ok' } });
  });

  it('serves the web app with SPA fallback, long-cached assets and compression', async () => {
    const webDir = mkdtempSync(path.join(os.tmpdir(), 'web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>T</title>');
    writeFileSync(path.join(webDir, 'assets', 'app-123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
    const server = await startApiServer({ port: 0, env: inject('localCloudEnv'), routes: [], webDir });
    try {
      const deep = await fetch(`${server.url}/trucks/some-listing`);
      const asset = await fetch(`${server.url}/assets/app-123.js`, { headers: { 'accept-encoding': 'br' } });
      const missingAsset = await fetch(`${server.url}/assets/gone.js`);

      expect(deep.status).toBe(200);
      expect(await deep.text()).toContain('<title>T</title>');
      expect(deep.headers.get('cache-control')).toBe('no-cache');
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect(asset.headers.get('content-encoding')).toBe('br');
      expect((await asset.text()).length).toBeGreaterThan(5000);
      expect(missingAsset.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
