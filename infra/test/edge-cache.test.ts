import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, type Caller } from '../../functions/src/domain/caller.js';
import { EDGE_CACHE, LONGEST_EDGE_SECONDS } from '../../functions/src/http/cache-control.js';
import { cacheHeadersFor } from '../../functions/src/http/listings/cache.js';
import { PAGE_CACHE_CONTROL } from '../../functions/src/http/seo/render-page.js';
import type { Template } from 'aws-cdk-lib/assertions';
import { removeTempDirs, synthTruckYard } from './synth-app.js';

type Resources = Record<string, { Properties: Record<string, unknown> }>;
const resourcesOf = (template: Template, type: string) => template.findResources(type) as Resources;

/**
 * CloudFront's cache policy (infra/lib/web-stack.ts) and the handlers' Cache-Control
 * (functions/src/http/cache-control.ts) only keep signed-in answers private together: this reads both.
 */
let policy: {
  MinTTL: number;
  DefaultTTL: number;
  MaxTTL: number;
  ParametersInCacheKeyAndForwardedToOrigin: {
    HeadersConfig: { HeaderBehavior: string; Headers?: string[] };
    QueryStringsConfig: { QueryStringBehavior: string };
    CookiesConfig: { CookieBehavior: string };
  };
};
let policyId: unknown;
let behaviours: { PathPattern?: string; CachePolicyId: unknown; TargetOriginId: string }[];

beforeAll(() => {
  const t = synthTruckYard().templates;
  const [[id, resource]] = Object.entries(resourcesOf(t.web, 'AWS::CloudFront::CachePolicy'));
  policy = (resource.Properties as { CachePolicyConfig: typeof policy }).CachePolicyConfig;
  policyId = { Ref: id };
  const dist = Object.values(resourcesOf(t.web, 'AWS::CloudFront::Distribution'))[0];
  const config = dist.Properties.DistributionConfig as {
    DefaultCacheBehavior: (typeof behaviours)[number];
    CacheBehaviors: typeof behaviours;
  };
  behaviours = [config.DefaultCacheBehavior, ...config.CacheBehaviors];
});
afterAll(removeTempDirs);

const SIGNED_IN: Caller = { kind: 'user', userId: 'u1', username: 'u1', groups: [], isAdmin: false, isSuperAdmin: false };

const directives = (cacheControl: string) =>
  Object.fromEntries(
    cacheControl.split(',').map((d) => {
      const [k, v] = d.trim().split('=');
      return [k, v === undefined ? true : Number(v)];
    }),
  ) as Record<string, number | true>;

describe('edge cache: policy and handlers agree', () => {
  it('puts the policy on every behaviour that reaches the API (pages and /api/*)', () => {
    const apiOrigin = behaviours.find((b) => b.PathPattern === '/api/*')?.TargetOriginId;
    const toApi = behaviours.filter((b) => b.TargetOriginId === apiOrigin);
    expect(toApi.length).toBeGreaterThanOrEqual(2);
    for (const b of toApi) expect(b.CachePolicyId, b.PathPattern ?? 'default').toEqual(policyId);
  });

  it('keys on path, query string and Authorization only, so anonymous requests share entries and a token never meets another’s', () => {
    const key = policy.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key.QueryStringsConfig.QueryStringBehavior).toBe('all');
    expect(key.CookiesConfig.CookieBehavior).toBe('none');
    expect(key.HeadersConfig.HeaderBehavior).toBe('whitelist');
    expect(key.HeadersConfig.Headers).toEqual(['Authorization']);
  });

  it('stores nothing the origin does not ask for, and honours no-store (minimum and default TTL 0)', () => {
    expect(policy.MinTTL).toBe(0);
    expect(policy.DefaultTTL).toBe(0);
  });

  it('answers signed-in callers private, no-store: CloudFront never stores them', () => {
    const d = directives(cacheHeadersFor(SIGNED_IN)['cache-control']);
    expect(d.private).toBe(true);
    expect(d['no-store']).toBe(true);
    expect(d.public).toBeUndefined();
    expect(d['s-maxage']).toBeUndefined();
  });

  it('answers anonymous reads and pages public for seconds with stale-while-revalidate, within the policy’s maximum TTL', () => {
    const answers = [
      cacheHeadersFor(ANONYMOUS)['cache-control'],
      cacheHeadersFor(ANONYMOUS, EDGE_CACHE.listingSeconds)['cache-control'],
      PAGE_CACHE_CONTROL,
    ];
    for (const cc of answers) {
      const d = directives(cc);
      expect(d.public, cc).toBe(true);
      expect(d['s-maxage'], cc).toBeGreaterThan(0);
      expect(d['s-maxage'], cc).toBeLessThanOrEqual(60);
      expect(d['s-maxage'], cc).toBeLessThanOrEqual(policy.MaxTTL);
      expect(d['stale-while-revalidate'], cc).toBeGreaterThan(0);
    }
    expect(policy.MaxTTL).toBe(LONGEST_EDGE_SECONDS);
  });
});
