/**
 * Scraper run reports as the scraper's repository keeps them (issue 12). The admin area's Jobs panel
 * (GET /api/admin/jobs) shows one line per run, totalled over its sources.
 */
export type SourceRunStatus = 'running' | 'succeeded' | 'partial' | 'failed' | 'blocked';

export interface SourceRunReport {
  sourceId: string;
  /** The site's name as buyers see it (the scraped listing's source). */
  sourceName: string;
  /**
   * succeeded: every page answered; partial: some pages failed (listed in errors); failed: no page
   * could be read; blocked: robots.txt forbids the site (or could not be read). Only succeeded runs
   * count towards making absent listings inactive.
   */
  status: SourceRunStatus;
  pagesFetched: number;
  /** Of pagesFetched: answered 304 Not Modified to a conditional GET. */
  pagesNotModified: number;
  listingsParsed: number;
  new: number;
  updated: number;
  /** Seen again after being inactive. */
  reactivated: number;
  deactivated: number;
  /** Pages and photos robots.txt did not let us fetch. */
  skippedByRobots: number;
  imagesCopied: number;
  /** Each failure with its reason: '<url>: timed out after 10000 ms', '<url>: HTTP 500 (after 4 attempts)'. */
  errors: string[];
  startedAt: string;
  finishedAt: string | null;
}

export interface JobRunReport {
  id: string;
  job: 'scrape';
  startedAt: string;
  /** Set when every source has finished. */
  finishedAt: string | null;
  status: 'running' | 'completed';
  sources: SourceRunReport[];
  /** Ids (API form, 'scraped-…') of listings first seen by this run. */
  newListingIds: string[];
}
