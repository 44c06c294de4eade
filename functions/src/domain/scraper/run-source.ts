import { LIMITS } from '../../../../shared/constants.js';
import type { SourceRunStatus } from '../../../../shared/schemas/scraper.js';
import { type ScrapedRecord, type StoredImage, SCRAPED_ID_PREFIX } from '../listings/types.js';
import { detectImageKind } from '../uploads/verify-upload.js';
import { ABSENT_RUNS_BEFORE_INACTIVE, listingsToDeactivate } from './deactivation.js';
import { OwnListingMatcher } from './duplicates.js';
import { parserFor } from './parsers/index.js';
import {
  type ChunkCounts,
  type ImageCopier,
  MAX_EVENT_LISTING_IDS,
  type OwnListingsSource,
  type PageFetcher,
  type ScrapeEvents,
  type ScrapeStore,
} from './ports.js';
import type { ListingUpdated } from '../../events/contracts.js';
import type { ParsedListing, ScraperSource } from './types.js';
import { MAX_IMAGES_PER_SCRAPED, decideUpsert, photosToCopy, scrapedImageKey, scrapedListingId } from './upsert.js';

/** A queue message: one step of one source's chain in one run. */
export interface ScrapeMessage {
  runId: string;
  sourceId: string;
  step: number;
  /** Pages still to fetch (the start URLs on step 0). */
  frontier: string[];
  /** Pages already fetched in this run (a pagination loop guard). */
  visited: string[];
}

export interface ScrapeDeps {
  store: ScrapeStore;
  fetcher: PageFetcher;
  images: ImageCopier;
  ownListings: OwnListingsSource;
  events: ScrapeEvents;
  now: () => Date;
  /** Milliseconds this invocation may still spend before handing the rest to the next message. */
  timeLeftMs: () => number;
}

/** Pages per source per run when the source sets no maxPages. */
const DEFAULT_MAX_PAGES = 1000;
/**
 * Stop taking new pages when less than this is left: one page at 1 request/s may take its own
 * retries (4 × 10 s timeouts plus backoff) and 25 new listings' photos.
 */
const MIN_TIME_PER_PAGE_MS = 180_000;

const emptyCounts = (): ChunkCounts => ({
  pagesFetched: 0,
  pagesNotModified: 0,
  listingsParsed: 0,
  new: 0,
  updated: 0,
  reactivated: 0,
  skippedByRobots: 0,
  imagesCopied: 0,
  pageErrors: 0,
});

/** The first message of each enabled source for a new run. */
export function firstMessages(runId: string, sources: ScraperSource[]): ScrapeMessage[] {
  return sources.filter((s) => s.enabled).map((s) => ({ runId, sourceId: s.id, step: 0, frontier: [...s.startUrls], visited: [] }));
}

/**
 * One step of a source's run: fetches pages from the frontier until it is empty or the time
 * budget runs low, upserts what it parsed, and records the step's report. Returns the next
 * message when pages remain (the queue carries the chain, so only one worker at a time talks to a
 * host and no invocation runs near its timeout), or null once the source is finished.
 */
