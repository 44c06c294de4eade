import type { Listing, ListingSearchQuery, ListingSearchResult } from '../../../../shared/schemas/listing.js';
import { mapScrapedToListing, toListingDto } from '../listings/to-listing.js';
import type { ListingRecord, ScrapedRecord } from '../listings/types.js';
import { SearchIndex, type SearchViewer } from './search-index.js';

/** Changes read from the change feed: current records, plus ids (as the API spells them) of deleted listings. */
export interface FeedChanges {
  listings: ListingRecord[];
  scraped: ScrapedRecord[];
  removedIds: string[];
}

/** What the search index needs from storage (the listings repo implements it). */
export interface SearchFeed {
  /** Every active user listing and active scraped listing. */
  loadAllActive(): Promise<{ listings: ListingRecord[]; scraped: ScrapedRecord[] }>;
  /** Everything whose change-feed key (`updatedAt#id`) sorts after the cursor. */
  changesSince(cursorIso: string): Promise<FeedChanges>;
}

export interface SearchServiceOptions {
  imagesBaseUrl: string;
  /** After this long, a query starts a sync of the change feed (without waiting for it). */
  refreshMs: number;
  /** After this long (default 2 × refreshMs), a query waits for the sync: no answer is older. */
  maxStaleMs?: number;
  /** Where a background sync's failure is reported (the next query retries it). */
  onSyncError?: (err: unknown) => void;
  /**
   * Each sync re-reads this much of the feed before the previous sync started, so writes with the
   * same millisecond, a writer's clock a little behind, or a GSI that lags are not missed; the
   * version check below makes the re-read harmless.
   */
  overlapMs?: number;
  now?: () => number;
}

/**
 * Holds the search index for one execution environment: loaded at cold start, then kept up to
 * date from the change feed. A query arriving more than `refreshMs` after the last sync starts
 * one and is served from the current index; past `maxStaleMs` it waits for the sync. So busy
 * servers never stall on the feed, and an idle one (or a Lambda frozen between invocations,
 * whose background sync paused with it) still never answers from an index older than
 * `maxStaleMs`. Syncs are single-flight, so concurrent requests share one.
 */
/** How many recent query results a warm instance keeps (a few MB at most). */
const RESULT_CACHE_SIZE = 500;

export class SearchService {
  private readonly index = new SearchIndex();
  /**
   * Results of recent queries, most recently used last, valid until the index next changes.
   * Buyers repeat the same searches (the home page, each category page, popular makes), and a
   * hit skips the pass over every listing; any applied change clears it.
   */
  private readonly results = new Map<string, ListingSearchResult>();
  /** The `updatedAt` applied per listing id, so re-read changes and stale records are skipped. */
  private readonly applied = new Map<string, string>();
  private loading: Promise<void> | undefined;
  private syncing: Promise<void> | undefined;
  private cursorMs = 0;
  private lastSyncMs = 0;
  private readonly now: () => number;
  private readonly overlapMs: number;
  private readonly maxStaleMs: number;

  constructor(
    private readonly feed: SearchFeed,
    private readonly options: SearchServiceOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.overlapMs = options.overlapMs ?? 5_000;
    this.maxStaleMs = options.maxStaleMs ?? 2 * options.refreshMs;
  }

  async search(query: ListingSearchQuery, viewer: SearchViewer): Promise<ListingSearchResult> {
    await this.fresh();
    // The parsed query's keys come in schema order, so equal queries give equal keys.
    const key = `${viewer}|${JSON.stringify(query)}`;
    const cached = this.results.get(key);
    if (cached) {
      this.results.delete(key);
      this.results.set(key, cached);
      return cached;
    }
    const result = this.index.search(query, viewer);
    this.results.set(key, result);
    if (this.results.size > RESULT_CACHE_SIZE) this.results.delete(this.results.keys().next().value as string);
    return result;
  }

  async latest(n: number): Promise<Listing[]> {
    await this.fresh();
    return this.index.latest(n);
  }

  /** The index, loaded and synced within `refreshMs`. */
  async fresh(): Promise<SearchIndex> {
    this.loading ??= this.load().catch((err) => {
      this.loading = undefined;
      throw err;
    });
    await this.loading;
    const age = this.now() - this.lastSyncMs;
    if (age >= this.options.refreshMs) {
      if (!this.syncing) {
        this.syncing = this.sync().finally(() => {
          this.syncing = undefined;
        });
        this.syncing.catch(this.options.onSyncError ?? ((err) => console.error('search index sync failed', err)));
      }
      if (age >= this.maxStaleMs) await this.syncing;
    }
    return this.index;
  }

  get size(): number {
    return this.index.size;
  }

  /**
   * Starts from a snapshot instead of reading the table (a faster cold start, and how the
   * benchmark primes a server): `asOfMs` is when the snapshot was taken; the change feed is read
   * from a little before it on the next query.
   */
  loadSnapshot(snapshot: { listings: ListingRecord[]; scraped: ScrapedRecord[] }, asOfMs: number): void {
    this.apply({ ...snapshot, removedIds: [] });
    this.index.warm();
    this.cursorMs = asOfMs - this.overlapMs;
    // As fresh as the snapshot: an old one makes the first query wait for the change feed.
    this.lastSyncMs = asOfMs;
    this.loading = Promise.resolve();
  }

  private async load(): Promise<void> {
    const startedAt = this.now();
    const { listings, scraped } = await this.feed.loadAllActive();
    this.apply({ listings, scraped, removedIds: [] });
    this.index.warm();
    this.cursorMs = startedAt - this.overlapMs;
    this.lastSyncMs = startedAt;
  }

  private async sync(): Promise<void> {
    const startedAt = this.now();
    const changes = await this.feed.changesSince(new Date(this.cursorMs).toISOString());
    this.apply(changes);
    this.cursorMs = startedAt - this.overlapMs;
    this.lastSyncMs = startedAt;
  }

  private isNewer(id: string, updatedAt: string): boolean {
    const seen = this.applied.get(id);
    if (seen !== undefined && seen >= updatedAt) return false;
    this.applied.set(id, updatedAt);
    return true;
  }

  private apply(changes: FeedChanges): void {
    const upserts: Listing[] = [];
    for (const r of changes.listings) {
      if (this.isNewer(r.id, r.updatedAt)) upserts.push(toListingDto(r, this.options.imagesBaseUrl));
    }
    for (const r of changes.scraped) {
      const listing = mapScrapedToListing(r, this.options.imagesBaseUrl);
      if (this.isNewer(listing.id, listing.updatedAt)) upserts.push(listing);
    }
    if (upserts.length > 0 || changes.removedIds.length > 0) this.results.clear();
    if (upserts.length > 0) this.index.upsertMany(upserts);
    if (changes.removedIds.length > 0) {
      for (const id of changes.removedIds) this.applied.set(id, '\uffff');
      this.index.removeMany(changes.removedIds);
    }
  }
}
