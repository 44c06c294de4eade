import { lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router-dom';
import { RootLayout } from '@/components/layout/root-layout';
import { CATEGORY_PAGES } from '@shared/values';
import { accountRoutes } from './account-routes';
import { adminRoutes } from './admin-routes';
import { alertsRoutes } from './alerts-routes';
import { compareRoutes } from './compare-routes';
import { contentRoutes } from './content-routes';
import {
  categoryPrefetch,
  homePrefetch,
  listingPrefetch,
  storefrontPrefetch,
  useBrowseQueryCodeWhenIdle,
  usePrefetchOnNavigate,
} from './prefetch';
import { RouteErrorBoundary } from './route-error';
import type { RouteHandle } from './server-render';
import { serverRender } from './server-render';

// Every screen is its own chunk, so the first load carries only the shell and the page asked for.
// Server-rendered routes name their chunk's source module in `serverRender(…)` (next to its import)
// so the page handler can list its chunks from the build manifest.
const HomePage = lazy(() => import('@/features/listings/components/home-page').then((m) => ({ default: m.HomePage })));
const CategoryPage = lazy(() => import('@/features/listings/components/category-page').then((m) => ({ default: m.CategoryPage })));
const ListingDetailPage = lazy(() =>
  import('@/features/listings/components/listing-detail-page').then((m) => ({ default: m.ListingDetailPage })),
);
const StorefrontPage = lazy(() => import('@/features/listings/components/storefront-page').then((m) => ({ default: m.StorefrontPage })));
const DealersPage = lazy(() => import('@/features/listings/components/dealers-page').then((m) => ({ default: m.DealersPage })));
const NotFoundPage = lazy(() => import('@/features/not-found/components/not-found-page').then((m) => ({ default: m.NotFoundPage })));

/**
 * The app's routes, rendered by react-router's declarative mode (`useRoutes` inside a
 * BrowserRouter, or a StaticRouter on the server): its data router (loaders, createBrowserRouter)
 * is not used, which keeps ~15 KB gzip out of every first visit. What loaders did — start a page's
 * data with its code — is each route's `handle.prefetch` (app/prefetch.ts).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage />, handle: serverRender('src/features/listings/components/home-page.tsx', homePrefetch) },
      ...CATEGORY_PAGES.map((page) => ({
        path: page.path.slice(1),
        element: <CategoryPage key={page.path} page={page} />,
        handle: serverRender('src/features/listings/components/category-page.tsx', categoryPrefetch(page.category)),
      })),
      {
        path: 'truck/:id',
        element: <ListingDetailPage />,
        handle: serverRender('src/features/listings/components/listing-detail-page.tsx', listingPrefetch),
      },
      // Issue 26 §1: dealer storefronts, server-rendered like the category pages (the header, and the stock's first page when unfiltered).
      {
        path: 'dealers/:slug',
        element: <StorefrontPage />,
        handle: serverRender('src/features/listings/components/storefront-page.tsx', storefrontPrefetch),
      },
      { path: 'dealers', element: <DealersPage /> },
      ...contentRoutes,
      ...compareRoutes,
      ...accountRoutes,
      ...alertsRoutes,
      ...adminRoutes,
      {
        path: '*',
        element: <NotFoundPage />,
        handle: { ...serverRender('src/features/not-found/components/not-found-page.tsx', () => []), notFound: true } satisfies RouteHandle,
      },
    ],
  },
];

/**
 * The routes for the current location, inside the last-resort error screen. `serverRendered`: the
 * first location's data came with the HTML, so it is not prefetched again.
 */
export function AppRoutes({ serverRendered = false }: { serverRendered?: boolean }) {
  usePrefetchOnNavigate(routes, serverRendered);
  useBrowseQueryCodeWhenIdle();
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}
