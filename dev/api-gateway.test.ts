import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../functions/src/routes.js';
import { routes } from '../functions/src/routes.js';
import { authorize, buildHttpEvent, createRouter, toHttpResponse } from './api-gateway.js';

const row = (method: RouteDef['method'], path: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  id: `${method}${path}`,
  method,
  path,
  handler: 'x.ts',
  auth: 'public',
  access: {},
  ...extra,
});

const request = (method: string, url: string, headers: Record<string, string> = {}, body = '') => ({
  method,
  url,
  headers,
  body: Buffer.from(body),
  sourceIp: '127.0.0.1',
});

describe('route matching', () => {
  const match = createRouter([
    row('GET', '/api/listings'),
    row('GET', '/api/listings/{id}'),
    row('GET', '/api/listings/latest'),
    row('POST', '/api/listings'),
    row('GET', '/api/files/{proxy+}'),
    row('GET', '/api/{area}/special'),
  ]);

  it('prefers a literal segment over a path parameter, whatever the row order', () => {
    expect(match('GET', '/api/listings/latest')?.compiled.routeKey).toBe('GET /api/listings/latest');
    expect(match('GET', '/api/listings/L123')?.compiled.routeKey).toBe('GET /api/listings/{id}');
  });

  it('extracts URL-decoded path parameters, greedy ones across slashes', () => {
    expect(match('GET', '/api/listings/a%20b')?.pathParameters).toEqual({ id: 'a b' });
    expect(match('GET', '/api/files/x/y/z.jpg')?.pathParameters).toEqual({ proxy: 'x/y/z.jpg' });
  });

  it('matches on the method as well as the path', () => {
    expect(match('POST', '/api/listings')?.compiled.routeKey).toBe('POST /api/listings');
    expect(match('DELETE', '/api/listings')).toBeNull();
    expect(match('GET', '/api/nothing')).toBeNull();
  });

  it('mounts every routes.ts row at its own path', () => {
    const real = createRouter(routes);
    for (const r of routes) {
      const concrete = r.path.replace(/\{(\w+)\+?\}/g, 'sample');
      const found = real(r.method, concrete);
      const samePath = routes.filter((o) => o.method === r.method && o.path === concrete);
      expect(found?.compiled.route.id).toBe(samePath[0]?.id ?? r.id);
    }
  });
});

describe('API Gateway payload 2.0 events', () => {
  const match = createRouter([
    row('GET', '/api/listings/{id}'),
    row('POST', '/api/webhooks/stripe', { rawBody: true }),
    row('POST', '/api/x'),
  ]);

  it('carries the route key, raw path and query, and comma-joins repeated query keys', () => {
    const m = match('GET', '/api/listings/L1')!;
    const event = buildHttpEvent(request('GET', '/api/listings/L1?make=DAF&make=Volvo&q=a%20b', { 'User-Agent': 'UA' }), m);

    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('GET /api/listings/{id}');
    expect(event.rawPath).toBe('/api/listings/L1');
    expect(event.rawQueryString).toBe('make=DAF&make=Volvo&q=a%20b');
    expect(event.queryStringParameters).toEqual({ make: 'DAF,Volvo', q: 'a b' });
    expect(event.pathParameters).toEqual({ id: 'L1' });
    expect(event.headers['user-agent']).toBe('UA');
    expect(event.requestContext.http).toMatchObject({ method: 'GET', path: '/api/listings/L1', sourceIp: '127.0.0.1', userAgent: 'UA' });
    expect(event.body).toBeUndefined();
  });

  it('moves cookies out of the headers into `cookies`', () => {
    const event = buildHttpEvent(request('GET', '/api/listings/L1', { cookie: 'a=1; b=2' }), match('GET', '/api/listings/L1')!);
    expect(event.cookies).toEqual(['a=1', 'b=2']);
    expect(event.headers.cookie).toBeUndefined();
  });

  it('passes JSON bodies as text and webhook (rawBody) bodies as base64 of the exact bytes', () => {
    const json = buildHttpEvent(request('POST', '/api/x', { 'content-type': 'application/json' }, '{"a":1}'), match('POST', '/api/x')!);
    const raw = buildHttpEvent(
      request('POST', '/api/webhooks/stripe', { 'content-type': 'application/json' }, '{"id": "evt_1"}'),
      match('POST', '/api/webhooks/stripe')!,
    );

    expect(json).toMatchObject({ body: '{"a":1}', isBase64Encoded: false });
    expect(raw.isBase64Encoded).toBe(true);
    expect(Buffer.from(raw.body!, 'base64').toString()).toBe('{"id": "evt_1"}');
  });

  it('base64-encodes binary content types', () => {
    const event = buildHttpEvent(request('POST', '/api/x', { 'content-type': 'image/png' }, '\u0089PNG'), match('POST', '/api/x')!);
    expect(event.isBase64Encoded).toBe(true);
  });

  it('parses no query string as undefined', () => {
    expect(buildHttpEvent(request('POST', '/api/x'), match('POST', '/api/x')!).queryStringParameters).toBeUndefined();
  });
});

