import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../../dev/api-server.js';
import { securityHeaders } from '../../shared/security-headers.js';
import { removeTempDirs, synthTruckYard, tempDir } from './synth-app.js';

type PolicyConfig = {
  SecurityHeadersConfig: {
    StrictTransportSecurity: { AccessControlMaxAgeSec: number; IncludeSubdomains: boolean };
    ContentSecurityPolicy: { ContentSecurityPolicy: unknown };
    ContentTypeOptions: object;
    FrameOptions: { FrameOption: string };
    ReferrerPolicy: { ReferrerPolicy: string };
  };
  CustomHeadersConfig?: { Items: { Header: string; Value: string }[] };
};

/** The headers CloudFront adds, as a viewer sees them; references (bucket domain names) become `https://<ref>`. */
function cloudFrontHeaders(config: PolicyConfig): Record<string, string> {
  const sec = config.SecurityHeadersConfig;
  const csp = sec.ContentSecurityPolicy.ContentSecurityPolicy;
  const join = (csp as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  const cspText = join ? join[1].map((p) => (typeof p === 'string' ? p : '<ref>')).join(join[0]) : String(csp);
  return {
    'strict-transport-security': `max-age=${sec.StrictTransportSecurity.AccessControlMaxAgeSec}${sec.StrictTransportSecurity.IncludeSubdomains ? '; includeSubDomains' : ''}`,
    'content-security-policy': cspText,
    'x-content-type-options': 'nosniff',
    'x-frame-options': sec.FrameOptions.FrameOption,
    'referrer-policy': sec.ReferrerPolicy.ReferrerPolicy,
    ...Object.fromEntries((config.CustomHeadersConfig?.Items ?? []).map((h) => [h.Header.toLowerCase(), h.Value])),
  };
}

/** CSP as directive -> sources; connect-src hosts differ by design (local stand-ins vs AWS), the rest must not. */
const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...v]) => [name, v] as const),
  );

let cloud: Record<string, string>;
let local: Record<string, string>;
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  const { templates } = synthTruckYard();
  const policy = Object.values(templates.web.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0];
  cloud = cloudFrontHeaders(policy.Properties.ResponseHeadersPolicyConfig as PolicyConfig);
  server = await startApiServer({
    port: 0,
    routes: [],
    webDir: tempDir('truckyard-no-web-'),
    env: { AWS_ENDPOINT_URL_S3: 'http://localhost:4566', AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: 'http://localhost:9229' },
  });
  const res = await fetch(`${server.url}/`);
  await res.arrayBuffer();
  local = Object.fromEntries(Object.keys(cloud).map((name) => [name, res.headers.get(name) ?? '(missing)']));
});
afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

describe('security headers: the local server and CloudFront send the same', () => {
  it('sends every header CloudFront adds, with the same value (CSP aside)', () => {
    const { 'content-security-policy': _l, ...localRest } = local;
    const { 'content-security-policy': _c, ...cloudRest } = cloud;
    expect(localRest).toEqual(cloudRest);
    expect(Object.keys(cloud).sort()).toEqual(Object.keys(securityHeaders({ connectSrc: [] })).sort());
  });

  it("has the same CSP but for connect-src's hosts: the local Cognito and S3 there, the AWS ones here", () => {
    const l = directives(local['content-security-policy']);
    const c = directives(cloud['content-security-policy']);
    expect([...l.keys()]).toEqual([...c.keys()]);
    for (const [name, sources] of c) if (name !== 'connect-src') expect(l.get(name), name).toEqual(sources);
    expect(l.get('connect-src')).toEqual(["'self'", 'http://localhost:9229', 'http://localhost:4566']);
    expect(c.get('connect-src')?.[0]).toBe("'self'");
    expect(c.get('connect-src')?.[1]).toBe('https://cognito-idp.eu-west-2.amazonaws.com');
    // Only the two buckets the browser POSTs uploads to.
    expect(c.get('connect-src')?.filter((s) => s.includes('<ref>'))).toHaveLength(2);
  });

  it("tightens the CSP: form-action 'self', frame-ancestors 'none', no plugins; and sets a Permissions-Policy", () => {
    const c = directives(cloud['content-security-policy']);
    expect(c.get('form-action')).toEqual(["'self'"]);
    expect(c.get('frame-ancestors')).toEqual(["'none'"]);
    expect(c.get('object-src')).toEqual(["'none'"]);
    expect(cloud['permissions-policy']).toMatch(/camera=\(\)/);
  });
});
