import type { FetchQueryOptions } from '@tanstack/react-query';
import type { Params } from 'react-router-dom';

// biome-ignore lint/suspicious/noExplicitAny: query options of any data type
export type AnyQueryOptions = FetchQueryOptions<any, any, any, any>;

/** What a route's `prefetch` is given: the matched URL and its params. */
interface PrefetchArgs {
  url: URL;
  params: Params;
}

/**
 * A query a route prefetches, or the promise of one whose options need code imported on demand
 * (null: that code decided the URL needs none).
 */
export type PrefetchQuery = AnyQueryOptions | Promise<AnyQueryOptions | null>;

/**
 * A route's `handle` (app/router.tsx):
 * - `prefetch` names the queries its first screen reads. On the server (web/src/entry-server.tsx)
 *   they are awaited, so the HTML carries the first screen and its data; in the browser they are
 *   started as the navigation begins (app/prefetch.ts), so the data request goes out alongside the
 *   route's code chunk instead of after it (or after the small chunk its options need, for a
 *   promised query). `where`: the server fetches only what its HTML shows.
 * - `serverRender` marks a route the page handler (functions/src/http/seo/render-page.ts) renders
 *   on the server; `module` is its lazily loaded source module (as Vite's manifest names it,
 *   relative to web/), whose chunks the HTML lists. Routes without it get the SPA shell.
 *   `when`, if given, decides per URL: a URL it refuses gets the SPA shell (/compare without
 *   `ids` shows the visitor's own tray, which only the browser knows).
 * - `notFound`: the catch-all route; the server answers it with HTTP 404.
 */
export interface RouteHandle {
  prefetch?: (args: PrefetchArgs, where: 'server' | 'browser') => PrefetchQuery[];
  serverRender?: { module: string; when?: (url: URL) => boolean };
  notFound?: boolean;
}

export const serverRender = (
  module: string,
  prefetch: NonNullable<RouteHandle['prefetch']>,
  when?: (url: URL) => boolean,
): RouteHandle => ({
  serverRender: { module, when },
  prefetch,
});
