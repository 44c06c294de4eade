import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteDef, routes } from '../../functions/src/routes.js';
import { stageThrottles } from '../lib/throttles.js';
import { removeTempDirs, synthTruckYard } from './synth-app.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test: the routes with a class of their own. */
const CLASS_THROTTLED_ROUTE_IDS = [
  'StripeWebhook',
  'CreateSubscriptionCheckout',
  'OpenCustomerPortal',
  'SyncMySubscription',
  'CreateEquipmentCheckout',
  'SignUpAccount',
  'RequestPasswordReset',
  'SendContactMessage',
  'SubmitValuationRequest',
  'RequestValuationImageUploads',
  'ReportListing',
];
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const DEFAULT_ROUTE_THROTTLE = { rateLimit: 10, burstLimit: 20 };
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const PAGE_AND_SEARCH_ROUTE_IDS = [
  'RenderHomePage',
  'RenderPage',
  'SearchListings',
  'LatestListings',
  'SuggestListings',
  'GetListing',
] as const;
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const ACCOUNT_THROTTLE = { rateLimit: 10_000, burstLimit: 5_000 };

type Resources = Record<string, { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] }>;
type Setting = { ThrottlingRateLimit: number; ThrottlingBurstLimit: number };

let app: ReturnType<typeof synthTruckYard>;
beforeAll(() => {
  app = synthTruckYard();
});
afterAll(removeTempDirs);

const resourcesOf = (t: Template, type: string) => Object.values(t.findResources(type) as Resources);

/** The synthesized $default stage's settings, and every route key on the API (all stacks). */
function synthesized() {
  const [stage] = resourcesOf(app.templates.apiStage, 'AWS::ApiGatewayV2::Stage');
  const keys = [app.templates.api, ...Object.values(app.areaTemplates)].flatMap((t) =>
    resourcesOf(t, 'AWS::ApiGatewayV2::Route').map((r) => r.Properties.RouteKey as string),
  );
  return {
    defaults: stage.Properties.DefaultRouteSettings as Setting,
    perRoute: stage.Properties.RouteSettings as Record<string, Setting>,
    keys,
  };
}

/** API Gateway's route key of a row: `POST /api/contact`. */
const keyOf = (id: string) => {
  const r = routes.find((row) => row.id === id)!;
  return `${r.method} ${r.path}`;
};

describe('per-route throttles on the API stage (issue 23)', () => {
  it('throttles the webhook at 50/100, checkout, portal and sync at 20/40, sign-up, contact and valuation at 10/20', () => {
    // Act
    const { perRoute } = synthesized();
    // Assess
    expect(perRoute['POST /api/payments/webhook']).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    for (const key of [
      'POST /api/subscription/checkout',
      'POST /api/subscription/portal',
      'POST /api/subscription/sync',
      'POST /api/equipment/checkout',
    ]) {
      expect(perRoute[key], key).toEqual({ ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 });
    }
    for (const key of ['POST /api/accounts/sign-up', 'POST /api/contact', 'POST /api/valuations', 'POST /api/accounts/password-reset']) {
      expect(perRoute[key], key).toEqual({ ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 });
    }
  });

  it('gives pages and search what is left, every other route the default, and the total fits the account (webhook reserved)', () => {
    // Act
    const { defaults, perRoute, keys } = synthesized();
    const unset = keys.filter((k) => !perRoute[k]);
    const total = (field: keyof Setting) => Object.values(perRoute).reduce((sum, s) => sum + s[field], 0) + unset.length * defaults[field];
    // Assess
    expect(defaults).toEqual({
      ThrottlingRateLimit: DEFAULT_ROUTE_THROTTLE.rateLimit,
      ThrottlingBurstLimit: DEFAULT_ROUTE_THROTTLE.burstLimit,
    });
    expect(total('ThrottlingRateLimit')).toBeLessThanOrEqual(ACCOUNT_THROTTLE.rateLimit);
    expect(total('ThrottlingBurstLimit')).toBeLessThanOrEqual(ACCOUNT_THROTTLE.burstLimit);
    // Pages and search get the rest: far more than any other route.
    for (const id of PAGE_AND_SEARCH_ROUTE_IDS) {
      expect(perRoute[keyOf(id)].ThrottlingRateLimit, id).toBeGreaterThan(500);
      expect(perRoute[keyOf(id)].ThrottlingBurstLimit, id).toBeGreaterThan(100);
    }
    // Every setting names a route that exists (API Gateway refuses the stage otherwise).
    expect(Object.keys(perRoute).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('deploys the stage after every stack that adds routes', () => {
    const deps = app.stacks.apiStage.dependencies.map((s) => s.stackName);
    expect(deps).toEqual(expect.arrayContaining([app.stacks.api.stackName, ...Object.values(app.stacks.areas).map((s) => s.stackName)]));
  });

  it('names only rows of the route table, and refuses a table too large for the account', () => {
    const ids = new Set(routes.map((r) => r.id));
    const named = [...CLASS_THROTTLED_ROUTE_IDS, ...PAGE_AND_SEARCH_ROUTE_IDS];
    expect(named.filter((id) => !ids.has(id))).toEqual([]);
    const many: RouteDef[] = Array.from({ length: 300 }, (_, i) => ({ ...routes[0], id: `Extra${i}`, path: `/api/extra/${i}` }));
    expect(() => stageThrottles([...routes, ...many])).toThrow(/raise the account's API Gateway quota/);
  });
});
