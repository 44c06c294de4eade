import { describe, expect, it } from 'vitest';
import type { JobRunReport, SourceRunReport } from '../../../../shared/schemas/scraper.js';
import type { BatchRun } from '../../domain/jobs/job-runs.js';
import { jobRunSource } from './job-run-source.js';

const source = (over: Partial<SourceRunReport>): SourceRunReport => ({
  sourceId: 's',
  sourceName: 'Site',
  status: 'succeeded',
  pagesFetched: 0,
  pagesNotModified: 0,
  listingsParsed: 0,
  new: 0,
  updated: 0,
  reactivated: 0,
  deactivated: 0,
  skippedByRobots: 0,
  imagesCopied: 0,
  errors: [],
  startedAt: '2026-11-23T06:15:00Z',
  finishedAt: '2026-11-23T06:20:00Z',
  ...over,
});

describe('the admin Jobs panel over the scraper run reports', () => {
  it("totals a run's sources and names the ones that did not succeed", async () => {
    // Prepare
    const run: JobRunReport = {
      id: 'r1',
      job: 'scrape',
      startedAt: '2026-11-23T06:15:00Z',
      finishedAt: '2026-11-23T06:20:00Z',
      status: 'completed',
      sources: [
        source({ sourceName: 'Truck Finder', pagesFetched: 12, new: 3, updated: 2 }),
        source({ sourceName: 'Lorry Mart', status: 'partial', pagesFetched: 5, new: 1, deactivated: 4 }),
      ],
      newListingIds: [],
    };
    // Act
    const [row] = await jobRunSource({ recentRuns: async () => [run] }, { recent: async () => [] }).recent(20);
    // Assess
    expect(row).toEqual({
      jobId: 'scrape',
      startedAt: '2026-11-23T06:15:00Z',
      finishedAt: '2026-11-23T06:20:00Z',
      ok: false,
      summary: '2 sources, 17 pages: 4 new, 2 updated, 4 deactivated; Lorry Mart partial',
    });
  });

  it("lists the alert digests' runs beside the scraper's, newest first, each with its progress", async () => {
    // Prepare: a scraper run between a finished daily digest run and a weekly one still running.
    const scrape: JobRunReport = {
      id: 'r2',
      job: 'scrape',
      startedAt: '2026-11-23T06:15:00Z',
      finishedAt: '2026-11-23T06:16:00Z',
      status: 'completed',
      sources: [source({})],
      newListingIds: [],
    };
    const digest = (over: Partial<BatchRun>): BatchRun => ({
      runId: 'x',
      jobId: 'alerts-daily',
      startedAt: '2026-11-23T07:00:00.000Z',
      finishedAt: '2026-11-23T07:00:09.000Z',
      batches: 2,
      batchesDone: 2,
      items: 60,
      itemsDone: 60,
      sent: 41,
      failedAttempts: 0,
      ...over,
    });
    const batchRuns = [
      digest({ jobId: 'alerts-weekly', startedAt: '2026-11-24T07:00:00.000Z', finishedAt: null, batchesDone: 1, failedAttempts: 1 }),
      digest({ startedAt: '2026-11-22T07:00:00.000Z' }),
    ];

    // Act
    const rows = await jobRunSource({ recentRuns: async () => [scrape] }, { recent: async () => batchRuns }).recent(20);

    // Assess
    expect(rows).toEqual([
      {
        jobId: 'alerts-weekly',
        startedAt: '2026-11-24T07:00:00.000Z',
        finishedAt: null,
        ok: false,
        summary: 'running, 1 of 2 batches done; 60 users due in 2 batches: 41 messages sent; 1 failed attempt (retried)',
      },
      expect.objectContaining({ jobId: 'scrape' }),
      {
        jobId: 'alerts-daily',
        startedAt: '2026-11-22T07:00:00.000Z',
        finishedAt: '2026-11-23T07:00:09.000Z',
        ok: true,
        summary: '60 users due in 2 batches: 41 messages sent',
      },
    ]);
  });
});
