import type { IndexQuery } from './query-planner.js';
import type { Listing, ListingSearchResult, SearchSuggestion } from '../../../../shared/schemas/listing.js';
import { recentlyReducedSinceMs } from '../../../../shared/price-history.js';
import { DomainError } from '../errors.js';
import type { ListingRecord, ScrapedRecord } from '../listings/types.js';
import { type SearchDoc, searchDocOfRecord, searchDocOfScraped } from './search-doc.js';
import { type ListingRater, SearchIndex, type SearchViewer } from './search-index.js';
import { decodeSnapshot, encodeSnapshot } from './snapshot.js';

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

/** Where the search snapshot lives (S3 in AWS and locally: adapters/s3/search-snapshots.ts). */
export interface SnapshotStore {
  /** The latest snapshot's bytes, or null when none has been written yet. */
  read(): Promise<Uint8Array | null>;
  write(bytes: Uint8Array): Promise<void>;
}

export interface SearchServiceOptions {
  imagesBaseUrl: string;
  /** After this long, a query starts a sync of the change feed (without waiting for it). */
  refreshMs: number;
  /** After this long (default 2 × refreshMs), a query waits for the sync: no answer is older. */
  maxStaleMs?: number;
  /**
   * Where failures search works around are reported: a background sync's (the next query retries
   * it), a price model that cannot be read (the last one stays), a snapshot that cannot be read
   * (the table is loaded instead).
   */
  onSyncError?: (err: unknown) => void;
  /**
   * Each sync re-reads this much of the feed before the previous sync started, so writes with the
   * same millisecond, a writer's clock a little behind, or a GSI that lags are not missed; the
   * version check below makes the re-read harmless.
   */
  overlapMs?: number;
  now?: () => number;
  /** Start from the snapshot when there is one (zero table reads for the cold load). */
  snapshots?: SnapshotStore;
  /**
   * Serve only from the snapshot (the search function): when it is missing, unreadable or older
   * than MAX_SNAPSHOT_AGE_MS, queries fail at once with SearchSnapshotUnavailable (a 503) instead of
   * reading the whole table, which takes 25–35 s at 100k listings and would run every cold start
   * into the API's 29 s limit. Left unset by the snapshot builder, which must build from the table.
   */
  requireSnapshot?: {
    /** Told once per failed load (the caller logs the metric an alarm watches). */
    onUnavailable?: (problem: SearchSnapshotUnavailable) => void;
    /** A failed load is not retried for this long; queries meanwhile fail without touching S3 (default 30 s). */
    retryAfterMs?: number;
  };
  /**
   * The fair-price rater of the current stored model (deps.ts: from priceModelStore().cached()),
   * asked on every query; when its version changes, the index re-rates every listing, so bands,
   * the rating filter and the rating sort follow each rebuild of the model (issue 13 §1).
   */
  priceRater?: () => Promise<ListingRater | null>;
}

/** A snapshot older than this is ignored (tombstones of deleted listings expire after 7 days). */
const MAX_SNAPSHOT_AGE_MS = 6 * 24 * 3600 * 1000;

/** Why search has no usable snapshot. */
export type SnapshotProblem = 'missing' | 'unreadable' | 'stale';

const SEARCH_UNAVAILABLE_MESSAGE = 'Search is temporarily unavailable while its index is prepared. Please try again in a few minutes.';

/** Search cannot answer: its snapshot is missing, unreadable or too old (a 503, SERVICE_UNAVAILABLE). */
export class SearchSnapshotUnavailable extends DomainError {
  constructor(
    readonly problem: SnapshotProblem,
    /** What was wrong, for the log: the read or decode error, or the snapshot's age. */
    readonly detail: string,
  ) {
    super('SERVICE_UNAVAILABLE', SEARCH_UNAVAILABLE_MESSAGE);
  }
}

/** How many recent query results a warm instance keeps (a few MB at most). */
const RESULT_CACHE_SIZE = 500;
/** How many queries asked once are remembered (their keys only, ~200 bytes each). */
const ASKED_ONCE_SIZE = 5_000;

