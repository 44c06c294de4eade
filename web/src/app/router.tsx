import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RootLayout } from '@/components/layout/root-layout';
import { CATEGORY_PAGES } from '@shared/values';
import { accountRoutes } from './account-routes';
import { adminRoutes } from './admin-routes';
import { contentRoutes } from './content-routes';
import { categoryLoader, homeLoader, listingLoader } from './prefetch';
import { RouteErrorPage } from './route-error';

// Every screen is its own chunk, so the first load carries only the shell and the page asked for.
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
      { index: true, element: <HomePage />, loader: homeLoader },
      ...CATEGORY_PAGES.map((page) => ({
        path: page.path.slice(1),
        element: <CategoryPage key={page.path} page={page} />,
        loader: categoryLoader(page.category),
      })),
      { path: 'truck/:id', element: <ListingDetailPage />, loader: listingLoader },
      ...contentRoutes,
      ...accountRoutes,
      ...adminRoutes,
      { path: '*', element: <NotFoundPage /> },
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

export const createRouter = () => createBrowserRouter(routes);
