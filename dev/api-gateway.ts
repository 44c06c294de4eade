/**
 * What API Gateway (HTTP API, payload format 2.0, JWT authorizer) does in front of our Lambdas,
 * reproduced for the local API server: route matching, event building, the authorizer and the
 * translation of a Lambda result back to an HTTP response.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { createAccessTokenVerifier } from '../functions/src/adapters/cognito/token-verifier.js';
import type { HttpEvent } from '../functions/src/http/handler.js';
import type { RouteDef } from '../functions/src/routes.js';

// ---------- route matching ----------

interface CompiledRoute {
  route: RouteDef;
  routeKey: string;
  regex: RegExp;
  paramNames: string[];
  /** Higher wins: literal segments beat parameters, which beat a greedy {proxy+}. */
  score: number;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compileRoute(route: RouteDef): CompiledRoute {
  const segments = route.path.split('/').filter(Boolean);
  const paramNames: string[] = [];
  let score = 0;
  const parts = segments.map((seg, i) => {
    const greedy = /^\{(\w+)\+\}$/.exec(seg);
    if (greedy) {
      paramNames.push(greedy[1]);
      return '(.+)';
    }
    const param = /^\{(\w+)\}$/.exec(seg);
    // Weight earlier segments more, so /a/{x}/c and /a/b/{y} order like API Gateway (left to right).
    const weight = 2 ** (segments.length - i);
    if (param) {
      paramNames.push(param[1]);
      score += weight;
      return '([^/]+)';
    }
    score += 2 * weight;
    return escapeRegex(seg);
  });
  return {
    route,
    routeKey: `${route.method} ${route.path}`,
    regex: new RegExp(`^/${parts.join('/')}/?$`),
    paramNames,
    score: score * 1000 + segments.length,
  };
}

export interface RouteMatch {
  compiled: CompiledRoute;
  pathParameters: Record<string, string>;
}

export function createRouter(routes: RouteDef[]) {
  const compiled = routes.map(compileRoute);
  /** The best route for method + path, `methodNotAllowed` when only other methods match, or null. */
  return function match(method: string, path: string): RouteMatch | null {
    const candidates: RouteMatch[] = [];
    for (const c of compiled) {
      if (c.route.method !== method.toUpperCase()) continue;
      const m = c.regex.exec(path);
      if (!m) continue;
      const pathParameters: Record<string, string> = {};
      c.paramNames.forEach((name, i) => {
        const raw = m[i + 1];
        try {
          pathParameters[name] = decodeURIComponent(raw);
        } catch {
          pathParameters[name] = raw;
        }
      });
      candidates.push({ compiled: c, pathParameters });
    }
    candidates.sort((a, b) => b.compiled.score - a.compiled.score);
    return candidates[0] ?? null;
  };
}

// ---------- event building ----------

export interface IncomingRequest {
  method: string;
  /** Path plus query string as sent (`req.url`). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  sourceIp: string;
}

const TEXT_CONTENT_TYPE = /^(text\/|application\/(json|.*\+json|xml|.*\+xml|x-www-form-urlencoded|javascript|graphql))/i;

/** API Gateway's query parsing: repeated keys joined with commas, values URL-decoded. */
function parseQueryString(raw: string): Record<string, string> | undefined {
  if (!raw) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    out[key] = key in out ? `${out[key]},${value}` : value;
  }
  return Object.keys(out).length ? out : undefined;
}

function clfTime(d: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${months[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

/** Builds the payload-format-2.0 event API Gateway would send for this request and route. */
export function buildHttpEvent(req: IncomingRequest, match: RouteMatch, now = new Date()): HttpEvent {
  const q = req.url.indexOf('?');
  const rawPath = q === -1 ? req.url : req.url.slice(0, q);
  const rawQueryString = q === -1 ? '' : req.url.slice(q + 1);
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    if (key === 'cookie') {
      cookies = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(/;\s*/)).filter(Boolean);
      continue;
    }
    headers[key] = Array.isArray(value) ? value.join(',') : value;
  }
  const contentType = headers['content-type'] ?? '';
  const hasBody = req.body.length > 0;
  // Webhook rows (rawBody) and binary content get base64, so handlers must honour isBase64Encoded.
  const asBase64 = hasBody && (match.compiled.route.rawBody === true || !TEXT_CONTENT_TYPE.test(contentType));
  const queryStringParameters = parseQueryString(rawQueryString);
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: match.compiled.routeKey,
    rawPath,
    rawQueryString,
    ...(cookies ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    ...(Object.keys(match.pathParameters).length ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0],
      http: {
        method: req.method.toUpperCase(),
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: req.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: match.compiled.routeKey,
      stage: '$default',
      time: clfTime(now),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: asBase64,
    ...(hasBody ? { body: asBase64 ? req.body.toString('base64') : req.body.toString('utf8') } : {}),
  };
  return event as HttpEvent;
}

// ---------- JWT authorizer ----------

/**
 * API Gateway hands claims to the Lambda as strings, formatted the way Go prints them:
 * arrays as "[a b]", numbers and booleans as their text, objects as "map[k:v]".
 */
function stringifyClaim(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `[${value.map(stringifyClaim).join(' ')}]`;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `map[${entries.map(([k, v]) => `${k}:${stringifyClaim(v)}`).join(' ')}]`;
  }
  return String(value);
}

function stringifyClaims(payload: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, stringifyClaim(v)]));
}

