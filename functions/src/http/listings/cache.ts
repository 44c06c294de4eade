import type { Caller } from '../../domain/caller.js';

/**
 * Anonymous answers are the same for every visitor (contacts masked), so browsers and the CDN
 * may keep them briefly; signed-in answers carry contact details and are never stored.
 * `Vary: Authorization` stops a cached anonymous answer being shown after sign-in.
 */
export function cacheHeadersFor(caller: Caller, publicMaxAgeSeconds = 10): Record<string, string> {
  if (caller.kind === 'anonymous') {
    return { 'cache-control': `public, max-age=${publicMaxAgeSeconds}, stale-while-revalidate=30`, vary: 'Authorization' };
  }
  return { 'cache-control': 'private, no-store', vary: 'Authorization' };
}
