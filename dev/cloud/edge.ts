/**
 * The local edge, read from the synthesized Web and Edge stacks: CloudFront's behaviours in their
 * order (path patterns, origins, origin paths, allowed methods, compression), the origins'
 * custom headers (the origin secret), the viewer-request CloudFront Functions (their own code,
 * run in a fresh V8 context), the S3 origins' bucket policies (what CloudFront may read), and the
 * WAF rules that change what a user gets (rate-based, size and byte-match statements). Managed
 * rule groups cannot be emulated (AWS's rules are not published); docs/local-cloud.md says so.
 */
import vm from 'node:vm';
import type { TemplateResolver } from './model.js';

type EdgeOrigin =
  | { kind: 'api'; id: string; customHeaders: Record<string, string> }
  | { kind: 's3'; id: string; bucket: string; originPath: string };

export interface EdgeBehaviour {
  pathPattern: string;
  origin: EdgeOrigin;
  allowedMethods: string[];
  compress: boolean;
  /** Code of the viewer-request CloudFront Function, if any. */
  viewerRequest?: string;
}

export interface EdgeModel {
  behaviours: EdgeBehaviour[];
  defaultBehaviour: EdgeBehaviour;
  /** Object-key patterns CloudFront (OAC) may read, per bucket, from the bucket policies. */
  readableByCloudFront: Record<string, RegExp[]>;
}

type Props = Record<string, unknown>;

