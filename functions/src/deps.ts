/**
 * Composition root: picks the adapters once per cold start (module scope, created lazily so a
 * handler that never searches never loads the index). Keyed by table name, because the local
 * API server and the tests may serve more than one table from one process.
 */
import { ddb } from './adapters/dynamodb/client.js';
import { type ListingsRepo, createListingsRepo } from './adapters/dynamodb/listings-repo.js';
import { config } from './config.js';
import { SearchService } from './domain/search/search-service.js';

const repos = new Map<string, ListingsRepo>();
const searches = new Map<string, SearchService>();

/** Listings and scraped listings in the configured table. */
export function listingsRepo(tableName: string = config.tableName): ListingsRepo {
  let repo = repos.get(tableName);
  if (!repo) {
    repo = createListingsRepo({ ddb, tableName });
    repos.set(tableName, repo);
  }
  return repo;
}

/** The search index over the configured table, loaded on first use and kept fresh from the change feed. */
export function searchService(tableName: string = config.tableName): SearchService {
  let search = searches.get(tableName);
  if (!search) {
    search = new SearchService(listingsRepo(tableName), { imagesBaseUrl: config.imagesBaseUrl, refreshMs: config.searchRefreshMs });
    searches.set(tableName, search);
  }
  return search;
}
