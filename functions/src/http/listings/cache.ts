import type { Caller } from '../../domain/caller.js';
import { EDGE_CACHE, PRIVATE_NO_STORE, publicCacheControl } from '../cache-control.js';

/**
 * Anonymous answers are the same for every visitor (contacts masked), so browsers and the CDN
 * may keep them briefly (http/cache-control.ts); signed-in answers carry contact details and are
 * never stored. `Vary: Authorization` stops a browser reusing a cached anonymous answer after sign-in.
 */
export function cacheHeadersFor(caller: Caller, publicMaxAgeSeconds: number = EDGE_CACHE.apiReadSeconds): Record<string, string> {
  if (caller.kind === 'anonymous') {
    return { 'cache-control': publicCacheControl(publicMaxAgeSeconds, publicMaxAgeSeconds), vary: 'Authorization' };
  }
  return { 'cache-control': PRIVATE_NO_STORE, vary: 'Authorization' };
}
