import { CATEGORY_PAGES } from '../../../../shared/values.js';
import { s3 } from '../../adapters/s3/client.js';
import { loadSpaIndex } from '../../adapters/web/spa-index.js';
import { config } from '../../config.js';
import { listingsRepo } from '../../deps.js';
import { ANONYMOUS } from '../../domain/caller.js';
import { DomainError } from '../../domain/errors.js';
import { readListingForCaller } from '../../domain/listings/read-listing.js';
import { type PageHead, categoryHead, injectHead, listingHead, truckNotFoundHead } from '../../domain/seo/page-head.js';
import { type HttpEvent, type HttpResult, httpHandler } from '../handler.js';

const MAX_ID_LENGTH = 200;

function html(statusCode: number, body: string, maxAgeSeconds: number): HttpResult {
  return {
    statusCode,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': `public, max-age=${maxAgeSeconds}`,
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

const pathOf = (event: HttpEvent) => (event.rawPath || '/').replace(/\/+$/, '') || '/';

/**
 * GET /truck/{id} and GET /<category page> — the SPA's index.html with the page's own head in it
 * (title, description, canonical, Open Graph, Twitter card, JSON-LD for listings), so link
 * previews and crawlers get them without running JavaScript. Behind CloudFront in AWS, mounted
 * by the local API server. A missing or non-public listing is the same page with a 404 status.
 */
export const handler = httpHandler('public', async ({ event }) => {
  const index = await loadSpaIndex(config.spaIndex, () => s3);
  const id = event.pathParameters?.id;
  if (id !== undefined) {
    const head = await headForTruck(id);
    if (!head) return html(404, injectHead(index, truckNotFoundHead(id, config.siteUrl)), 30);
    return html(200, injectHead(index, head), 60);
  }
  const page = CATEGORY_PAGES.find((c) => c.path === pathOf(event));
  if (!page) return html(404, index, 30);
  return html(200, injectHead(index, categoryHead(page, config.siteUrl)), 300);
});