export async function runSourceStep(deps: ScrapeDeps, source: ScraperSource, msg: ScrapeMessage): Promise<ScrapeMessage | null> {
  if (!(await deps.store.claimStep(msg.runId, msg.sourceId, msg.step))) return null;
  const counts = emptyCounts();
  const errors: string[] = [];
  const seen = new Set<string>();
  const newIds: string[] = [];
  const frontier = [...msg.frontier];
  const visited = new Set(msg.visited);
  const maxPages = source.maxPages ?? DEFAULT_MAX_PAGES;
  const parse = parserFor(source.parser);
  let matcher: OwnListingMatcher | undefined;
  const refusedStarts: string[] = [];
  const ownHosts = sourceHosts(source);
  /** Next-page links this page's parser found, only those on the source's own hosts (others are reported). */
  const ownLinks = (links: string[]) =>
    links.filter((u) => {
      if (ownHosts.has(hostOf(u))) return true;
      errors.push(`${u}: next-page link to another host, not followed`);
      return false;
    });

  while (frontier.length > 0 && visited.size < maxPages) {
    if (counts.pagesFetched > 0 && deps.timeLeftMs() < MIN_TIME_PER_PAGE_MS) break;
    const url = frontier.shift() as string;
    if (visited.has(url)) continue;
    visited.add(url);
    const cached = await deps.store.getPageCache(source.id, url);
    const res = await deps.fetcher.get(url, cached ?? {}, source.ratePerSecond);
    if (res.kind === 'robots') {
      counts.skippedByRobots++;
      errors.push(`${url}: skipped, ${res.reason}`);
      // Every start page refused by robots (or robots.txt unreachable): the site is blocked.
      if (msg.step === 0 && source.startUrls.includes(url)) refusedStarts.push(res.reason);
      continue;
    }
    if (res.kind === 'error') {
      counts.pageErrors++;
      errors.push(`${url}: ${res.reason}`);
      continue;
    }
    counts.pagesFetched++;
    if (res.kind === 'not-modified' && cached) {
      counts.pagesNotModified++;
      for (const id of cached.externalIds) seen.add(id);
      frontier.push(...ownLinks(cached.nextPageUrls).filter((u) => !visited.has(u)));
      continue;
    }
    if (res.kind !== 'ok') continue;
    const page = parse(res.body.toString('utf8'), url);
    errors.push(...page.errors);
    const listings = uniqueByExternalId(page.listings);
    counts.listingsParsed += listings.length;
    matcher ??= new OwnListingMatcher(await deps.ownListings.activeOwnListings());
    const photosPending = await upsertListings(deps, source, listings, matcher, counts, errors, newIds);
    for (const l of listings) seen.add(l.externalId);
    frontier.push(...ownLinks(page.nextPageUrls).filter((u) => !visited.has(u)));
    // A page with a photo still to copy is fetched whole next time (no 304), so the copy is tried again.
    const entry = {
      url,
      etag: photosPending ? null : res.etag,
      lastModified: photosPending ? null : res.lastModified,
      externalIds: listings.map((l) => l.externalId),
      nextPageUrls: page.nextPageUrls,
    };
    if (!sameEntry(cached, entry)) await deps.store.putPageCache(source.id, entry);
  }

  const blocked = msg.step === 0 && refusedStarts.length === source.startUrls.length ? refusedStarts[0] : null;
  await deps.store.recordChunk(msg.runId, msg.sourceId, {
    step: msg.step,
    counts,
    errors,
    seenExternalIds: [...seen],
    newListingIds: newIds,
  });
  const more = frontier.filter((u) => !visited.has(u));
  if (!blocked && more.length > 0 && visited.size < maxPages) {
    return { runId: msg.runId, sourceId: msg.sourceId, step: msg.step + 1, frontier: more, visited: [...visited] };
  }
  await finishSource(deps, source, msg.runId, blocked);
  return null;
}

async function finishSource(deps: ScrapeDeps, source: ScraperSource, runId: string, blocked: string | null): Promise<void> {
  const progress = await deps.store.sourceProgress(runId, source.id);
  const counts = progress?.counts ?? emptyCounts();
  const status: SourceRunStatus = blocked
    ? 'blocked'
    : counts.pagesFetched === 0
      ? 'failed'
      : counts.pageErrors > 0
        ? 'partial'
        : 'succeeded';
  let deactivated = 0;
  if (status === 'succeeded') {
    // This run's own report is not finished yet: its seen ids come first, then earlier successes.
    const [thisRun, ...earlier] = await deps.store.seenByRecentSuccessfulRuns(source.id, ABSENT_RUNS_BEFORE_INACTIVE, runId);
    const recent = [thisRun ?? new Set<string>(), ...earlier];
    const active = await deps.store.activeOfSource(source.name);
    const gone = new Set(
      listingsToDeactivate(
        active.map((r) => r.externalId),
        recent,
      ),
    );
    const at = deps.now().toISOString();
    for (const record of active) {
      if (!gone.has(record.externalId)) continue;
      await deps.store.putScraped({ ...record, isActive: false, updatedAt: at });
      deactivated++;
    }
  }
  const done = await deps.store.finishSource(runId, source.id, {
    status,
    deactivated,
    errors: blocked ? [`site blocked: ${blocked}`] : [],
    finishedAt: deps.now().toISOString(),
  });
  await announceIfComplete(deps, runId, done);
}

/** The run's one 'scraper.run.completed' event, sent by whichever source finished last. */
export async function announceIfComplete(
  deps: Pick<ScrapeDeps, 'events'>,
  runId: string,
  done: Awaited<ReturnType<ScrapeDeps['store']['finishSource']>>,
): Promise<void> {
  if (!done.runComplete) return;
  await deps.events.runCompleted({
    runId,
    ...done.run,
    newListingIds: done.newListingIds.slice(0, MAX_EVENT_LISTING_IDS),
    newListingCount: done.newListingIds.length,
  });
}

/** host[:port] of a URL, lower-case; '' for something that is not a URL. */
function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}

/**
 * The hosts a source's pages may be fetched from: those of its start URLs. A page's next-page
 * links elsewhere are not followed (a source site cannot steer the scraper to other sites;
 * photos may still come from a CDN, through the same SSRF guard).
 */
function sourceHosts(source: Pick<ScraperSource, 'startUrls'>): Set<string> {
  return new Set(source.startUrls.map(hostOf).filter(Boolean));
}

function uniqueByExternalId(listings: ParsedListing[]): ParsedListing[] {
  const byId = new Map<string, ParsedListing>();
  for (const l of listings) if (!byId.has(l.externalId)) byId.set(l.externalId, l);
  return [...byId.values()];
}

