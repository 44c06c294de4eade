import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from './paths';

const AdminPage = lazy(() => import('@/features/admin/components/admin-page').then((m) => ({ default: m.AdminPage })));

/** The admin area (issue 11), spread into the root layout's children by the router. */
export const adminRoutes: RouteObject[] = [{ path: paths.admin, element: <AdminPage /> }];