/** CloudFront path patterns: `*` any run of characters, `?` one, case-sensitive, whole path. */
function pathPatternRegExp(pattern: string): RegExp {
  const escaped = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${escaped.startsWith('/') ? '' : '/'}${escaped}$`);
}

const wildcardRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );

/** Resolves `{{resolve:ssm:NAME}}` dynamic references from the local parameters. */
function resolveDynamicReferences(value: string, parameters: Record<string, string>): string {
  return value.replace(/\{\{resolve:ssm(?:-secure)?:([^}:]+)(?::\d+)?\}\}/g, (_m, name: string) => parameters[name] ?? '');
}

export function edgeModelOf(resolver: TemplateResolver, parameters: Record<string, string>): EdgeModel {
  let distribution: { stack: string; config: Props } | undefined;
  const functions = new Map<string, string>();
  for (const [stack, t] of Object.entries(resolver.templates)) {
    for (const [id, r] of Object.entries(t.Resources ?? {})) {
      if (r.Type === 'AWS::CloudFront::Distribution') distribution = { stack, config: r.Properties?.DistributionConfig as Props };
      if (r.Type === 'AWS::CloudFront::Function') functions.set(id, String(r.Properties?.FunctionCode ?? ''));
    }
  }
  if (!distribution) throw new Error('The synthesized app has no CloudFront distribution');
  const { stack, config } = distribution;
  const bucketByDomain = (domain: string) => /^(.+)\.s3\.[a-z0-9-]+\.amazonaws\.com$/.exec(domain)?.[1];
  const origins = new Map<string, EdgeOrigin>();
  for (const o of (config.Origins as Props[]) ?? []) {
    const id = String(o.Id);
    const domain = String(resolver.resolve(stack, o.DomainName));
    const bucket = o.S3OriginConfig ? bucketByDomain(domain) : undefined;
    if (bucket) origins.set(id, { kind: 's3', id, bucket, originPath: String(o.OriginPath ?? '') });
    else {
      const headers = Object.fromEntries(
        ((o.OriginCustomHeaders as Props[]) ?? []).map((h) => [
          String(h.HeaderName).toLowerCase(),
          resolveDynamicReferences(String(resolver.resolve(stack, h.HeaderValue)), parameters),
        ]),
      );
      origins.set(id, { kind: 'api', id, customHeaders: headers });
    }
  }
  const behaviour = (b: Props, pathPattern: string): EdgeBehaviour => {
    const origin = origins.get(String(b.TargetOriginId));
    if (!origin) throw new Error(`Behaviour ${pathPattern}: unknown origin ${String(b.TargetOriginId)}`);
    const association = ((b.FunctionAssociations as Props[]) ?? []).find((f) => f.EventType === 'viewer-request');
    const fnId = association ? (association.FunctionARN as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt']?.[0] : undefined;
    return {
      pathPattern,
      origin,
      allowedMethods: ((b.AllowedMethods as string[]) ?? ['GET', 'HEAD']).map(String),
      compress: b.Compress === true,
      viewerRequest: fnId ? functions.get(fnId) : undefined,
    };
  };
  const readableByCloudFront: Record<string, RegExp[]> = {};
  for (const [s, t] of Object.entries(resolver.templates)) {
    for (const r of Object.values(t.Resources ?? {})) {
      if (r.Type !== 'AWS::S3::BucketPolicy') continue;
      const bucket = String(resolver.resolve(s, r.Properties?.Bucket));
      const doc = resolver.resolve(s, r.Properties?.PolicyDocument) as { Statement: Props[] };
      for (const st of doc.Statement ?? []) {
        const principal = st.Principal as { Service?: string | string[] } | undefined;
        const services = [principal?.Service ?? []].flat();
        const actions = [st.Action ?? []].flat().map(String);
        if (st.Effect !== 'Allow' || !services.includes('cloudfront.amazonaws.com') || !actions.includes('s3:GetObject')) continue;
        for (const res of [st.Resource ?? []].flat().map(String)) {
          const key = res.replace(`arn:aws:s3:::${bucket}/`, '');
          if (key === res) continue;
          readableByCloudFront[bucket] = [...(readableByCloudFront[bucket] ?? []), wildcardRegExp(key)];
        }
      }
    }
  }
  return {
    behaviours: ((config.CacheBehaviors as Props[]) ?? []).map((b) => behaviour(b, String(b.PathPattern))),
    defaultBehaviour: behaviour(config.DefaultCacheBehavior as Props, '*'),
    readableByCloudFront,
  };
}

/** The behaviour CloudFront picks for a path: the first whose pattern matches, else the default. */
export function behaviourFor(model: EdgeModel, pathname: string): EdgeBehaviour {
  return model.behaviours.find((b) => pathPatternRegExp(b.pathPattern).test(pathname)) ?? model.defaultBehaviour;
}

const compiled = new Map<string, (event: unknown) => unknown>();

/** A query string in CloudFront Functions' event shape: `{ name: { value, multiValue? } }`, values as sent (not decoded). */
export type CloudFrontQuery = Record<string, { value: string; multiValue?: { value: string }[] }>;

/** `a=1&b=2&a=3` in CloudFront Functions' shape. */
export function cloudFrontQueryOf(raw: string): CloudFrontQuery {
  const out: CloudFrontQuery = {};
  for (const part of raw.split('&')) {
    if (!part) continue;
    const i = part.indexOf('=');
    const [name, value] = i < 0 ? [part, ''] : [part.slice(0, i), part.slice(i + 1)];
    const entry = out[name];
    if (!entry) out[name] = { value };
    else entry.multiValue = [...(entry.multiValue ?? [{ value: entry.value }]), { value }];
  }
  return out;
}

/** The query string (without `?`) CloudFront sends on after a function returned this querystring. */
export function rawQueryOf(query: CloudFrontQuery): string {
  return Object.entries(query)
    .flatMap(([name, q]) => (q.multiValue ?? [{ value: q.value }]).map((v) => `${name}=${v.value}`))
    .join('&');
}

/** Runs a CloudFront Function's viewer-request handler on a request; returns the (changed) URI and query string. */
export function runViewerRequest(
  code: string,
  request: { method: string; uri: string; querystring: CloudFrontQuery; headers: Record<string, unknown> },
): {
  uri: string;
  querystring: CloudFrontQuery;
  response?: { statusCode: number; headers?: Record<string, { value: string }> };
} {
  let fn = compiled.get(code);
  if (!fn) {
    fn = vm.runInNewContext(`${code}\n;handler`, Object.create(null), { timeout: 50 }) as (event: unknown) => unknown;
    compiled.set(code, fn);
  }
  const result = fn({ version: '1.0', context: { eventType: 'viewer-request' }, viewer: { ip: '127.0.0.1' }, request }) as Props;
  if (result && 'statusCode' in result) return { uri: request.uri, querystring: request.querystring, response: result as never };
  const changed = result as { uri?: string; querystring?: CloudFrontQuery } | undefined;
  return { uri: String(changed?.uri ?? request.uri), querystring: changed?.querystring ?? request.querystring };
}

// ---------- WAF ----------

export interface WafRequest {
  uriPath: string;
  method: string;
  bodyBytes: number;
  ip: string;
}

type Statement = Props;
interface WafRule {
  name: string;
  priority: number;
  action: 'block' | 'count' | 'allow' | 'group';
  statement: Statement;
}

export interface WafModel {
  rules: WafRule[];
  /** Bytes of the body the web ACL inspects (AssociationConfig; CloudFront's default is 16 KB). */
  bodyInspectionLimit: number;
  /** Managed rule groups: not emulated, listed by /_dev/functions' companion /_dev/edge. */
  notEmulated: string[];
}

const INSPECTION_LIMITS: Record<string, number> = { KB_16: 16384, KB_32: 32768, KB_48: 49152, KB_64: 65536 };

export function wafModelOf(resolver: TemplateResolver): WafModel | undefined {
  for (const t of Object.values(resolver.templates)) {
    for (const r of Object.values(t.Resources ?? {})) {
      if (r.Type !== 'AWS::WAFv2::WebACL') continue;
      const p = r.Properties ?? {};
      const limit = (p.AssociationConfig as { RequestBody?: { CLOUDFRONT?: { DefaultSizeInspectionLimit?: string } } })?.RequestBody
        ?.CLOUDFRONT?.DefaultSizeInspectionLimit;
      const rules = ((p.Rules as Props[]) ?? []).map((rule): WafRule => {
        const action = rule.Action as Props | undefined;
        return {
          name: String(rule.Name),
          priority: Number(rule.Priority),
          action: action?.Block ? 'block' : action?.Count ? 'count' : action?.Allow ? 'allow' : 'group',
          statement: rule.Statement as Statement,
        };
      });
      rules.sort((a, b) => a.priority - b.priority);
      return {
        rules,
        bodyInspectionLimit: INSPECTION_LIMITS[limit ?? ''] ?? 16384,
        notEmulated: rules.filter((x) => x.action === 'group').map((x) => x.name),
      };
    }
  }
  return undefined;
}

function transform(value: string, transformations: Props[] | undefined): string {
  let v = value;
  for (const t of [...(transformations ?? [])].sort((a, b) => Number(a.Priority) - Number(b.Priority))) {
    if (t.Type === 'LOWERCASE') v = v.toLowerCase();
    else if (t.Type === 'URL_DECODE') v = decodeURIComponent(v);
  }
  return v;
}

function fieldValue(field: Props, req: WafRequest): string {
  if ('UriPath' in field) return req.uriPath;
  if ('Method' in field) return req.method;
  return '';
}

function matches(statement: Statement, req: WafRequest, model: WafModel): boolean {
  if (statement.AndStatement) return ((statement.AndStatement as Props).Statements as Statement[]).every((s) => matches(s, req, model));
  if (statement.OrStatement) return ((statement.OrStatement as Props).Statements as Statement[]).some((s) => matches(s, req, model));
  if (statement.NotStatement) return !matches((statement.NotStatement as Props).Statement as Statement, req, model);
  if (statement.ByteMatchStatement) {
    const s = statement.ByteMatchStatement as Props;
    const value = transform(fieldValue(s.FieldToMatch as Props, req), s.TextTransformations as Props[]);
    const search = String(s.SearchString);
    switch (s.PositionalConstraint) {
      case 'EXACTLY':
        return value === search;
      case 'STARTS_WITH':
        return value.startsWith(search);
      case 'ENDS_WITH':
        return value.endsWith(search);
      case 'CONTAINS':
        return value.includes(search);
      default:
        return false;
    }
  }
  if (statement.SizeConstraintStatement) {
    const s = statement.SizeConstraintStatement as Props;
    const field = s.FieldToMatch as Props;
    if (!('Body' in field)) return false;
    const oversize = (field.Body as Props)?.OversizeHandling ?? 'CONTINUE';
    // Past the inspection limit WAF sees only the first bytes; OversizeHandling decides.
    if (req.bodyBytes > model.bodyInspectionLimit && oversize !== 'CONTINUE') return oversize === 'MATCH';
    const size = Math.min(req.bodyBytes, model.bodyInspectionLimit);
    const n = Number(s.Size);
    switch (s.ComparisonOperator) {
      case 'GT':
        return size > n;
      case 'GE':
        return size >= n;
      case 'LT':
        return size < n;
      case 'LE':
        return size <= n;
      case 'EQ':
        return size === n;
      case 'NE':
        return size !== n;
      default:
        return false;
    }
  }
  return false;
}

/**
 * Evaluates the web ACL's rules in priority order. Rate-based rules count requests per address in
 * their evaluation window (AWS evaluates every few seconds; here exactly). `mode: 'count'` turns
 * every Block into Count (WAF's own Count action) — the browser tests' explicit configuration,
 * since the whole suite comes from one address; the rate rule's own test runs in block mode.
 */
export function createWaf(model: WafModel, opts: { mode?: 'block' | 'count'; now?: () => number; log?: (m: string) => void } = {}) {
  const now = opts.now ?? Date.now;
  const windows = new Map<string, number[]>();
  return function evaluate(req: WafRequest): { action: 'allow' | 'block'; rule?: string } {
    for (const rule of model.rules) {
      let hit = false;
      const rate = rule.statement.RateBasedStatement as Props | undefined;
      if (rate) {
        const scope = rate.ScopeDownStatement as Statement | undefined;
        if (scope && !matches(scope, req, model)) continue;
        const key = `${rule.name}\0${req.ip}`;
        const windowMs = Number(rate.EvaluationWindowSec ?? 300) * 1000;
        const t = now();
        const times = (windows.get(key) ?? []).filter((x) => x > t - windowMs);
        times.push(t);
        windows.set(key, times);
        hit = times.length > Number(rate.Limit);
      } else if (rule.action !== 'group') {
        hit = matches(rule.statement, req, model);
      }
      if (!hit) continue;
      if (rule.action === 'block' && opts.mode !== 'count') return { action: 'block', rule: rule.name };
      if (rule.action === 'allow') return { action: 'allow', rule: rule.name };
      opts.log?.(`[waf] ${rule.name} counted ${req.method} ${req.uriPath} from ${req.ip}`);
    }
    return { action: 'allow' };
  };
}
