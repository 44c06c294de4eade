/**
 * Server rendering of the SPA's first screen, imported by the page handler
 * (functions/src/http/seo/render-page.ts) — never by the browser bundle. The same route table the
 * browser uses (app/router.tsx) decides the answer: a route that opts in (`serverRender` handle,
 * for the URLs its `when` accepts) is rendered with its prefetched data (awaited, in a per-request query cache) and React's
 * `prerender`, which waits for the lazily loaded page; the catch-all route is a 404; anything
 * else is a client route the SPA shell renders.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData } from './app/first-screen';
import { leafHandle, prefetchForServer } from './app/prefetch';
import { AppProvider } from './app/provider';
import { AppRoutes, routes } from './app/router';
import { type ApiTransport, setApiTransport } from './lib/api-client';
import { jsonForScript } from '@shared/script-json';

export type { ApiTransport };

const transports = new AsyncLocalStorage<ApiTransport>();
// The web's API client calls whatever transport the current render was given (the page handler's
// in-process API), so concurrent renders in one process never see each other's requests.
setApiTransport((url, init) => {
  const transport = transports.getStore();
  if (!transport) return Promise.reject(new Error(`No API transport for ${url} outside a server render`));
  return transport(url, init);
});

export type PageRender =
  /**
   * The page's first screen: `html` goes inside #root, `dataScript` (the data the browser hydrates
   * with, a JSON block) right after it; `modules` are the route's source modules, whose chunks the
   * page handler lists for the entry script.
   */
  | { kind: 'rendered'; status: number; html: string; dataScript: string; modules: string[] }
  /** A client route the server does not render: the SPA shell with a 200. */
  | { kind: 'shell'; status: 200 };

/**
 * Renders `url` (absolute; path and query matter) as an anonymous visitor sees it. `api` answers the
 * page's API reads (GET /api/…).
 */
export async function renderPage(url: string, api: ApiTransport): Promise<PageRender> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  return transports.run(api, async () => {
    const location = new URL(url);
    const leaf = leafHandle(routes, location);
    if (!leaf?.serverRender || leaf.serverRender.when?.(location) === false) return { kind: 'shell', status: 200 };
    await prefetchForServer(routes, location, queryClient);
    // A first-screen read that failed (the API is down, or the data is gone) leaves the page to the
    // browser, which shows its own error or not-found state: the server never renders a half page.
    if (
      queryClient
        .getQueryCache()
        .getAll()
        .some((q) => q.state.status === 'error')
    )
      return { kind: 'shell', status: 200 };
    const { prelude } = await prerender(
      <StrictMode>
        <AppProvider client={queryClient}>
          <StaticRouter location={location.pathname + location.search}>
            <AppRoutes serverRendered />
          </StaticRouter>
        </AppProvider>
      </StrictMode>,
      // Inline every boundary: React would otherwise outline large ones behind a fallback and an
      // inline script to swap them in (a layout shift, and blocked by the CSP's script-src 'self').
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const html = await new Response(prelude).text();
    const data: FirstScreenData = { queries: dehydrate(queryClient) };
    const dataScript = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${jsonForScript(data)}</script>`;
    return { kind: 'rendered', status: leaf.notFound ? 404 : 200, html, dataScript, modules: [leaf.serverRender.module] };
  });
}
