import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from './paths';

const ComparePage = lazy(() => import('@/features/compare/components/compare-page').then((m) => ({ default: m.ComparePage })));

/** Compare (issue 26 §2), spread into the root layout's children by the router. */
export const compareRoutes: RouteObject[] = [{ path: paths.compare, element: <ComparePage /> }];
