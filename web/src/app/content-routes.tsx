import type { RouteObject } from 'react-router-dom';

/** Content pages (finance, insurance, FAQ, …) are added here by their own issue. */
export const contentRoutes: RouteObject[] = [];
