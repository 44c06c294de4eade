import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { latestListingsQueryOptions } from '@/features/listings/api/get-latest-listings';
import { canReadListingAsCaller, listingQueryOptions } from '@/features/listings/api/get-listing';
import { searchListingsQueryOptions } from '@/features/listings/api/search-listings';
import { parseBrowseParams, toApiQuery } from '@/features/listings/lib/browse-params';
import { pageContentQuery } from '@/features/site/api/get-page-content';
import { promotionsQuery } from '@/features/site/api/get-promotions';
import { queryClient } from '@/lib/query-client';
import type { Category } from '@shared/values';

/**
 * Route loaders that prefetch a page's first-screen queries. In the browser they never wait, so a
 * page's data request goes out alongside its code chunk instead of after it. On the server
 * (web/src/entry-server.tsx passes its own QueryClient as the loader context) they are awaited, so
 * the HTML carries the first screen and its data. The pages read the same queries from the cache.
 * Any route can opt into server rendering with a loader made by `prefetching`.
 */
export interface ServerLoadContext {
  queryClient: QueryClient;
}

// biome-ignore lint/suspicious/noExplicitAny: query options of any data type
type AnyQueryOptions = FetchQueryOptions<any, any, any, any>;

const serverContext = (context: unknown): ServerLoadContext | null =>
  context && typeof context === 'object' && 'queryClient' in context ? (context as ServerLoadContext) : null;

/**
 * What every page's layout reads (the site notice, promotions): the server renders them too, so
 * nothing on the first screen changes when the browser would otherwise fetch them after hydration
 * (a late change to the hero is a new, later LCP paint).
 */
const layoutQueries = (): AnyQueryOptions[] => [pageContentQuery('site') as AnyQueryOptions, promotionsQuery as AnyQueryOptions];

/** `where`: the server prefetches only what its HTML shows; the browser also what comes next. */
export function prefetching(queriesOf: (args: LoaderFunctionArgs, where: 'server' | 'browser') => AnyQueryOptions[]) {
  return async (args: LoaderFunctionArgs) => {
    const server = serverContext(args.context);
    const queries = queriesOf(args, server ? 'server' : 'browser');
    if (server) {
      const layout = layoutQueries();
      await Promise.all([...layout, ...queries].map((q) => server.queryClient.prefetchQuery(q)));
      // The layout's extras never cost the page its server rendering: a failed one is left to the browser.
      for (const q of layout)
        if (server.queryClient.getQueryState(q.queryKey)?.status === 'error')
          server.queryClient.removeQueries({ queryKey: q.queryKey, exact: true });
      return null;
    }
    for (const q of queries) void queryClient.prefetchQuery(q);
    return null;
  };
}

const browseQuery = (request: Request, fixedCategory?: Category) => {
  const state = parseBrowseParams(new URL(request.url).searchParams);
  return searchListingsQueryOptions(toApiQuery(state, { fixedCategory })) as AnyQueryOptions;
};

// Home's browse section is below the fold and renders after hydration (home-page.tsx); its hero
// and stats texts are page content staff edit.
export const homeLoader = prefetching(({ request }, where) => {
  const firstScreen = [latestListingsQueryOptions() as AnyQueryOptions, pageContentQuery('home') as AnyQueryOptions];
  return where === 'server' ? firstScreen : [...firstScreen, browseQuery(request)];
});

export const categoryLoader = (category: Category) => prefetching(({ request }) => [browseQuery(request, category)]);

export const listingLoader = prefetching(({ params }) =>
  params.id && canReadListingAsCaller() ? [listingQueryOptions(params.id) as AnyQueryOptions] : [],
);
