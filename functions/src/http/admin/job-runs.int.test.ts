import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, type TestUser, createTestUser, startTestApi } from '../../../../dev/testing/harness.js';
import type { JobRun } from '../../../../shared/schemas/admin.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { batchRunLog } from '../../adapters/dynamodb/job-runs-repo.js';
import { createScraperRepo } from '../../adapters/dynamodb/scraper-repo.js';
import type { AlertsStore } from '../../domain/alerts/ports.js';
import { routes } from '../../routes.js';
import { fanOutDigests } from '../../jobs/alerts/fan-out.js';

/**
 * The admin Jobs panel's one endpoint (issue 24 §4): GET /api/admin/jobs lists the scraper's runs
 * and the alert digests' runs, which the digest job and its queue worker record against the real
 * stand-ins; there is no GET /api/admin/job-runs any more.
 */
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
    errors: [],
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

const get = (path: string, token?: string) =>
  fetch(`${api.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/admin/jobs', () => {
  it("records a digest run through the job and the queue's worker, and lists it beside the scraper's runs", async () => {
    // Prepare: 60 due users (two batches of 50 and 10); none has a schedule, so none is sent anything.
    const due = Array.from({ length: 60 }, (_, i) => `nobody-${i}`);
    const store = { listDueUserIds: async () => due } as unknown as AlertsStore;
    const runs = batchRunLog(ddb, api.tableName);

    // Act: the job's fan-out sends both messages through SQS; the real digest worker takes them.
    const started = await fanOutDigests(store, 'daily', new Date('2026-11-24T07:00:00.000Z'), runs);
    await api.queues.idle();

    // Assess: one finished run of two batches; a redelivered batch is not counted again.
    expect(started).toMatchObject({ users: 60, messages: 2 });
    expect(api.queues.deadLetters).toEqual([]);
    await runs.recordBatch(started.runId, 1, { itemsDone: 10, sent: 0 }, new Date().toISOString());
    expect(await runs.recent(5)).toEqual([
      expect.objectContaining({ jobId: 'alerts-daily', batches: 2, batchesDone: 2, items: 60, itemsDone: 60, sent: 0, failedAttempts: 0 }),
    ]);
    const [run] = await runs.recent(1);
    expect(run.finishedAt).not.toBeNull();

    const res = await get('/api/admin/jobs', admin.accessToken);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: JobRun[] };
    expect(items).toEqual([
      {
        jobId: 'alerts-daily',
        startedAt: '2026-11-24T07:00:00.000Z',
        finishedAt: run.finishedAt,
        ok: true,
        summary: '60 users due in 2 batches: 0 messages sent',
      },
      {
        jobId: 'scrape',
        startedAt: '2026-11-23T12:00:00.000Z',
        finishedAt: '2026-11-23T12:00:30.000Z',
        ok: true,
        summary: '1 sources, 3 pages: 12 new, 0 updated, 0 deactivated',
      },
    ]);
  });

  it('refuses signed-in users who are not staff, and anonymous callers; the old job-runs route is gone', async () => {
    expect((await get('/api/admin/jobs', buyer.accessToken)).status).toBe(403);
    expect((await get('/api/admin/jobs')).status).toBe(401);
    expect(routes.filter((r) => r.path === '/api/admin/job-runs')).toEqual([]);
    expect((await get('/api/admin/job-runs', admin.accessToken)).status).toBe(404);
  });
});