const sameEntry = (
  a: { etag: string | null; lastModified: string | null; externalIds: string[]; nextPageUrls: string[] } | null,
  b: typeof a,
) =>
  a !== null &&
  b !== null &&
  a.etag === b.etag &&
  a.lastModified === b.lastModified &&
  a.externalIds.join('\n') === b.externalIds.join('\n') &&
  a.nextPageUrls.join('\n') === b.nextPageUrls.join('\n');

async function upsertListings(
  deps: ScrapeDeps,
  source: ScraperSource,
  listings: ParsedListing[],
  matcher: OwnListingMatcher,
  counts: ChunkCounts,
  errors: string[],
  newIds: string[],
): Promise<boolean> {
  let photosPending = false;
  const ids = listings.map((l) => scrapedListingId(source.name, l.externalId));
  const existing = await deps.store.getScrapedMany(ids);
  const writes: Promise<void>[] = [];
  const priceChanges: ListingUpdated[] = [];
  for (const [i, parsed] of listings.entries()) {
    const decision = decideUpsert({
      existing: existing.get(ids[i]) ?? null,
      parsed,
      sourceName: source.name,
      now: deps.now(),
      duplicateOf: matcher.match(parsed),
    });
    if (!decision.record) continue;
    let record: ScrapedRecord = decision.record;
    if (decision.copyImages) {
      const copied = await copyImages(deps, record, parsed.imageUrls, counts, errors);
      const nothingNew = copied.images.length === (record.images ?? []).length && copied.refused.length === 0;
      record = { ...record, images: copied.images, imagesRefused: [...(record.imagesRefused ?? []), ...copied.refused] };
      if (photosToCopy(record, parsed.imageUrls).length > 0) photosPending = true;
      // A retried copy that failed again changes nothing: no write.
      if (decision.action === 'unchanged' && nothingNew) continue;
    }
    // A page's writes go out together (each listing is its own item); photos above stay sequential and paced.
    writes.push(deps.store.putScraped(record));
    if (decision.priceChange) {
      priceChanges.push({
        listingId: `${SCRAPED_ID_PREFIX}${record.id}`,
        source: 'scraper',
        ...decision.priceChange,
        updatedAt: record.updatedAt,
      });
    }
    if (decision.action === 'new') {
      counts.new++;
      newIds.push(`${SCRAPED_ID_PREFIX}${record.id}`);
    } else if (decision.action === 'reactivated') counts.reactivated++;
    else if (decision.action === 'updated') counts.updated++;
  }
  await Promise.all(writes);
  // A scraped price cut reaches price-drop alerts as any other: 'listing.updated' with both prices.
  if (priceChanges.length) await deps.events.listingsUpdated(priceChanges);
  return photosPending;
}

/**
 * Copies the first three of the source's photos not yet copied through our pipeline: robots must
 * allow each one (a forbidden photo leaves the placeholder and is not asked for again), at most 5 MB, a real JPEG, PNG or WebP by its
 * bytes, then re-encoded into our own variants. Never hot-linked.
 */
async function copyImages(
  deps: ScrapeDeps,
  record: Pick<ScrapedRecord, 'id' | 'images'>,
  urls: string[],
  counts: ChunkCounts,
  errors: string[],
): Promise<{ images: StoredImage[]; refused: string[] }> {
  const wanted = new Set(photosToCopy(record, urls));
  const refused: string[] = [];
  const stored = new Map((record.images ?? []).map((i) => [i.key, i]));
  for (const url of urls.slice(0, MAX_IMAGES_PER_SCRAPED)) {
    if (!wanted.has(url)) continue;
    const res = await deps.fetcher.get(url);
    if (res.kind === 'robots') {
      counts.skippedByRobots++;
      refused.push(url);
      continue;
    }
    if (res.kind !== 'ok') {
      errors.push(`${url}: photo not copied, ${res.kind === 'error' ? res.reason : 'not modified'}`);
      continue;
    }
    if (res.body.length > LIMITS.maxImageBytes || !detectImageKind(res.body)) {
      errors.push(`${url}: photo not copied, not a JPEG, PNG or WebP of at most 5 MB`);
      continue;
    }
    const key = scrapedImageKey(record.id, url);
    try {
      stored.set(key, await deps.images.store(key, res.body));
      counts.imagesCopied++;
    } catch (err) {
      errors.push(`${url}: photo not copied, ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  // In the source's order; a copy that failed is fetched again on the next run (upsert.ts).
  const images = urls
    .slice(0, MAX_IMAGES_PER_SCRAPED)
    .map((u) => stored.get(scrapedImageKey(record.id, u)))
    .filter((i): i is StoredImage => i !== undefined);
  return { images, refused };
}
