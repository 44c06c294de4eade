import { MAX_EVENT_LISTING_IDS, type ListingUpdated, type ScraperRunCompleted } from '../../events/contracts.js';
import type { SourceRunStatus } from '../../../../shared/schemas/scraper.js';
import type { ScrapedRecord, StoredImage } from '../listings/types.js';
import type { MatchFields } from './duplicates.js';

/** What the scraper needs from the polite fetcher (adapters/http/polite-fetcher.ts). */
export type FetchOutcome =
  | { kind: 'ok'; url: string; status: number; body: Buffer; contentType: string | null; etag: string | null; lastModified: string | null }
  | { kind: 'not-modified'; url: string }
  | { kind: 'robots'; url: string; reason: string }
  | { kind: 'error'; url: string; reason: string; status?: number };

export interface PageFetcher {
  get(url: string, validators?: { etag?: string | null; lastModified?: string | null }, ratePerSecond?: number): Promise<FetchOutcome>;
  allowed(url: string): Promise<{ allowed: true } | { allowed: false; reason: string }>;
}

/** What a page answered last time: for conditional GETs, and the listings a 304 still means. */
export interface PageCacheEntry {
  url: string;
  etag: string | null;
  lastModified: string | null;
  externalIds: string[];
  nextPageUrls: string[];
}

/** The counters one worker invocation adds to its source's run report. */
export interface ChunkCounts {
  pagesFetched: number;
  pagesNotModified: number;
  listingsParsed: number;
  new: number;
  updated: number;
  reactivated: number;
  skippedByRobots: number;
  imagesCopied: number;
  pageErrors: number;
}

export interface ScrapeStore {
  getScrapedMany(ids: string[]): Promise<Map<string, ScrapedRecord>>;
  /** Writes one scraped listing item (new, changed, re-activated or de-activated). */
  putScraped(record: ScrapedRecord): Promise<void>;
  /** Active scraped listings of a source site (by source + external id). */
  activeOfSource(sourceName: string): Promise<ScrapedRecord[]>;

  getPageCache(sourceId: string, url: string): Promise<PageCacheEntry | null>;
  putPageCache(sourceId: string, entry: PageCacheEntry): Promise<void>;

  /** Starts a run: the run item plus one 'running' report per source. */
  startRun(run: { runId: string; startedAt: string; sources: Array<{ id: string; name: string }> }): Promise<void>;
  /**
   * Claims step `step` of a source's chain (0, 1, 2…); false when it was already claimed, so a
   * queue message delivered twice does no work twice.
   */
  claimStep(runId: string, sourceId: string, step: number): Promise<boolean>;
  /** Adds one invocation's counters, errors, seen and new listings to its source's report. */
  recordChunk(
    runId: string,
    sourceId: string,
    chunk: { step: number; counts: ChunkCounts; errors: string[]; seenExternalIds: string[]; newListingIds: string[] },
  ): Promise<void>;
  /** What this run's source report holds so far (for the final status). */
  sourceProgress(runId: string, sourceId: string): Promise<{ counts: ChunkCounts; errors: string[] } | null>;
  /**
   * The external ids seen by run `currentRunId` (first), then by the latest earlier successful
   * runs of the source, newest first, `n` sets in all at most.
   */
  seenByRecentSuccessfulRuns(sourceId: string, n: number, currentRunId: string): Promise<Array<Set<string>>>;
  /** Finishes a source's report; answers whether that was the run's last source, with the run's new listing ids. */
  finishSource(
    runId: string,
    sourceId: string,
    result: { status: SourceRunStatus; deactivated: number; errors: string[]; finishedAt: string },
  ): Promise<{ runComplete: boolean; newListingIds: string[]; run: { startedAt: string; finishedAt: string } }>;
}

/** Copies a source's photos into our pipeline (size and type checks, our variants). */
export interface ImageCopier {
  store(key: string, bytes: Buffer): Promise<StoredImage>;
}

/** Sellers' active listings for the duplicate rule. */
export interface OwnListingsSource {
  activeOwnListings(): Promise<Array<MatchFields & { id: string }>>;
}

export { MAX_EVENT_LISTING_IDS };

export interface ScrapeEvents {
  /** One event per run (never one per listing): 'scraper.run.completed'. */
  runCompleted(detail: ScraperRunCompleted): Promise<void>;
  /** Scraped listings whose price changed: one 'listing.updated' each, with both prices. */
  listingsUpdated(details: ListingUpdated[]): Promise<void>;
}