/**
 * Holds the search index for one execution environment: loaded at cold start, then kept up to
 * date from the change feed. A query arriving more than `refreshMs` after the last sync starts
 * one and is served from the current index; past `maxStaleMs` it waits for the sync. So busy
 * servers never stall on the feed, and an idle one (or a Lambda frozen between invocations,
 * whose background sync paused with it) still never answers from an index older than
 * `maxStaleMs`. Syncs are single-flight, so concurrent requests share one.
 */
export class SearchService {
  private index = new SearchIndex();
  /**
   * Results of recent queries asked more than once, most recently used last, valid until the
   * index next changes. Buyers repeat the same searches (the home page, each category page,
   * popular makes), and a hit skips the pass over every listing; any applied change clears it.
   */
  private readonly results = new Map<string, ListingSearchResult>();
  /**
   * Keys of queries asked once recently, oldest first: a result is kept only when its query comes
   * a second time. Most distinct queries are asked once (a buyer's own mix of filters); keeping
   * each of their results (~30 KB with its items' texts) would push out the repeated ones and
   * leave the garbage collector copying and then sweeping every answer.
   */
  private readonly askedOnce = new Set<string>();
  /**
   * The table version applied per listing id, so re-read changes and stale copies are skipped.
   * Versions, not `updatedAt`: the table increments them on every write, while a writer's clock
   * may be behind (issue 7, "Search feed bug").
   */
  private readonly applied = new Map<string, number>();
  private loading: Promise<void> | undefined;
  private syncing: Promise<void> | undefined;
  private cursorMs = 0;
  private lastSyncMs = 0;
  private readonly now: () => number;
  private readonly overlapMs: number;
  private readonly maxStaleMs: number;

  /** Whether the last search() was answered from the result cache (the search function's metric). */
  lastAnswerCached = false;
  /**
   * How old the snapshot the index started from was when it was loaded (ms), or null when the
   * index started from the table (the search function reports it once: the snapshot-age metric).
   */
  snapshotAgeAtLoadMs: number | null = null;

  constructor(
    private readonly feed: SearchFeed,
    private readonly options: SearchServiceOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.overlapMs = options.overlapMs ?? 5_000;
    this.maxStaleMs = options.maxStaleMs ?? 2 * options.refreshMs;
  }

  async search(query: IndexQuery, viewer: SearchViewer): Promise<ListingSearchResult> {
    await this.fresh();
    // The parsed query's keys come in schema order, so equal queries give equal keys; "Recently
    // reduced" answers change at each UK midnight, so its start is part of the key.
    const nowMs = this.now();
    const since = query.reduced ? recentlyReducedSinceMs(nowMs) : 0;
    const key = `${viewer}|${since}|${JSON.stringify(query)}`;
    const cached = this.results.get(key);
    this.lastAnswerCached = cached !== undefined;
    if (cached) {
      this.results.delete(key);
      this.results.set(key, cached);
      return cached;
    }
    const result = this.index.search(query, viewer, nowMs);
    if (this.askedOnce.delete(key)) {
      this.results.set(key, result);
      if (this.results.size > RESULT_CACHE_SIZE) this.results.delete(this.results.keys().next().value as string);
    } else {
      this.askedOnce.add(key);
      if (this.askedOnce.size > ASKED_ONCE_SIZE) this.askedOnce.delete(this.askedOnce.keys().next().value as string);
    }
    return result;
  }

  /** Drops every kept result (the index changed); their queries, asked before, are kept again when next asked. */
  private forgetResults(): void {
    for (const key of this.results.keys()) this.askedOnce.add(key);
    this.results.clear();
    while (this.askedOnce.size > ASKED_ONCE_SIZE) this.askedOnce.delete(this.askedOnce.keys().next().value as string);
  }

  /** Forgets kept results and the index's per-shape memos (SearchIndex.forgetQueryMemos): the benchmark's uncached figure. */
  forgetQueryMemos(): void {
    this.results.clear();
    this.askedOnce.clear();
    this.index.forgetQueryMemos();
  }

  /** The n newest active listings: a search too (the first page of "Newest first"), served by the same index. */
  async latest(n: number): Promise<Listing[]> {
    await this.fresh();
    return this.index.latest(n);
  }

