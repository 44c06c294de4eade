import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiTransport } from '@/lib/api-client';
import { prefetchForServer, storefrontPrefetch } from './prefetch';
import type { AnyQueryOptions } from './server-render';

/**
 * A storefront's server fetch (web/src/entry-server.tsx renders with it): the header always, and
 * the stock's first page only for an unfiltered URL, without losing the header when the page
 * function has no first screen for the stock.
 */
const SLUG = 'pennine-truck-sales-ltd';
const STOCK_KEY = ['listings', 'search', { dealer: SLUG, page: 1, pageSize: 24 }];
const routes: RouteObject[] = [{ path: '/', children: [{ path: 'dealers/:slug', handle: { prefetch: storefrontPrefetch } }] }];
const STOCK = { items: [], total: 0, page: 1, pageSize: 24, totalPages: 0, facets: {}, near: null };

/** The page function's in-process API as the server render sees it: the header, the stock with `stockStatus`, the layout's reads empty. */
function serveApi(stockStatus: number) {
  const asked: string[] = [];
  setApiTransport(async (url) => {
    asked.push(url);
    if (url === `/api/dealers/${SLUG}`) return Response.json({ slug: SLUG, companyName: 'Pennine Truck Sales Ltd' });
    if (url.startsWith('/api/listings?'))
      return stockStatus === 200 ? Response.json(STOCK) : Response.json({ error: { code: 'NOT_FOUND', message: 'no' } }, { status: 404 });
    return Response.json({});
  });
  return asked;
}

async function serverFetch(pathAndQuery: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await prefetchForServer(routes, new URL(`http://page.local${pathAndQuery}`), client);
  return client;
}

afterEach(() => setApiTransport((url, init) => fetch(url, init)));

describe('storefrontPrefetch', () => {
  it("fetches an unfiltered storefront's first stock page on the server, under the key the page's query uses", async () => {
    // Prepare
    serveApi(200);

    // Act
    const client = await serverFetch(`/dealers/${SLUG}`);

    // Assess
    expect(client.getQueryData(['dealers', 'storefront', SLUG])).toMatchObject({ slug: SLUG });
    expect(client.getQueryData(STOCK_KEY)).toEqual(STOCK);
  });

  it('fetches it too when the URL only changes the view', async () => {
    serveApi(200);
    const client = await serverFetch(`/dealers/${SLUG}?view=list`);
    expect(client.getQueryData(STOCK_KEY)).toEqual(STOCK);
  });

  it('asks for no stock on the server when the URL sets a search, filter, sort or page', async () => {
    for (const query of ['make=volvo', 'q=volvo', 'sort=price-low', 'page=2', 'priceMax=20000', 'reduced=true']) {
      const asked = serveApi(200);
      const client = await serverFetch(`/dealers/${SLUG}?${query}`);
      expect(
        asked.filter((u) => u.startsWith('/api/listings')),
        query,
      ).toEqual([]);
      expect(client.getQueryData(['dealers', 'storefront', SLUG]), query).toMatchObject({ slug: SLUG });
    }
  });

  it('keeps the header when the stock has no first screen: the failed stock query is left to the browser', async () => {
    serveApi(404);

    const client = await serverFetch(`/dealers/${SLUG}`);

    expect(client.getQueryState(STOCK_KEY)).toBeUndefined();
    expect(client.getQueryData(['dealers', 'storefront', SLUG])).toMatchObject({ slug: SLUG });
    // Nothing left in error, so the server renders the page (entry-server.tsx renders the shell otherwise).
    expect(
      client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.status === 'error'),
    ).toEqual([]);
  });

  it("starts a filtered storefront's stock request beside the header's in the browser", async () => {
    const url = new URL(`http://localhost/dealers/${SLUG}?make=volvo`);
    const queries = await Promise.all(storefrontPrefetch({ url, params: { slug: SLUG } }, 'browser'));
    expect(queries.map((q) => (q as AnyQueryOptions).queryKey)).toEqual([
      ['dealers', 'storefront', SLUG],
      ['listings', 'search', { dealer: SLUG, make: 'volvo', page: 1, pageSize: 24 }],
    ]);
  });
});
