/**
 * Cache-Control of the answers CloudFront may keep (infra/lib/web-stack.ts `EDGE_CACHE_POLICY`;
 * infra/test/edge-cache.test.ts checks the two agree). Anonymous answers are the same for every
 * visitor, so the edge keeps them for seconds and serves a stale copy while it refetches;
 * answers to a signed-in caller are `private, no-store`, which CloudFront never stores (its
 * minimum TTL is 0), and the Authorization header is part of the cache key, so a request with a
 * token can only ever hit an entry made for that token — and none is ever made.
 */
export const EDGE_CACHE = {
  /** Server-rendered pages: HTML whose data is at most this old. */
  pageSeconds: 30,
  /** Anonymous search results. */
  apiReadSeconds: 10,
  /** Anonymous reads of one listing and of the latest listings. */
  listingSeconds: 30,
  /** How long the edge may keep answering with a stale copy while it refetches. */
  staleWhileRevalidateSeconds: 60,
} as const;

/** The longest any answer asks the edge to keep it: CloudFront's maximum TTL must not be below this. */
export const LONGEST_EDGE_SECONDS = Math.max(EDGE_CACHE.pageSeconds, EDGE_CACHE.apiReadSeconds, EDGE_CACHE.listingSeconds);

export const PRIVATE_NO_STORE = 'private, no-store';

/** `public` for the edge (s-maxage) and, for `browserSeconds`, the browser. */
export const publicCacheControl = (edgeSeconds: number, browserSeconds = 0) =>
  `public, max-age=${browserSeconds}, s-maxage=${edgeSeconds}, stale-while-revalidate=${EDGE_CACHE.staleWhileRevalidateSeconds}`;