  /** Live listings per seller account (the dealer directory, issue 26). */
  async liveCountsByOwner(): Promise<Map<string, number>> {
    await this.fresh();
    return this.index.liveCountsByOwner();
  }

  /** Makes, models, categories and places matching what the buyer has typed so far. */
  async suggest(typed: string): Promise<SearchSuggestion[]> {
    await this.fresh();
    return this.index.suggest(typed);
  }

  /** When the index was last complete (the start of its last load or sync). */
  get syncedAtMs(): number {
    return this.lastSyncMs;
  }

  /** The index as a snapshot (the builder writes it to S3). */
  snapshot(): Buffer {
    return encodeSnapshot(
      this.lastSyncMs,
      this.index.exportImage((id) => this.applied.get(id) ?? 0),
    );
  }

  /**
   * The index as of its last load or sync, rated by the current price model, without syncing first:
   * the snapshot builder writes the first screens from the very index its snapshot was made of.
   */
  async currentIndex(): Promise<SearchIndex> {
    await this.loading;
    await this.followPriceModel();
    return this.index;
  }

  /**
   * The index, loaded: a sync of the change feed is started (not waited for) once the last one is
   * `refreshMs` old, and waited for once it is `maxStaleMs` old.
   */
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
    await this.followPriceModel();
    return this.index;
  }

  get size(): number {
    return this.index.size;
  }

  private rater: ListingRater | null = null;

  /** Hands the index the current model's rater; a new model clears the cached results it rated. */
  private async followPriceModel(): Promise<void> {
    if (!this.options.priceRater) return;
    let rater: ListingRater | null;
    try {
      rater = await this.options.priceRater();
    } catch (err) {
      // Ratings are an extra: a model that cannot be read leaves the last one in charge.
      (this.options.onSyncError ?? ((e) => console.error('price model read failed', e)))(err);
      return;
    }
    if ((rater?.version ?? null) === this.index.raterVersion) return;
    this.rater = rater;
    this.index.setRater(rater);
    this.forgetResults();
  }

  /**
   * Starts from listing records instead of reading the table (tests, and the benchmark's in-process
   * index, whose build it times): `asOfMs` is when they were read; the change feed is
   * read from a little before it on the next query.
   */
  loadRecords(records: { listings: ListingRecord[]; scraped: ScrapedRecord[] }, asOfMs: number): void {
    this.apply({ ...records, removedIds: [] });
    this.index.warm();
    this.startFrom(asOfMs);
    this.loading = Promise.resolve();
  }

  /** Starts from a snapshot's bytes (see snapshot.ts); returns how many listings it held. */
  loadSnapshot(bytes: Uint8Array): number {
    return this.loadDecoded(decodeSnapshot(bytes));
  }

  private loadDecoded({ asOfMs, image }: ReturnType<typeof decodeSnapshot>): number {
    this.snapshotAgeAtLoadMs = Math.max(0, this.now() - asOfMs);
    this.index.importImage(image);
    for (let i = 0; i < image.count; i++) this.applied.set(image.ids[i], image.versions[i]);
    this.startFrom(asOfMs);
    this.loading = Promise.resolve();
    return image.count;
  }

  /** loadSnapshot, or false (reported) when the bytes cannot be read. */
  private loadedSnapshot(bytes: Uint8Array): boolean {
    try {
      this.loadSnapshot(bytes);
      return true;
    } catch (err) {
      (this.options.onSyncError ?? ((e) => console.error('search snapshot unreadable; loading from the table', e)))(err);
      return false;
    }
  }

  /** The index is complete as of `asOfMs`: follow the feed from a little before it. */
  private startFrom(asOfMs: number): void {
    this.cursorMs = asOfMs - this.overlapMs;
    // As fresh as its source: an old snapshot makes the first query wait for the change feed.
    this.lastSyncMs = asOfMs;
  }

  private failedLoad: { until: number; error: SearchSnapshotUnavailable } | undefined;

  /** The snapshot, decoded and within MAX_SNAPSHOT_AGE_MS, loaded; else SearchSnapshotUnavailable (requireSnapshot). */
  private async loadRequiredSnapshot(): Promise<void> {
    const required = this.options.requireSnapshot ?? {};
    if (this.failedLoad && this.now() < this.failedLoad.until) throw this.failedLoad.error;
    const problem = await this.readRequiredSnapshot();
    if (!problem) {
      this.failedLoad = undefined;
      return;
    }
    this.failedLoad = { until: this.now() + (required.retryAfterMs ?? 30_000), error: problem };
    required.onUnavailable?.(problem);
    throw problem;
  }

  private async readRequiredSnapshot(): Promise<SearchSnapshotUnavailable | null> {
    const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
    let bytes: Uint8Array | null;
    try {
      bytes = this.options.snapshots ? await this.options.snapshots.read() : null;
    } catch (err) {
      return new SearchSnapshotUnavailable('unreadable', message(err));
    }
    if (!bytes) return new SearchSnapshotUnavailable('missing', this.options.snapshots ? 'no snapshot object' : 'no snapshot store');
    let decoded: ReturnType<typeof decodeSnapshot>;
    try {
      decoded = decodeSnapshot(bytes);
    } catch (err) {
      return new SearchSnapshotUnavailable('unreadable', message(err));
    }
    const ageMs = this.now() - decoded.asOfMs;
    if (ageMs > MAX_SNAPSHOT_AGE_MS)
      return new SearchSnapshotUnavailable('stale', `as of ${new Date(decoded.asOfMs).toISOString()}, ${ageMs} ms old`);
    this.loadDecoded(decoded);
    return null;
  }

  private async load(): Promise<void> {
    if (this.options.requireSnapshot) return this.loadRequiredSnapshot();
    const bytes = this.options.snapshots ? await this.options.snapshots.read() : null;
    if (bytes) {
      // Deletions stay on the change feed for TOMBSTONE_TTL (7 days): an older snapshot could
      // bring back a deleted listing, so it is not trusted. Nor is one this code cannot read (a
      // format written by an earlier release, until the builder writes the new one): both start
      // from the table instead of failing every query.
      if (this.loadedSnapshot(bytes) && this.now() - this.lastSyncMs <= MAX_SNAPSHOT_AGE_MS) return;
      this.index = new SearchIndex();
      this.index.setRater(this.rater);
      this.applied.clear();
    }
    const startedAt = this.now();
    const { listings, scraped } = await this.feed.loadAllActive();
    this.apply({ listings, scraped, removedIds: [] });
    this.index.warm();
    this.startFrom(startedAt);
  }

  /** Reads the whole table again, ignoring any snapshot (the builder's scheduled full rebuild). */
  async reloadFromTable(): Promise<void> {
    const startedAt = this.now();
    const { listings, scraped } = await this.feed.loadAllActive();
    this.index = new SearchIndex();
    this.index.setRater(this.rater);
    this.applied.clear();
    this.forgetResults();
    this.apply({ listings, scraped, removedIds: [] });
    this.index.warm();
    this.startFrom(startedAt);
    this.loading = Promise.resolve();
  }

  private async sync(): Promise<void> {
    const startedAt = this.now();
    const changes = await this.feed.changesSince(new Date(this.cursorMs).toISOString());
    this.apply(changes);
    this.cursorMs = startedAt - this.overlapMs;
    this.lastSyncMs = startedAt;
  }

  private isNewer(id: string, version: number): boolean {
    const seen = this.applied.get(id);
    if (seen !== undefined && seen >= version) return false;
    this.applied.set(id, version);
    return true;
  }

  private apply(changes: FeedChanges): void {
    const upserts: SearchDoc[] = [];
    for (const r of changes.listings) {
      if (this.isNewer(r.id, r.version ?? 0)) upserts.push(searchDocOfRecord(r, this.options.imagesBaseUrl));
    }
    for (const r of changes.scraped) {
      const doc = searchDocOfScraped(r);
      if (this.isNewer(doc.card.id, doc.version)) upserts.push(doc);
    }
    if (upserts.length > 0 || changes.removedIds.length > 0) this.forgetResults();
    if (upserts.length > 0) this.index.upsertMany(upserts);
    if (changes.removedIds.length > 0) {
      for (const id of changes.removedIds) this.applied.set(id, Number.POSITIVE_INFINITY);
      this.index.removeMany(changes.removedIds);
    }
  }
}
