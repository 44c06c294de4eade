/** Composition for the scraper's job and worker: the real adapters, created once per cold start. */
import { ddb } from '../adapters/dynamodb/client.js';
import { type ScraperRepo, createScraperRepo } from '../adapters/dynamodb/scraper-repo.js';
import { eventPublisher } from '../adapters/events/publisher.js';
import { PoliteFetcher } from '../adapters/http/polite-fetcher.js';
import { storeListingImage } from '../adapters/images/variants.js';
import { config } from '../config.js';
import type { ScrapeDeps } from '../domain/scraper/run-source.js';
import { loadSources } from '../domain/scraper/sources.js';
import type { ScraperSource } from '../domain/scraper/types.js';

let repo: ScraperRepo | undefined;
let fetcher: PoliteFetcher | undefined;

export function scraperRepo(): ScraperRepo {
  repo ??= createScraperRepo({ ddb, tableName: config.tableName });
  return repo;
}

export function scraperSources(): ScraperSource[] {
  return loadSources(config.scraper.sourcesJson || undefined);
}

/**
 * Kept across warm invocations, so robots.txt stays cached (≤ 24 h) and the per-host pace holds.
 * Its requests go through the SSRF guard; FETCH_ALLOW_HOSTS names the only non-public sites it may reach.
 */
function politeFetcher(): PoliteFetcher {
  fetcher ??= new PoliteFetcher({
    userAgent: config.scraper.userAgent,
    timeoutMs: config.scraper.timeoutMs,
    allowHosts: config.fetchAllowHosts,
  });
  return fetcher;
}

/** Sellers' listings change rarely within a run: one read per invocation is plenty. */
const OWN_LISTINGS_TTL_MS = 5 * 60 * 1000;
let ownCache: { at: number; list: Awaited<ReturnType<ScraperRepo['activeOwnListings']>> } | undefined;

export function scrapeDeps(timeLeftMs: () => number): ScrapeDeps {
  const r = scraperRepo();
  return {
    store: r,
    fetcher: politeFetcher(),
    images: { store: (key, bytes) => storeListingImage(key, bytes) },
    ownListings: {
      async activeOwnListings() {
        if (!ownCache || Date.now() - ownCache.at > OWN_LISTINGS_TTL_MS) ownCache = { at: Date.now(), list: await r.activeOwnListings() };
        return ownCache.list;
      },
    },
    events: {
      async runCompleted(detail) {
        await eventPublisher().publish([{ type: 'scraper.run.completed', detail: { ...detail } }]);
      },
      async listingsUpdated(details) {
        await eventPublisher().publish(details.map((detail) => ({ type: 'listing.updated' as const, detail })));
      },
    },
    now: () => new Date(),
    timeLeftMs,
  };
}