/** The claims the authorizer hands the Lambda for a token whose payload is `payload`. */
async function stringifyClaims(payload: Record<string, unknown>): Promise<Record<string, string>> {
  const result = await authorize({ authorization: 'Bearer t' }, async () => payload);
  if (!result.ok) throw new Error('the authorizer refused the token');
  return result.claims;
}

describe('JWT authorizer claims', () => {
  it('stringifies claims the way API Gateway hands them to the Lambda', async () => {
    expect(
      await stringifyClaims({
        sub: 'u1',
        'cognito:groups': ['admins', 'super_admins'],
        exp: 1700000000,
        email_verified: true,
        nested: { b: 2, a: 'x' },
      }),
    ).toEqual({
      sub: 'u1',
      'cognito:groups': '[admins super_admins]',
      exp: '1700000000',
      email_verified: 'true',
      nested: 'map[a:x b:2]',
    });
  });

  it('turns every claim value into a string', async () => {
    await fc.assert(fc.asyncProperty(fc.jsonValue(), async (v) => typeof (await stringifyClaims({ claim: v })).claim === 'string'));
  });

  it('rejects a missing header without calling the verifier, and accepts tokens with or without "Bearer "', async () => {
    const seen: string[] = [];
    const verify = async (t: string) => {
      seen.push(t);
      if (t !== 'good') throw new Error('bad');
      return { sub: 's', scope: 'aws.cognito.signin.user.admin' };
    };

    expect(await authorize({}, verify)).toEqual({ ok: false });
    expect(await authorize({ authorization: 'Bearer good' }, verify)).toEqual({
      ok: true,
      claims: { sub: 's', scope: 'aws.cognito.signin.user.admin' },
      scopes: ['aws.cognito.signin.user.admin'],
    });
    expect((await authorize({ authorization: 'good' }, verify)).ok).toBe(true);
    expect((await authorize({ authorization: 'Bearer bad' }, verify)).ok).toBe(false);
    expect(seen).toEqual(['good', 'good', 'bad']);
  });
});

describe('Lambda results', () => {
  it('decodes base64 bodies and lower-cases headers', () => {
    const res = toHttpResponse({ statusCode: 201, headers: { 'Content-Type': 'image/png' }, body: 'AAE=', isBase64Encoded: true });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toBe('image/png');
    expect([...res.body]).toEqual([0, 1]);
  });

  it('turns cookies into Set-Cookie headers', () => {
    expect(toHttpResponse({ statusCode: 200, cookies: ['a=1', 'b=2'] }).headers['set-cookie']).toEqual(['a=1', 'b=2']);
  });

  it('answers 200 JSON for a result without a status code, as API Gateway infers', () => {
    const res = toHttpResponse({ hello: 'world' });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ hello: 'world' });
  });
});
