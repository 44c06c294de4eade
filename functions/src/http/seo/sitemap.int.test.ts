import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, createTestUser, startTestApi } from '../../../../dev/testing/harness.js';
import { listingRecord } from '../../domain/listings/test-fixtures.js';

/**
 * The sitemap is built into S3 by a job and after listing changes, and served from there: an
 * index plus gzip parts of at most SITEMAP_URLS_PER_PART URLs (3 here, 50,000 in production).
 */
let api: TestApi;

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString();

async function getIndex() {
  const res = await fetch(`${api.baseUrl}/sitemap.xml`);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function listingLocs(): Promise<string[]> {
  const index = await getIndex();
  expect(index.status).toBe(200);
  const parts = locsOf(index.text).filter((l) => l.includes('/sitemaps/listings-'));
  const all: string[] = [];
  for (const loc of parts) {
    const res = await fetch(loc);
    expect(res.status).toBe(200);
    const urls = locsOf(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'));
    expect(urls.length).toBeLessThanOrEqual(3);
    all.push(...urls);
  }
  return all;
}

const runJob = async () => (await import('../../jobs/build-sitemap.js')).handler();
const onChange = async () =>
  (await import('../../events/sitemap-on-listing-change.js')).handler({
    'detail-type': 'listing.deleted',
    detail: { listingId: 'L1', userId: 'U1', deletedAt: new Date().toISOString() },
  });

beforeAll(async () => {
  process.env.SITEMAP_URLS_PER_PART = '3';
  // Files run in parallel and share the bucket: this one's sitemap lives under its own prefix.
  process.env.SITEMAP_S3_PREFIX = `sitemaps-test-${Date.now().toString(36)}/`;
  api = await startTestApi({ tablePrefix: 'sitemap' });
});
afterAll(async () => {
  delete process.env.SITEMAP_URLS_PER_PART;
  await api?.close();
});

describe('sitemap built into S3', () => {
  it('answers 503 before the first build, then serves an index and gzip parts of at most the limit', async () => {
    const before = await getIndex();
    expect(before.status).toBe(503);
    expect(JSON.parse(before.text).error.code).toBe('SERVICE_UNAVAILABLE');

    const { listingsRepo } = await import('../../deps.js');
    await listingsRepo(api.tableName).putListingsBatch([
      ...Array.from({ length: 7 }, (_, i) => listingRecord(`SM${i}`, { updatedAt: at(i) })),
      listingRecord('SMOFF', { status: 'inactive' }),
    ]);
    expect(await runJob()).toMatchObject({ built: true, parts: 4 });

    const index = await getIndex();
    expect(index.headers.get('cache-control')).toBe('public, max-age=900');
    expect(locsOf(index.text)).toEqual([
      `${api.baseUrl}/sitemaps/pages.xml.gz`,
      `${api.baseUrl}/sitemaps/listings-1.xml.gz`,
      `${api.baseUrl}/sitemaps/listings-2.xml.gz`,
      `${api.baseUrl}/sitemaps/listings-3.xml.gz`,
    ]);
    const part = await fetch(`${api.baseUrl}/sitemaps/listings-1.xml.gz`);
    expect(part.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await listingLocs()).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `${api.baseUrl}/truck/SM${i}`));
    expect((await fetch(`${api.baseUrl}/sitemaps/secret.txt`)).status).toBe(404);
    expect((await fetch(`${api.baseUrl}/sitemaps/listings-9.xml.gz`)).status).toBe(404);
  });

  it('reads nothing from the table per request', async () => {
    const table = process.env.TABLE_NAME;
    process.env.TABLE_NAME = 'no-such-table';
    try {
      expect((await getIndex()).status).toBe(200);
      expect((await fetch(`${api.baseUrl}/sitemaps/listings-1.xml.gz`)).status).toBe(200);
    } finally {
      process.env.TABLE_NAME = table;
    }
  });

  it('does not rebuild on schedule when nothing changed', async () => {
    expect(await runJob()).toEqual({ built: false });
  });

  it('rebuilds on the first listing change of an interval, marks later ones for the job, and drops parts no longer needed', async () => {
    const { listingsRepo } = await import('../../deps.js');
    const repo = listingsRepo(api.tableName);
    for (const id of ['SM0', 'SM1', 'SM2', 'SM3']) await repo.deleteListing(id);
    expect(await onChange()).toEqual({ outcome: 'built' });
    expect(await listingLocs()).toEqual([6, 5, 4].map((i) => `${api.baseUrl}/truck/SM${i}`));
    expect((await fetch(`${api.baseUrl}/sitemaps/listings-2.xml.gz`)).status).toBe(404);

    await repo.deleteListing('SM4');
    expect(await onChange()).toEqual({ outcome: 'deferred' });
    expect(await listingLocs()).toContain(`${api.baseUrl}/truck/SM4`);
    expect(await runJob()).toMatchObject({ built: true });
    expect(await listingLocs()).not.toContain(`${api.baseUrl}/truck/SM4`);
  });

  it('is rebuilt through the event bus when a seller lists a truck (events.ts subscription)', async () => {
    const seller = await createTestUser({ name: 'Sitemap Seller' });
    // Let the debounce window pass: pretend the last claim was long ago.
    const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    const { DynamoDBDocumentClient, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
    await ddb.send(
      new UpdateCommand({
        TableName: api.tableName,
        Key: { pk: 'SITEMAP', sk: 'STATE' },
        UpdateExpression: 'SET eventBuildAt = :old',
        ExpressionAttributeValues: { ':old': '2000-01-01T00:00:00.000Z' },
      }),
    );
    ddb.destroy();
    const res = await fetch(`${api.baseUrl}/api/my-listings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.accessToken}` },
      body: JSON.stringify({
        make: 'daf',
        model: 'XF',
        year: 2020,
        category: 'articulated',
        price: 30000,
        contactName: 'S',
        phone: '07700 900111',
        images: [],
      }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await api.server.bus.idle();
    expect(await listingLocs()).toContain(`${api.baseUrl}/truck/${id}`);
  });
});
