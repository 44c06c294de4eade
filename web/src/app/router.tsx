import { lazy } from 'react';
import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router-dom';
import { RootLayout } from '@/components/layout/root-layout';
import { CATEGORY_PAGES } from '@shared/values';
import { accountRoutes } from './account-routes';
import { alertsRoutes } from './alerts-routes';
import { adminRoutes } from './admin-routes';
import { contentRoutes } from './content-routes';
import { categoryLoader, homeLoader, listingLoader, prefetching } from './prefetch';
import { RouteErrorPage } from './route-error';
import { serverRender } from './server-render';

// Every screen is its own chunk, so the first load carries only the shell and the page asked for.
// Server-rendered routes name their chunk's source module in `serverRender(…)` (next to its import)
// so the page handler can modulepreload it from the build manifest.
const HomePage = lazy(() => import('@/features/listings/components/home-page').then((m) => ({ default: m.HomePage })));
const CategoryPage = lazy(() => import('@/features/listings/components/category-page').then((m) => ({ default: m.CategoryPage })));
const ListingDetailPage = lazy(() =>
  import('@/features/listings/components/listing-detail-page').then((m) => ({ default: m.ListingDetailPage })),
);
const NotFoundPage = lazy(() => import('@/features/not-found/components/not-found-page').then((m) => ({ default: m.NotFoundPage })));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // Shown for the instant the (non-blocking) prefetch loaders take on first load.
    HydrateFallback: ShellFallback,
    children: [
      { index: true, element: <HomePage />, loader: homeLoader, handle: serverRender('src/features/listings/components/home-page.tsx') },
      ...CATEGORY_PAGES.map((page) => ({
        path: page.path.slice(1),
        element: <CategoryPage key={page.path} page={page} />,
        loader: categoryLoader(page.category),
        handle: serverRender('src/features/listings/components/category-page.tsx'),
      })),
      {
        path: 'truck/:id',
        element: <ListingDetailPage />,
        loader: listingLoader,
        handle: serverRender('src/features/listings/components/listing-detail-page.tsx'),
      },
      ...contentRoutes,
      ...accountRoutes,
      ...alertsRoutes,
      ...adminRoutes,
      {
        path: '*',
        element: <NotFoundPage />,
        loader: prefetching(() => []),
        handle: { ...serverRender('src/features/not-found/components/not-found-page.tsx'), notFound: true },
      },
    ],
  },
];

function ShellFallback() {
  return (
    <div className="min-h-dvh bg-background">
      <div className="h-16 bg-primary" />
    </div>
  );
}

/** `hydrationData` comes with server-rendered HTML (web/src/entry-server.tsx), so the loaders need not run again. */
export const createRouter = (hydrationData?: HydrationState) => createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
