import { CATEGORY_PAGES } from '../../../../shared/values.js';
import { s3 } from '../../adapters/s3/client.js';
import { loadSpaIndex, loadSpaManifest, preloadsOf } from '../../adapters/web/spa-index.js';
import { config } from '../../config.js';
import { listingsRepo } from '../../deps.js';
import { ANONYMOUS } from '../../domain/caller.js';
import { DomainError } from '../../domain/errors.js';
import { readListingForCaller } from '../../domain/listings/read-listing.js';
import {
  COMPARE_PATH,
  type PageHead,
  categoryHead,
  compareHead,
  injectFirstScreen,
  injectHead,
  listingHead,
  notFoundHead,
  truckNotFoundHead,
} from '../../domain/seo/page-head.js';
import { type Storefront, storefrontSlugSchema } from '../../../../shared/schemas/storefront.js';
import { DEALERS_PATH, dealersHead, storefrontHead, storefrontPath } from '../../domain/seo/storefront-head.js';
import { EDGE_CACHE, publicCacheControl } from '../cache-control.js';
import { type HttpEvent, type HttpResult, httpHandler, json } from '../handler.js';
import { inProcessApi } from './in-process-api.js';

const MAX_ID_LENGTH = 200;

// React's server renderer picks its build from NODE_ENV when first loaded, and neither Lambda nor
// the local server sets it: use the production build (the development one is several times
// slower). Hence the renderer is imported after this line (a static import would be hoisted above
// it), at the top level: it loads during the function's init phase, which Lambda does not count
// against the invocation's timeout, rather than inside the first page's 10 s.
process.env.NODE_ENV ??= 'production';
const { renderPage } = await import('../../../../web/src/entry-server.js');

/** Every page is anonymous (browsers send no Authorization on navigation), so the edge may keep it briefly. */
export const PAGE_CACHE_CONTROL = publicCacheControl(EDGE_CACHE.pageSeconds);

function html(statusCode: number, body: string): HttpResult {
  return {
    statusCode,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': PAGE_CACHE_CONTROL,
      'x-content-type-options': 'nosniff',
    },
    body,
  };
}

/** The listing's head as an anonymous visitor sees it (masked: no contact data), or null when it is not public. */
async function headForTruck(id: string): Promise<PageHead | null> {
  if (!id || id.length > MAX_ID_LENGTH) return null;
  try {
    const listing = await readListingForCaller(listingsRepo(), id, ANONYMOUS, config.imagesBaseUrl);
    return listingHead(listing, config.siteUrl);
  } catch (err) {
    if (err instanceof DomainError && err.code === 'NOT_FOUND') return null;
    throw err;
  }
}

/** The listing id of a /truck/{id} path (the SPA's route; web/src/app/paths.ts). */
function truckIdOf(path: string): string | undefined {
  const raw = /^\/truck\/([^/]+)$/.exec(path)?.[1];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}

/** The slug of a /dealers/{slug} path (the SPA's route), '' when it cannot be a slug. */
function storefrontSlugOf(path: string): string | undefined {
  const raw = /^\/dealers\/([^/]+)$/.exec(path)?.[1];
  if (raw === undefined) return undefined;
  return storefrontSlugSchema.safeParse(raw).success ? raw : '';
}

const pathOf = (event: HttpEvent) => (event.rawPath || '/').replace(/(.)\/+$/, '$1');

/**
 * Every page of the site (GET / and the catch-all GET /{proxy+}: listings, category pages, the rest):
 * the SPA's index.html with
 * - the page's own head (title, description, canonical, Open Graph, JSON-LD for listings), so link
 *   previews and crawlers get them without JavaScript;
 * - for routes that opt in (web/src/app/server-render.ts: home, categories, listing detail, the
 *   404 page), the first screen rendered by React on the server with its data, hydrated in the
 *   browser; the route's chunks are listed for the entry script, which imports the route's own
 *   chunk (the first listed) after the first paint (web/src/entry-server.tsx, web/src/boot.ts);
 * - the status the SPA's route table gives: 404 for a path no route knows, or a missing listing.
 * Behind CloudFront in AWS (cached briefly: http/cache-control.ts), mounted by the local API server.
 */
export const handler = httpHandler('public', async ({ event }) => {
  const path = pathOf(event);
  // The catch-all also sees unknown /api paths: they stay JSON.
  if (path === '/api' || path.startsWith('/api/')) return json(404, { error: { code: 'NOT_FOUND', message: 'Not Found' } });
  const index = await loadSpaIndex(config.spaIndex, () => s3);

  let head: PageHead | null = null;
  const id = truckIdOf(path);
  if (id !== undefined) {
    head = await headForTruck(id);
    if (!head) return html(404, injectHead(index, truckNotFoundHead(id, config.siteUrl)));
  } else if (path === DEALERS_PATH) {
    head = dealersHead(config.siteUrl);
  } else if (path === COMPARE_PATH) {
    head = compareHead(config.siteUrl);
  } else {
    const page = CATEGORY_PAGES.find((c) => c.path === path);
    if (page) head = categoryHead(page, config.siteUrl);
  }
  const slug = storefrontSlugOf(path);
  if (slug !== undefined) {
    // A dealer's storefront (issue 26): read as the page's own first screen reads it; an old slug
    // is a 301 to the current one (the filters kept), an unknown or hidden one a real 404.
    const res = await inProcessApi(`/api/dealers/${encodeURIComponent(slug)}`);
    if (res.status === 301) {
      const { redirectTo } = (await res.json()) as { redirectTo: string };
      const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
      return {
        statusCode: 301,
        headers: { location: `${storefrontPath(redirectTo)}${query}`, 'cache-control': PAGE_CACHE_CONTROL },
        body: '',
      };
    }
    if (res.status === 404) return html(404, injectHead(index, notFoundHead(path, config.siteUrl)));
    if (!res.ok) throw new Error(`storefront read answered ${res.status}`);
    head = storefrontHead((await res.json()) as Storefront, config.siteUrl);
  }

  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  const render = await renderPage(`http://page.local${path}${query}`, inProcessApi);
  if (render.status === 404) head = notFoundHead(path, config.siteUrl);
  const withHead = head ? injectHead(index, head) : index;
  if (render.kind === 'shell') return html(render.status, withHead);

  const manifest = await loadSpaManifest(config.spaIndex, () => s3);
  const preloads = manifest ? render.modules.map((m) => preloadsOf(manifest, m)) : [];
  return html(
    render.status,
    injectFirstScreen(withHead, {
      rootHtml: render.html,
      afterRoot: render.dataScript,
      modulepreload: preloads.flatMap((p) => p.scripts),
      stylesheets: preloads.flatMap((p) => p.styles),
    }),
  );
});
