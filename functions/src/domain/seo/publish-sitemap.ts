import { type SitemapFiles, type SitemapListing, type SitemapStorefront, buildSitemapFiles } from './sitemap.js';

/** Active listings as the sitemap needs them: ids and change times only (pattern 2, projected). */
export interface SitemapListingSource {
  activeListingStamps(): Promise<SitemapListing[]>;
  /** Visible dealer storefronts (issue 26 §1): slugs and change times. */
  storefrontStamps?(): Promise<SitemapStorefront[]>;
}

/** Where the built files are kept and served from (S3, under sitemaps/). */
export interface SitemapFileStore {
  /** Writes every part, then the index (so the index never names a part that is not there yet), then removes parts no longer named. */
  publish(files: SitemapFiles): Promise<void>;
}

/**
 * When the sitemap was built and whether listings changed since (pattern 50). Lets listing
 * events trigger at most one build per interval and the schedule pick up the rest.
 */
export interface SitemapBuildState {
  /** Marks a change and claims the right to build now: true when no build started within `minIntervalMs`. */
  markChangedAndClaim(now: Date, minIntervalMs: number): Promise<boolean>;
  /** Claims a build for the schedule: true when changes are pending, the last build is older than `maxAgeMs`, or there never was one. */
  claimIfDue(now: Date, maxAgeMs: number): Promise<boolean>;
  /** Records a finished build started at `startedAt`; changes marked after it stay pending. */
  recordBuilt(startedAt: Date, urls: number): Promise<void>;
}

export interface SitemapDeps {
  source: SitemapListingSource;
  files: SitemapFileStore;
  state: SitemapBuildState;
  siteUrl: string;
  now: () => Date;
  /** URLs per listings part (the protocol's 50,000 unless a test says fewer). */
  perPart?: number;
}

/** Listing events build at most this often; changes in between are built by the schedule. */
const SITEMAP_EVENT_MIN_INTERVAL_MS = 5 * 60_000;
/** The schedule rebuilds anyway when the last build is this old (lastmod of static pages, a lost event). */
const SITEMAP_MAX_AGE_MS = 24 * 3600_000;

async function buildAndPublishSitemap(deps: SitemapDeps): Promise<{ parts: number; urls: number }> {
  const startedAt = deps.now();
  const [listings, storefronts] = await Promise.all([deps.source.activeListingStamps(), deps.source.storefrontStamps?.() ?? []]);
  const files = buildSitemapFiles(deps.siteUrl, listings, startedAt, deps.perPart, storefronts);
  await deps.files.publish(files);
  const urls = files.parts.reduce((n, p) => n + p.urls, 0);
  await deps.state.recordBuilt(startedAt, urls);
  return { parts: files.parts.length, urls };
}

/** After a listing change: cheap (one conditional write) unless it is this interval's first change. */
export async function onListingChanged(deps: SitemapDeps): Promise<'built' | 'deferred'> {
  if (!(await deps.state.markChangedAndClaim(deps.now(), SITEMAP_EVENT_MIN_INTERVAL_MS))) return 'deferred';
  await buildAndPublishSitemap(deps);
  return 'built';
}

/** The scheduled job: builds when changes are pending, when the sitemap is a day old, or when there is none. */
export async function scheduledSitemapBuild(deps: SitemapDeps): Promise<{ built: boolean; parts?: number; urls?: number }> {
  if (!(await deps.state.claimIfDue(deps.now(), SITEMAP_MAX_AGE_MS))) return { built: false };
  return { built: true, ...(await buildAndPublishSitemap(deps)) };
}
