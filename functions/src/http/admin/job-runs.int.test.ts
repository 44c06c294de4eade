import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, type TestUser, createTestUser, startTestApi } from '../../../../dev/testing/harness.js';
import type { JobRunsResponse } from '../../../../shared/schemas/scraper.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { createScraperRepo } from '../../adapters/dynamodb/scraper-repo.js';

let api: TestApi;
let admin: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'jobruns' });
  [admin, buyer] = await Promise.all([createTestUser({ groups: ['admins'] }), createTestUser()]);
  const repo = createScraperRepo({ ddb, tableName: api.tableName });
  await repo.startRun({
    runId: '20261123T120000Z-aaaaaa',
    startedAt: '2026-11-23T12:00:00.000Z',
    sources: [{ id: 'truckhub', name: 'truckhub.test' }],
  });
  await repo.claimStep('20261123T120000Z-aaaaaa', 'truckhub', 0);
  await repo.recordChunk('20261123T120000Z-aaaaaa', 'truckhub', {
    step: 0,
    counts: {
      pagesFetched: 3,
      pagesNotModified: 0,
      listingsParsed: 12,
      new: 12,
      updated: 0,
      reactivated: 0,
      skippedByRobots: 1,
      imagesCopied: 11,
      pageErrors: 0,
    },
    errors: ['http://x/private: skipped, robots.txt disallows /private'],
    seenExternalIds: ['TH-1001'],
    newListingIds: ['scraped-truckhub-abc'],
  });
  await repo.finishSource('20261123T120000Z-aaaaaa', 'truckhub', {
    status: 'succeeded',
    deactivated: 0,
    errors: [],
    finishedAt: '2026-11-23T12:00:30.000Z',
  });
}, 60_000);

afterAll(() => api?.close());

const get = (token?: string) => fetch(`${api.baseUrl}/api/admin/job-runs`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/admin/job-runs', () => {
  it('gives admins the latest runs with each source report', async () => {
    // Act
    const res = await get(admin.accessToken);

    // Assess
    expect(res.status).toBe(200);
    const body = (await res.json()) as JobRunsResponse;
    expect(body.runs[0]).toMatchObject({
      id: '20261123T120000Z-aaaaaa',
      status: 'completed',
      finishedAt: '2026-11-23T12:00:30.000Z',
      newListingIds: ['scraped-truckhub-abc'],
      sources: [
        {
          sourceId: 'truckhub',
          status: 'succeeded',
          pagesFetched: 3,
          listingsParsed: 12,
          new: 12,
          skippedByRobots: 1,
          errors: [expect.stringMatching(/robots/)],
        },
      ],
    });
  });

  it('refuses signed-in users who are not staff, and anonymous callers', async () => {
    expect((await get(buyer.accessToken)).status).toBe(403);
    expect((await get()).status).toBe(401);
  });
});