export type TokenVerifier = (token: string) => Promise<Record<string, unknown>>;

/** The verifier used by the local JWT authorizer: the same code the handlers use for `optional` routes. */
export function createAuthorizerVerifier(env: Record<string, string | undefined>): TokenVerifier {
  const issuer = env.COGNITO_ISSUER;
  const jwksUrl = env.COGNITO_JWKS_URL;
  const clientId = env.COGNITO_CLIENT_ID;
  if (!issuer || !jwksUrl || !clientId) throw new Error('COGNITO_ISSUER, COGNITO_JWKS_URL and COGNITO_CLIENT_ID are required');
  const verify = createAccessTokenVerifier({ issuer, jwksUrl, clientId });
  return async (token) => (await verify(token)) as Record<string, unknown>;
}

export type AuthorizerResult = { ok: true; claims: Record<string, string>; scopes: string[] | null } | { ok: false };

/**
 * The JWT authorizer: the identity source is the Authorization header, with or without "Bearer ".
 * Missing, malformed or failing tokens are rejected before the Lambda runs (401 Unauthorized).
 */
export async function authorize(headers: Record<string, string | undefined>, verify: TokenVerifier): Promise<AuthorizerResult> {
  const header = headers.authorization;
  if (!header) return { ok: false };
  const token = header.replace(/^Bearer\s+/i, '').trim();
  if (!token) return { ok: false };
  try {
    const payload = await verify(token);
    const scope = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : null;
    return { ok: true, claims: stringifyClaims(payload), scopes: scope };
  } catch {
    return { ok: false };
  }
}

export const UNAUTHORIZED_BODY = JSON.stringify({ message: 'Unauthorized' });
export const NOT_FOUND_BODY = JSON.stringify({ message: 'Not Found' });
export const INTERNAL_ERROR_BODY = JSON.stringify({ message: 'Internal Server Error' });

// ---------- Lambda invocation and result ----------

export function lambdaContext(functionName: string, timeoutSeconds = 30, memoryMb = 512): Context {
  const deadline = Date.now() + timeoutSeconds * 1000;
  const awsRequestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:eu-west-2:000000000000:function:${functionName}`,
    memoryLimitInMB: String(memoryMb),
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/${awsRequestId}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export interface HttpResponse {
  statusCode: number;
  headers: Record<string, string | string[]>;
  /** Text as the handler wrote it (encoded as UTF-8 as it is written out), bytes when base64. */
  body: string | Buffer;
}

/**
 * Turns a payload-2.0 Lambda result into a response as API Gateway does: a structured result is
 * used as is (base64 bodies decoded, cookies to Set-Cookie); anything else is 200 JSON. A text
 * body stays a string, encoded as Node writes it: a Buffer per answer (~30 KB for a search page)
 * would be memory outside the JS heap, which the engine counts towards its next full collection
 * and then has to sweep.
 */
export function toHttpResponse(result: unknown): HttpResponse {
  const isStructured = typeof result === 'object' && result !== null && 'statusCode' in result;
  if (!isStructured) {
    const body = typeof result === 'string' ? result : (JSON.stringify(result) ?? '');
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, body };
  }
  const r = result as {
    statusCode: number;
    headers?: Record<string, string | number | boolean>;
    multiValueHeaders?: Record<string, Array<string | number | boolean>>;
    cookies?: string[];
    body?: string;
    isBase64Encoded?: boolean;
  };
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = String(v);
  for (const [k, vs] of Object.entries(r.multiValueHeaders ?? {})) headers[k.toLowerCase()] = vs.map(String).join(',');
  if (r.cookies?.length) headers['set-cookie'] = r.cookies;
  const body = r.body === undefined ? '' : r.isBase64Encoded ? Buffer.from(r.body, 'base64') : r.body;
  return { statusCode: r.statusCode, headers, body };
}
