import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/src/routes.js';
import { removeTempDirs, synthTruckYard } from './synth-app.js';

/**
 * HEAD in AWS (issue 22 §2): API Gateway's HTTP APIs do not answer HEAD on a GET route, so every
 * GET route needs a HEAD route to the same function, and CloudFront must let HEAD through.
 */
type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;
let apiTemplates: Template[];
let web: Template;

beforeAll(() => {
  const { templates, areaTemplates } = synthTruckYard();
  apiTemplates = [templates.api, ...Object.values(areaTemplates)];
  web = templates.web;
});
afterAll(removeTempDirs);

/** Every route of the HTTP API across its stacks: key, auth and the function its integration invokes. */
function templateRoutes() {
  return apiTemplates.flatMap((t) => {
    const all = t.toJSON().Resources as Resources;
    return Object.values(all)
      .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')
      .map((route) => {
        const [method, path] = String(route.Properties.RouteKey).split(' ');
        const integration = JSON.stringify(route.Properties.Target).match(/"Ref":"([^"]+)"/)![1];
        const fn = JSON.stringify(all[integration].Properties.IntegrationUri);
        return { method, path, fn, auth: `${route.Properties.AuthorizationType} ${JSON.stringify(route.Properties.AuthorizationScopes)}` };
      });
  });
}

describe('HEAD routes', () => {
  it('gives every GET route a HEAD route on the same path, to the same function, with the same authorizer', () => {
    // Act
    const all = templateRoutes();
    const gets = all.filter((r) => r.method === 'GET');
    const heads = new Map(all.filter((r) => r.method === 'HEAD').map((r) => [r.path, r]));
    // Assess
    expect(gets.length).toBe(routes.filter((r) => r.method === 'GET').length);
    const missing = gets.filter((g) => {
      const head = heads.get(g.path);
      return !head || head.fn !== g.fn || head.auth !== g.auth;
    });
    expect(missing.map((g) => `GET ${g.path}`)).toEqual([]);
    // No HEAD route without its GET.
    expect([...heads.keys()].filter((p) => !gets.some((g) => g.path === p))).toEqual([]);
    // The pages, the sitemap and robots.txt are among them.
    expect([...heads.keys()]).toEqual(expect.arrayContaining(['/', '/{proxy+}', '/sitemap.xml', '/robots.txt']));
  });

  it('lets HEAD through every CloudFront behaviour, and caches it as GET', () => {
    const dist = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: { DistributionConfig: { DefaultCacheBehavior: Record<string, unknown>; CacheBehaviors: Record<string, unknown>[] } };
    };
    const config = dist.Properties.DistributionConfig;
    const behaviours = [{ PathPattern: '(default)', ...config.DefaultCacheBehavior }, ...config.CacheBehaviors];
    // CloudFormation's defaults when omitted: AllowedMethods and CachedMethods are GET and HEAD.
    const refusing = behaviours.filter((b) => {
      const allowed = (b.AllowedMethods as string[] | undefined) ?? ['GET', 'HEAD'];
      const cached = (b.CachedMethods as string[] | undefined) ?? ['GET', 'HEAD'];
      return !allowed.includes('HEAD') || !cached.includes('HEAD');
    });
    expect(refusing.map((b) => b.PathPattern)).toEqual([]);
  });
});
