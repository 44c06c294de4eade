import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { comparePrefetch, hasCompareIds } from './prefetch';
import { paths } from './paths';
import { serverRender } from './server-render';

const ComparePage = lazy(() => import('@/features/compare/components/compare-page').then((m) => ({ default: m.ComparePage })));

/**
 * Compare (issue 26 §2), spread into the root layout's children by the router. A shared link
 * (`?ids=`) is server-rendered like a listing page; without ids the page shows the visitor's tray.
 */
export const compareRoutes: RouteObject[] = [
  {
    path: paths.compare,
    element: <ComparePage />,
    handle: serverRender('src/features/compare/components/compare-page.tsx', comparePrefetch, hasCompareIds),
  },
];
