import type { Context } from 'aws-lambda';
import { type ListingSearchQuery, type ListingSearchResult, listingSearchQuerySchema } from '../../../../shared/schemas/listing.js';
import { getSecret } from '../../adapters/secrets/secrets.js';
import { cachedDealerFirstScreen, cachedFirstScreens } from '../../deps.js';
import { ANONYMOUS } from '../../domain/caller.js';
import { type FirstScreens, dealerFirstScreenSlug, firstScreenResult } from '../../domain/search/first-screens.js';
import type { HttpEvent, HttpResult } from '../handler.js';
import { cacheHeadersFor } from '../listings/cache.js';
import { handler as compareListings } from '../compare/compare-listings.js';
import { handler as getFinanceSettings } from '../finance/get-finance-settings.js';
import { handler as getStorefront } from '../dealers/get-storefront.js';
import { handler as getListing } from '../listings/get-listing.js';
import { handler as getPageContent } from '../site/get-page-content.js';
import { handler as getPromotions } from '../site/get-promotions.js';
import { ORIGIN_VERIFY_HEADER, REQUIRE_ORIGIN_VERIFY_ENV } from '../viewer-ip.js';

type RouteHandler = (event: HttpEvent, context: Context) => Promise<HttpResult>;

/**
 * The anonymous API reads a server-rendered first screen makes, answered in this process by the
 * very handlers API Gateway invokes for them (same validation, masking and headers), without a
 * network hop. A page that needs another read adds its row here; anything else is refused.
 * Order matters: `/api/listings/latest` before `/api/listings/{id}`.
 * Searches are not among them: this function holds no search index (docs/architecture.md,
 * "Server-rendered first screens"); answerSearch below answers the few it renders from the files
 * the snapshot builder writes.
 */
const READS: { path: RegExp; handler: RouteHandler; routeKey: string }[] = [
  { path: /^\/api\/listings\/(?<id>[^/]+)$/, handler: getListing as RouteHandler, routeKey: 'GET /api/listings/{id}' },
  // Every page's layout (site notice, promotions) and home's hero: staff-edited content, rendered
  // on the server so the first screen does not change after hydration. Table reads, like the rest.
  { path: /^\/api\/content\/(?<slug>[^/]+)$/, handler: getPageContent as RouteHandler, routeKey: 'GET /api/content/{slug}' },
  { path: /^\/api\/promotions$/, handler: getPromotions as RouteHandler, routeKey: 'GET /api/promotions' },
  // The cards' and the listing page's monthly figure (issue 26 §3).
  { path: /^\/api\/finance$/, handler: getFinanceSettings as RouteHandler, routeKey: 'GET /api/finance' },
  // A dealer's storefront (issue 26): its header and the page's JSON-LD. Its stock is a search:
  // answerSearch answers the unfiltered first page from the storefront's first-screens object.
  { path: /^\/api\/dealers\/(?<slug>[^/]+)$/, handler: getStorefront as RouteHandler, routeKey: 'GET /api/dealers/{slug}' },
  // A shared /compare link (issue 26 §2): up to 3 listings read by id, as GET /api/listings/{id} reads one.
  { path: /^\/api\/compare$/, handler: compareListings as RouteHandler, routeKey: 'GET /api/compare' },
];

/** API Gateway's payload 2.0: repeated query keys are joined with commas. */
function queryParameters(params: URLSearchParams): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [key, value] of params) out[key] = key in out ? `${out[key]},${value}` : value;
  return Object.keys(out).length ? out : undefined;
}

const errorResponse = (status: number, code: string, message: string) => Response.json({ error: { code, message } }, { status });

/**
 * Home's latest listings, each category's unfiltered first page and each storefront's unfiltered
 * stock, as the search function would answer an anonymous visitor, from the first screens the
 * snapshot builder writes (a storefront's from its own object). Anything else (a filter, a sort,
 * text, a later page, a storefront without an object) is a 404 here, so the page or the stock is
 * left to the browser, which asks the search function; so is every search before the first
 * snapshot (a 503).
 */
async function answerSearch(pathname: string, params: URLSearchParams): Promise<Response | undefined> {
  if (pathname !== '/api/listings' && pathname !== '/api/listings/latest') return undefined;
  const screens = await cachedFirstScreens();
  if (!screens) return errorResponse(503, 'SERVICE_UNAVAILABLE', 'No first screens written yet: the browser searches');
  const headers = cacheHeadersFor(ANONYMOUS, pathname === '/api/listings/latest' ? 30 : undefined);
  if (pathname === '/api/listings/latest') return Response.json(screens.latest, { headers });
  const query = listingSearchQuerySchema.safeParse(queryParameters(params) ?? {});
  const result = query.success ? await storedResult(screens, query.data) : undefined;
  if (!result) return errorResponse(404, 'NOT_FOUND', 'This search is not rendered on the server: the browser searches');
  return Response.json(result, { headers });
}

/** The stored answer to a search: a category's from the main file, a storefront's from its object. */
async function storedResult(screens: FirstScreens, query: ListingSearchQuery): Promise<ListingSearchResult | undefined> {
  const slug = dealerFirstScreenSlug(screens, query);
  if (slug === undefined) return firstScreenResult(screens, query);
  return (await cachedDealerFirstScreen(slug))?.result;
}

/**
 * The headers of an in-process read: what API Gateway passes on from CloudFront, including the
 * origin secret when the API functions require it (REQUIRE_ORIGIN_VERIFY, set on every API
 * function in AWS). This function is granted that secret like every API function (routes.ts
 * throughCloudFront), and its own request already passed the same guard.
 */
async function readHeaders(): Promise<Record<string, string>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (process.env[REQUIRE_ORIGIN_VERIFY_ENV] === '1') headers[ORIGIN_VERIFY_HEADER] = await getSecret('originVerifySecret');
  return headers;
}

/** A fetch-shaped function (the web's ApiTransport) over the READS above, for an anonymous caller. */
export async function inProcessApi(url: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const parsed = new URL(url, 'http://in-process');
  if (method === 'GET') {
    const search = await answerSearch(parsed.pathname, parsed.searchParams);
    if (search) return search;
  }
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
    headers: await readHeaders(),
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
