import { describe, expect, it } from 'vitest';
import type { JobRunReport, SourceRunReport } from '../../../../shared/schemas/scraper.js';
import { jobRunSource } from './admin-repo.js';

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
    const [row] = await jobRunSource({ recentRuns: async () => [run] }).recent(20);
    // Assess
    expect(row).toEqual({
      jobId: 'scrape',
      startedAt: '2026-11-23T06:15:00Z',
      finishedAt: '2026-11-23T06:20:00Z',
      ok: false,
      summary: '2 sources, 17 pages: 4 new, 2 updated, 4 deactivated; Lorry Mart partial',
    });
  });
});
