/**
 * A route's `handle` when the page handler (functions/src/http/seo/render-page.ts) renders it on
 * the server: its first screen arrives as HTML with its data, then hydrates. `module` is the
 * route's lazily loaded source module (as Vite's manifest names it, relative to web/), which the
 * HTML modulepreloads. Routes without it get the SPA shell. Any route may opt in; its loader should
 * be made with `prefetching` (app/prefetch.ts) so the server waits for its data.
 */
export interface RouteHandle {
  serverRender?: { module: string };
  /** The catch-all route: the server answers it with HTTP 404. */
  notFound?: boolean;
}

export const serverRender = (module: string): RouteHandle => ({ serverRender: { module } });
