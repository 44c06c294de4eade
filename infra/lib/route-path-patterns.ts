/**
 * Which route rows need a CloudFront behaviour of their own, and its path pattern (web-stack.ts
 * builds the distribution's page behaviours from them).
 */
import type { RouteDef } from '../../functions/src/routes.js';

/** CloudFront path pattern of an API Gateway route path: `/truck/{id}` -> `/truck/*`. */
const pathPatternOf = (path: string) => path.replace(/\{[^}]+\}.*$/, '*');

/** A row the default behaviour already sends to the API: the home page and the page catch-all (/{proxy+}). */
const isDefaultBehaviourRow = (r: RouteDef) => r.path === '/' || /^\/\{\w+\+\}$/.test(r.path);

/**
 * Path patterns of the rows that need a behaviour of their own to reach the API: those outside
 * /api/* that look like files (sitemap.xml, robots.txt) — they must win over `/*.*` — in table order.
 */
export const pagePathPatterns = (routes: readonly RouteDef[]) => [
  ...new Set(routes.filter((r) => !r.path.startsWith('/api/') && !isDefaultBehaviourRow(r)).map((r) => pathPatternOf(r.path))),
];
