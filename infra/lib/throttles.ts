import type { RouteDef } from '../../functions/src/routes.js';

/** Steady requests per second and burst (token-bucket size) of one API Gateway throttle. */
export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

/**
 * API Gateway's account-level throttle per region in a fresh account (a quota: raise it with a
 * Service Quotas request). Every route's limit below is counted against it, so the routes' limits
 * added together fit inside it and no route can starve another (the webhook's share is reserved).
 */
const ACCOUNT_THROTTLE: Throttle = { rateLimit: 10_000, burstLimit: 5_000 };

/** Route ids (functions/src/routes.ts) with a throttle of their own, by class (issue 23). */
const ROUTE_THROTTLE_CLASSES = {
  /** Stripe's webhook: its share is reserved, so a flood of page requests cannot make Stripe retry. */
  webhook: { throttle: { rateLimit: 50, burstLimit: 100 }, routeIds: ['StripeWebhook'] },
  /** Stripe calls made for a user: each creates or reads Stripe objects. */
  payments: {
    throttle: { rateLimit: 20, burstLimit: 40 },
    routeIds: ['CreateSubscriptionCheckout', 'OpenCustomerPortal', 'SyncMySubscription', 'CreateEquipmentCheckout'],
  },
  /** Anonymous writes that send mail or store a message (also behind ALTCHA and per-address limits). */
  abuse: {
    throttle: { rateLimit: 10, burstLimit: 20 },
    routeIds: [
      'SignUpAccount',
      'RequestPasswordReset',
      'SendContactMessage',
      'SubmitValuationRequest',
      'RequestValuationImageUploads',
      'ReportListing',
    ],
  },
} as const satisfies Record<string, { throttle: Throttle; routeIds: readonly string[] }>;

/**
 * Pages and search (their GET routes): they share what the account has left once every other
 * route's limit is counted (stageThrottles).
 */
const PAGE_AND_SEARCH_ROUTE_IDS = [
  'RenderHomePage',
  'RenderPage',
  'SearchListings',
  'LatestListings',
  'SuggestListings',
  'GetListing',
] as const;

/** Every other route (signed-in, admin, HEAD twins, small public reads): the stage's default route throttle. */
const DEFAULT_ROUTE_THROTTLE: Throttle = { rateLimit: 10, burstLimit: 20 };

/** API Gateway's route key of a row: `POST /api/contact`. */
const routeKeyOf = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;

export interface StageThrottles {
  /** DefaultRouteSettings: every route without a setting of its own. */
  defaultRoute: Throttle;
  /** RouteSettings by route key. */
  routes: Record<string, Throttle>;
}

/**
 * The stage's throttles for these rows: the classes' routes get their class's limit, pages and
 * search split what is left of the account's limits, every other route gets the default. Fails
 * when the total cannot fit the account (too many routes for it: raise the quota and ACCOUNT_THROTTLE).
 */
export function stageThrottles(rows: readonly RouteDef[], account: Throttle = ACCOUNT_THROTTLE): StageThrottles {
  const keyOf = new Map(rows.map((r) => [r.id, routeKeyOf(r)]));
  const routes: Record<string, Throttle> = {};
  for (const cls of Object.values(ROUTE_THROTTLE_CLASSES)) {
    for (const id of cls.routeIds) {
      const key = keyOf.get(id);
      if (key) routes[key] = { ...cls.throttle };
    }
  }
  const pageKeys = PAGE_AND_SEARCH_ROUTE_IDS.map((id) => keyOf.get(id)).filter((k): k is string => Boolean(k));
  const defaultCount = new Set(rows.map(routeKeyOf)).size - Object.keys(routes).length - pageKeys.length;
  const left = (field: keyof Throttle) =>
    account[field] - Object.values(routes).reduce((sum, t) => sum + t[field], 0) - defaultCount * DEFAULT_ROUTE_THROTTLE[field];
  if (pageKeys.length > 0) {
    const share = {
      rateLimit: Math.floor(left('rateLimit') / pageKeys.length),
      burstLimit: Math.floor(left('burstLimit') / pageKeys.length),
    };
    if (share.rateLimit < DEFAULT_ROUTE_THROTTLE.rateLimit || share.burstLimit < DEFAULT_ROUTE_THROTTLE.burstLimit) {
      throw new Error(
        `The API's ${rows.length} routes leave pages and search ${share.rateLimit} rps / ${share.burstLimit} burst of the account's ${account.rateLimit} / ${account.burstLimit}: raise the account's API Gateway quota and ACCOUNT_THROTTLE (infra/lib/throttles.ts).`,
      );
    }
    for (const key of pageKeys) routes[key] = share;
  } else if (left('rateLimit') < 0 || left('burstLimit') < 0) {
    throw new Error(`The API's routes need more than the account's ${account.rateLimit} rps / ${account.burstLimit} burst.`);
  }
  return { defaultRoute: { ...DEFAULT_ROUTE_THROTTLE }, routes };
}
