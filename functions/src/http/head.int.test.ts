import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../../dev/testing/harness.js';
import { listingRecord } from '../domain/listings/test-fixtures.js';

/**
 * HEAD answers GET's status and headers without a body (issue 22 §2), through the rows the local
 * gateway mounts: routes.ts derives a HEAD row from every GET row, and the handler wrapper drops
 * the body. In AWS the same rows become HEAD routes (infra/test/head-routes.test.ts).
 */
let api: TestApi;
let webDir: string;

/** Headers that differ between any two answers (time, request id) or describe the body itself. */
const PER_ANSWER = new Set(['date', 'apigw-requestid', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);
const comparable = (h: Headers) => Object.fromEntries([...h].filter(([name]) => !PER_ANSWER.has(name)));

async function getAndHead(pathname: string) {
  // identity: compare the same representation (CloudFront compresses GET and HEAD alike).
  const headers = { 'accept-encoding': 'identity' };
  const get = await fetch(`${api.baseUrl}${pathname}`, { headers });
  const getBody = await get.text();
  const head = await fetch(`${api.baseUrl}${pathname}`, { method: 'HEAD', headers });
  const headBody = await head.text();
  return { get, getBody, head, headBody };
}

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'truckyard-head-web-'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html lang="en-GB"><head><meta charset="UTF-8" /><title>TruckYard</title></head><body><div id="root"></div></body></html>\n',
  );
  api = await startTestApi({ tablePrefix: 'head', webDir });
  process.env.SITEMAP_S3_PREFIX = `sitemaps-head-${Date.now().toString(36)}/`;
  const { listingsRepo } = await import('../deps.js');
  await listingsRepo(api.tableName).putListing(listingRecord('HEAD1'));
  await (await import('../jobs/build-sitemap.js')).handler();
}, 120_000);
afterAll(async () => {
  await api?.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('HEAD', () => {
  it.each([
    ['an API route', '/api/listings/HEAD1', 200],
    ['an API route of a router function (admin area)', '/api/promotions', 200],
    ['a page', '/truck/HEAD1', 200],
    ['the home page', '/', 200],
    ['the sitemap', '/sitemap.xml', 200],
    ['robots.txt', '/robots.txt', 200],
    ['an unknown page', '/no-such-page/at-all', 404],
    ['an unknown listing', '/api/listings/NOPE', 404],
  ])("answers %s (%s) with GET's status and headers and no body", async (_what, pathname, status) => {
    // Act
    const { get, getBody, head, headBody } = await getAndHead(pathname);
    // Assess
    expect(get.status).toBe(status);
    expect(getBody.length).toBeGreaterThan(0);
    expect(head.status).toBe(status);
    expect(headBody).toBe('');
    expect(comparable(head.headers)).toEqual(comparable(get.headers));
  });

  it('answers 404 for an unknown /api path, as GET does', async () => {
    const { get, head, headBody } = await getAndHead('/api/no-such-endpoint');
    expect([get.status, head.status]).toEqual([404, 404]);
    expect(headBody).toBe('');
  });

  it('asks for a token on a signed-in route, as GET does', async () => {
    const { get, head } = await getAndHead('/api/my-listings');
    expect([get.status, head.status]).toEqual([401, 401]);
  });
});
