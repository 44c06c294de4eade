import type { Context } from 'aws-lambda';
import type { HttpEvent, HttpResult } from '../handler.js';
import { handler as getListing } from '../listings/get-listing.js';
import { handler as searchListings } from '../listings/search-listings.js';
import { handler as getPageContent } from '../site/get-page-content.js';
import { handler as getPromotions } from '../site/get-promotions.js';

type RouteHandler = (event: HttpEvent, context: Context) => Promise<HttpResult>;

/**
 * The anonymous API reads a server-rendered first screen makes, answered in this process by the
 * very handlers API Gateway invokes for them (same validation, masking and headers), without a
 * network hop. A page that needs another read adds its row here; anything else is refused.
 * Order matters: `/api/listings/latest` before `/api/listings/{id}`. Latest listings are answered by
 * the search handler, which tells them apart by the route key, as API Gateway sets it.
 */
const READS: { path: RegExp; handler: RouteHandler; routeKey: string }[] = [
  { path: /^\/api\/listings$/, handler: searchListings as RouteHandler, routeKey: 'GET /api/listings' },
  { path: /^\/api\/listings\/latest$/, handler: searchListings as RouteHandler, routeKey: 'GET /api/listings/latest' },
  { path: /^\/api\/listings\/(?<id>[^/]+)$/, handler: getListing as RouteHandler, routeKey: 'GET /api/listings/{id}' },
  // Every page's layout (site notice, promotions) and home's hero: staff-edited content, rendered
  // on the server so the first screen does not change after hydration. Table reads, like the rest.
  { path: /^\/api\/content\/(?<slug>[^/]+)$/, handler: getPageContent as RouteHandler, routeKey: 'GET /api/content/{slug}' },
  { path: /^\/api\/promotions$/, handler: getPromotions as RouteHandler, routeKey: 'GET /api/promotions' },
];

/** API Gateway's payload 2.0: repeated query keys are joined with commas. */
function queryParameters(params: URLSearchParams): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [key, value] of params) out[key] = key in out ? `${out[key]},${value}` : value;
  return Object.keys(out).length ? out : undefined;
}

/** A fetch-shaped function (the web's ApiTransport) over the READS above, for an anonymous caller. */
export async function inProcessApi(url: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const parsed = new URL(url, 'http://in-process');
  const read = method === 'GET' ? READS.find((r) => r.path.test(parsed.pathname)) : undefined;
  if (!read)
    return Response.json(
      { error: { code: 'NOT_FOUND', message: `${method} ${parsed.pathname} is not readable in-process` } },
      { status: 404 },
    );
  const groups = read.path.exec(parsed.pathname)?.groups;
  const pathParameters = groups ? Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, decodeURIComponent(v)])) : undefined;
  const now = new Date();
  const event = {
    version: '2.0',
    routeKey: read.routeKey,
    rawPath: parsed.pathname,
    rawQueryString: parsed.search.slice(1),
    headers: { accept: 'application/json' },
    queryStringParameters: queryParameters(parsed.searchParams),
    pathParameters,
    requestContext: {
      accountId: 'in-process',
      apiId: 'in-process',
      domainName: 'in-process',
      domainPrefix: 'in-process',
      http: { method: 'GET', path: parsed.pathname, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'render-page' },
      requestId: 'in-process',
      routeKey: read.routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: false,
  } as HttpEvent;
  const result = await read.handler(event, { awsRequestId: 'in-process' } as Context);
  const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k, String(v)]));
  return new Response(result.body ?? null, { status: result.statusCode ?? 200, headers });
}
