import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { matchRoutes, type RouteObject, useLocation } from 'react-router-dom';
import { latestListingsQueryOptions } from '@/features/listings/api/get-latest-listings';
import { canReadListingAsCaller, listingQueryOptions } from '@/features/listings/api/get-listing';
import { financeSettingsQuery } from '@/components/finance/api/get-finance-settings';
import { pageContentQuery } from '@/components/site/api/get-page-content';
import { promotionsQuery } from '@/components/site/api/get-promotions';
import { storefrontQueryOptions } from '@/features/listings/api/get-storefront';
import { queryClient as browserQueryClient } from '@/lib/query-client';
import { onIdle } from '@/lib/when-idle-or-near';
import type { Category } from '@shared/values';
import type { AnyQueryOptions, PrefetchQuery, RouteHandle } from './server-render';

/**
 * What every page's layout reads (the site notice, promotions, and the finance settings the cards'
 * and listing page's monthly figures need): the server renders them too, so
 * nothing on the first screen changes when the browser would otherwise fetch them after hydration
 * (a late change to the hero is a new, later LCP paint).
 */
const layoutQueries = (): AnyQueryOptions[] => [
  pageContentQuery('site') as AnyQueryOptions,
  promotionsQuery as AnyQueryOptions,
  financeSettingsQuery as AnyQueryOptions,
];

/** The handle of the deepest route matching `url` (the page), if any. */
export const leafHandle = (routes: RouteObject[], url: URL) =>
  (matchRoutes(routes, url.pathname) ?? []).at(-1)?.route.handle as RouteHandle | undefined;

const noop = () => undefined;

/** The queries the routes matching `url` prefetch (each matched route's `handle.prefetch`). */
const queriesFor = (routes: RouteObject[], url: URL, where: 'server' | 'browser'): PrefetchQuery[] =>
  (matchRoutes(routes, url.pathname) ?? []).flatMap(
    (m) => (m.route.handle as RouteHandle | undefined)?.prefetch?.({ url, params: m.params }, where) ?? [],
  );

/** Queries whose failure on the server leaves them to the browser instead of costing the page its server rendering. */
const optionalOnServerQueries = new WeakSet<AnyQueryOptions>();
const optionalOnServer = (q: AnyQueryOptions) => {
  optionalOnServerQueries.add(q);
  return q;
};

/**
 * The server's fetch for one render (web/src/entry-server.tsx): the route's first-screen queries
 * and the layout's, awaited into the render's own cache. The layout's extras, and a route's queries
 * marked optionalOnServer, never cost the page its server rendering: a failed one is removed, so
 * the browser fetches it.
 */
export async function prefetchForServer(routes: RouteObject[], url: URL, client: QueryClient) {
  const queries = await Promise.all([...layoutQueries().map(optionalOnServer), ...queriesFor(routes, url, 'server')]);
  const wanted = queries.filter((q): q is AnyQueryOptions => q !== null);
  await Promise.all(wanted.map((q) => client.prefetchQuery(q)));
  for (const q of wanted)
    if (optionalOnServerQueries.has(q) && client.getQueryState(q.queryKey)?.status === 'error')
      client.removeQueries({ queryKey: q.queryKey, exact: true });
}

/**
 * Starts the next screen's data as soon as a navigation renders (before its lazily loaded page
 * has arrived; React keeps the old screen up meanwhile), never waiting for it. The first location
 * of a server-rendered page is skipped: its data came with the HTML. Prefetching is idempotent
 * (the query cache joins a request in flight and keeps fresh data), so a render React repeats
 * costs nothing.
 */
export function usePrefetchOnNavigate(routes: RouteObject[], skipFirst: boolean) {
  const location = useLocation();
  const last = useRef<string | null>(skipFirst ? location.key : null);
  if (last.current === location.key) return;
  last.current = location.key;
  const url = new URL(location.pathname + location.search, window.location.origin);
  for (const q of queriesFor(routes, url, 'browser'))
    void Promise.resolve(q).then((options) => options && browserQueryClient.prefetchQuery(options), noop);
}

const loadBrowseQuery = () => import('@/features/listings/lib/browse-query');

/** The browse results' query for `url`, once its code (the URL parser, with the browse code) has loaded. */
const browseQuery = async (url: URL, fixed: { fixedCategory?: Category; fixedDealer?: string } = {}) => {
  const { browseResultsQuery } = await loadBrowseQuery();
  return browseResultsQuery(url.searchParams, fixed) as AnyQueryOptions;
};

/**
 * The browse query's code once the browser is idle: it is not in a page's first load, and a later
 * navigation to a category page then sends its data request at once, alongside the page's chunk.
 */
export function useBrowseQueryCodeWhenIdle() {
  useEffect(() => onIdle(() => void loadBrowseQuery().catch(() => undefined), 8000), []);
}

// Home's browse section is below the fold and renders after hydration (home-page.tsx); its hero
// and stats texts are page content staff edit.
export const homePrefetch: NonNullable<RouteHandle['prefetch']> = ({ url }, where) => {
  const firstScreen = [latestListingsQueryOptions() as AnyQueryOptions, pageContentQuery('home') as AnyQueryOptions];
  return where === 'server' ? firstScreen : [...firstScreen, browseQuery(url)];
};

export const categoryPrefetch =
  (category: Category): NonNullable<RouteHandle['prefetch']> =>
  ({ url }) => [browseQuery(url, { fixedCategory: category })];

/**
 * A dealer's storefront (issue 26): its header, and on the server its stock's first page when the
 * URL sets no search, filter, sort or page. The page function answers that query from the
 * storefront's first-screens object (http/seo/in-process-api.ts), so the HTML carries the first
 * cards and hydration fetches nothing; it is optional there: a storefront without an object yet
 * keeps its server-rendered header and leaves the stock to the browser. A filtered URL's stock is
 * a search the page function cannot answer (it holds no search index), so the browser asks for
 * it. In the browser a navigation starts the stock's request beside the header's, filtered or not.
 */
export const storefrontPrefetch: NonNullable<RouteHandle['prefetch']> = ({ url, params }, where) => {
  const slug = params.slug;
  if (!slug) return [];
  const header = storefrontQueryOptions(slug) as AnyQueryOptions;
  if (where === 'browser') return [header, browseQuery(url, { fixedDealer: slug })];
  const firstStock = loadBrowseQuery().then(({ browseResultsQuery, isDefaultBrowse }) =>
    isDefaultBrowse(url.searchParams, { fixedDealer: slug })
      ? optionalOnServer(browseResultsQuery(url.searchParams, { fixedDealer: slug }) as AnyQueryOptions)
      : null,
  );
  return [header, firstStock];
};

const loadCompareQuery = () => import('@/features/compare/api/get-compare');

/** /compare with `ids` in its URL (a shared link): the server renders the comparison (issue 26 §5). */
export const hasCompareIds = (url: URL) => Boolean(url.searchParams.get('ids')?.trim());

export const comparePrefetch: NonNullable<RouteHandle['prefetch']> = ({ url }) =>
  hasCompareIds(url) ? [loadCompareQuery().then(({ compareUrlQuery }) => compareUrlQuery(url.searchParams) as AnyQueryOptions)] : [];

export const listingPrefetch: NonNullable<RouteHandle['prefetch']> = ({ params }) =>
  params.id && canReadListingAsCaller() ? [listingQueryOptions(params.id) as AnyQueryOptions] : [];
