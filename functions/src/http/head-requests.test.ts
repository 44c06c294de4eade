import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { notFound } from '../domain/errors.js';
import { routeTo } from './admin/route-to.js';
import { type HttpEvent, httpHandler, json } from './handler.js';

/** An API Gateway (payload 2.0) event for `METHOD path` on the route `routeKey`, as API Gateway builds it. */
function event(method: string, routeKey: string, path: string): HttpEvent {
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      routeKey,
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: 'r1',
    },
  } as unknown as HttpEvent;
}
const context = { awsRequestId: 'r1' } as Context;

describe('HEAD through the shared HTTP handler wrapper', () => {
  it("answers HEAD with the GET's status and headers and no body, and the handler sees the GET", async () => {
    // Prepare
    const seen: string[] = [];
    const handler = httpHandler('public', async ({ event: e }) => {
      seen.push(`${e.requestContext.http.method} ${e.routeKey}`);
      return json(200, { hello: 'world' }, { 'cache-control': 'public, max-age=60', etag: '"abc"' });
    });
    // Act
    const get = await handler(event('GET', 'GET /api/hello', '/api/hello'), context);
    const head = await handler(event('HEAD', 'HEAD /api/hello', '/api/hello'), context);
    // Assess
    expect(seen).toEqual(['GET GET /api/hello', 'GET GET /api/hello']);
    expect(get.body).toBe('{"hello":"world"}');
    expect(head).toEqual({ statusCode: get.statusCode, headers: get.headers });
    expect(head).not.toHaveProperty('body');
  });

  it('drops the body of an error answer too, keeping its status and type', async () => {
    const missing = httpHandler('public', async () => {
      throw notFound('No such thing');
    });
    const broken = httpHandler('public', async () => {
      throw new Error('boom');
    });
    const errors = console.error;
    console.error = () => {};
    try {
      expect(await missing(event('HEAD', 'HEAD /api/thing/{id}', '/api/thing/1'), context)).toEqual({
        statusCode: 404,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      expect(await broken(event('HEAD', 'HEAD /api/thing/{id}', '/api/thing/1'), context)).toMatchObject({ statusCode: 500 });
      expect(await broken(event('HEAD', 'HEAD /api/thing/{id}', '/api/thing/1'), context)).not.toHaveProperty('body');
      // The GET keeps its error body.
      expect((await missing(event('GET', 'GET /api/thing/{id}', '/api/thing/1'), context)).body).toMatch(/No such thing/);
    } finally {
      console.error = errors;
    }
  });

  it('drops a base64 body and its flag (a gzipped sitemap part)', async () => {
    const handler = httpHandler('public', async () => ({
      statusCode: 200,
      headers: { 'content-type': 'application/gzip' },
      body: Buffer.from('gz').toString('base64'),
      isBase64Encoded: true,
    }));
    expect(await handler(event('HEAD', 'HEAD /sitemaps/{file}', '/sitemaps/a.xml.gz'), context)).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'application/gzip' },
    });
  });

  it("routes a HEAD on a router function (one function, several routes) to its GET's operation", async () => {
    // Prepare
    const router = routeTo({
      'GET /api/promotions': httpHandler('public', async () => json(200, { items: [] }, { 'cache-control': 'public, max-age=30' })),
    });
    // Act
    const head = await router(event('HEAD', 'HEAD /api/promotions', '/api/promotions'), context);
    const post = await router(event('POST', 'POST /api/promotions', '/api/promotions'), context);
    // Assess
    expect(head).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=30' },
    });
    expect(post.statusCode).toBe(404);
  });
});
