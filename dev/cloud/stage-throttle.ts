/**
 * API Gateway's stage throttles, read from the synthesized $default stage (infra/lib/throttles.ts
 * writes them): a token bucket per route key, filled at the route's rate up to its burst, the
 * route's own setting (RouteSettings) or the stage's default (DefaultRouteSettings). A request
 * finding its bucket empty gets API Gateway's 429. The account-level limit is not modelled: the
 * routes' limits together fit inside it by construction (infra/test/throttles.test.ts).
 */
import type { TemplateResolver } from './model.js';

interface ThrottleSetting {
  rateLimit: number;
  burstLimit: number;
}

export interface StageThrottleModel {
  defaultRoute?: ThrottleSetting;
  routes: Record<string, ThrottleSetting>;
}

type Props = Record<string, unknown>;

const settingOf = (s: Props | undefined): ThrottleSetting | undefined =>
  s && typeof s.ThrottlingRateLimit === 'number' && typeof s.ThrottlingBurstLimit === 'number'
    ? { rateLimit: s.ThrottlingRateLimit, burstLimit: s.ThrottlingBurstLimit }
    : undefined;

/** The throttles of the app's HTTP API stage, or undefined when the app has no stage. */
export function stageThrottleModelOf(resolver: Pick<TemplateResolver, 'templates'>): StageThrottleModel | undefined {
  for (const t of Object.values(resolver.templates)) {
    for (const r of Object.values(t.Resources ?? {})) {
      if (r.Type !== 'AWS::ApiGatewayV2::Stage') continue;
      const p = r.Properties ?? {};
      const routes: Record<string, ThrottleSetting> = {};
      for (const [key, s] of Object.entries((p.RouteSettings as Record<string, Props>) ?? {})) {
        const setting = settingOf(s);
        if (setting) routes[key] = setting;
      }
      return { defaultRoute: settingOf(p.DefaultRouteSettings as Props), routes };
    }
  }
  return undefined;
}

/** `take(routeKey)`: true when the request may go on, false when API Gateway would answer 429. */
export function createStageThrottle(model: StageThrottleModel, now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return function take(routeKey: string): boolean {
    const setting = model.routes[routeKey] ?? model.defaultRoute;
    if (!setting) return true;
    const t = now();
    const bucket = buckets.get(routeKey) ?? { tokens: setting.burstLimit, at: t };
    bucket.tokens = Math.min(setting.burstLimit, bucket.tokens + ((t - bucket.at) / 1000) * setting.rateLimit);
    bucket.at = t;
    buckets.set(routeKey, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };
}

/** API Gateway's answer to a throttled request. */
export const TOO_MANY_REQUESTS_BODY = JSON.stringify({ message: 'Too Many Requests' });
