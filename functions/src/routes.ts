import { CATEGORY_PAGES } from '../../shared/values.js';
import type { Access } from './access.js';
import { scraperRoutes } from './routes/scraper.js';

/**
 * The HTTP route table: one row per endpoint. CDK makes one Lambda + route per row
 * (infra/lib/api-stack.ts); the local API server (dev/api-server.ts) mounts the same rows.
 *
 * auth:
 * - public     no authorizer; the caller is always anonymous.
 * - optional   no authorizer (API Gateway cannot make one optional); the handler verifies a
 *              bearer token itself when one is sent, so signed-in callers see more (contacts).
 * - user       API Gateway JWT authorizer; any signed-in user.
 * - admin      JWT authorizer + the handler checks the `admins` or `super_admins` group.
 * - superAdmin JWT authorizer + the handler checks the `super_admins` group.
 */
export type RouteAuth = 'public' | 'optional' | 'user' | 'admin' | 'superAdmin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  /** Stable id, used for the Lambda's construct id. */
  id: string;
  method: HttpMethod;
  /** API Gateway route path, e.g. /api/listings/{id}. */
  path: string;
  /** Handler module relative to functions/src, exporting `handler`. */
  handler: string;
  auth: RouteAuth;
  /** Pass the body through untouched (webhooks verify signatures on the raw bytes). */
  rawBody?: boolean;
  memoryMb?: number;
  timeoutSeconds?: number;
  /**
   * What the row's function may touch (functions/src/access.ts); CDK grants exactly this.
   * Every row declares it (the production-readiness work makes it required).
   */
  access?: Access;
  /**
   * Which API stack carries the row's function and route: 'core' (default), 'admin', 'payments',
   * 'alerts'. All areas add routes to the same HTTP API, so stacks stay under CloudFormation's limits.
   */
  area?: RouteArea;
}

export type RouteArea = 'core' | 'admin' | 'payments' | 'alerts';

export const routes: RouteDef[] = [
  {
    id: 'SearchListings',
    method: 'GET',
    path: '/api/listings',
    handler: 'http/listings/search-listings.ts',
    auth: 'optional',
    memoryMb: 1024,
  },
  {
    id: 'LatestListings',
    method: 'GET',
    path: '/api/listings/latest',
    handler: 'http/listings/latest-listings.ts',
    auth: 'optional',
    memoryMb: 1024,
  },
  { id: 'GetListing', method: 'GET', path: '/api/listings/{id}', handler: 'http/listings/get-listing.ts', auth: 'optional' },
  { id: 'ResolveLocation', method: 'GET', path: '/api/locations/{query}', handler: 'http/listings/resolve-location.ts', auth: 'public' },
  { id: 'GetMe', method: 'GET', path: '/api/me', handler: 'http/me/get-me.ts', auth: 'user' },
  { id: 'UpdateMe', method: 'PATCH', path: '/api/me', handler: 'http/me/update-me.ts', auth: 'user' },
  { id: 'CreateMyListing', method: 'POST', path: '/api/my-listings', handler: 'http/my-listings/create-listing.ts', auth: 'user' },
  { id: 'ListMyListings', method: 'GET', path: '/api/my-listings', handler: 'http/my-listings/list-listings.ts', auth: 'user' },
  { id: 'GetMyListing', method: 'GET', path: '/api/my-listings/{id}', handler: 'http/my-listings/get-listing.ts', auth: 'user' },
  { id: 'UpdateMyListing', method: 'PUT', path: '/api/my-listings/{id}', handler: 'http/my-listings/update-listing.ts', auth: 'user' },
  {
    id: 'SetMyListingStatus',
    method: 'PATCH',
    path: '/api/my-listings/{id}/status',
    handler: 'http/my-listings/set-listing-status.ts',
    auth: 'user',
  },
  { id: 'DeleteMyListing', method: 'DELETE', path: '/api/my-listings/{id}', handler: 'http/my-listings/delete-listing.ts', auth: 'user' },
  {
    id: 'RequestListingImageUploads',
    method: 'POST',
    path: '/api/uploads/listing-images',
    handler: 'http/uploads/request-listing-images.ts',
    auth: 'user',
  },
  {
    id: 'CompleteListingImageUploads',
    method: 'POST',
    path: '/api/uploads/listing-images/complete',
    handler: 'http/uploads/complete-listing-images.ts',
    auth: 'user',
    // sharp decodes up to ten 5 MB photos and writes four files each.
    memoryMb: 2048,
    timeoutSeconds: 60,
  },
  { id: 'SendContactMessage', method: 'POST', path: '/api/contact', handler: 'http/contact/send-contact-message.ts', auth: 'public' },
  { id: 'GetPublicConfig', method: 'GET', path: '/api/config', handler: 'http/config/get-public-config.ts', auth: 'public' },
  {
    id: 'RequestValuationImageUploads',
    method: 'POST',
    path: '/api/uploads/valuation-images',
    handler: 'http/uploads/request-valuation-images.ts',
    auth: 'public',
  },
  {
    id: 'SubmitValuationRequest',
    method: 'POST',
    path: '/api/valuations',
    handler: 'http/valuations/submit-valuation-request.ts',
    auth: 'public',
    // Reads, checks and moves up to ten 5 MB photos.
    memoryMb: 1024,
    timeoutSeconds: 30,
  },
  {
    id: 'SendEnquiry',
    method: 'POST',
    path: '/api/listings/{id}/enquiries',
    handler: 'http/enquiries/send-enquiry.ts',
    auth: 'user',
  },
  { id: 'ListMyEnquiries', method: 'GET', path: '/api/my-enquiries', handler: 'http/enquiries/list-my-enquiries.ts', auth: 'user' },
  { id: 'ListSavedTrucks', method: 'GET', path: '/api/saved', handler: 'http/saved/list-saved.ts', auth: 'user' },
  { id: 'SaveTruck', method: 'PUT', path: '/api/saved/{id}', handler: 'http/saved/save-truck.ts', auth: 'user' },
  { id: 'UnsaveTruck', method: 'DELETE', path: '/api/saved/{id}', handler: 'http/saved/unsave-truck.ts', auth: 'user' },
  { id: 'RecordListingView', method: 'POST', path: '/api/listings/{id}/views', handler: 'http/listings/record-view.ts', auth: 'optional' },
  // Pages whose head link previews need without JavaScript (http/seo). Not under /api: CloudFront
  // sends these paths to the API origin (infra/lib/web-stack.ts), the local server matches rows first.
  { id: 'RenderTruckPage', method: 'GET', path: '/truck/{id}', handler: 'http/seo/render-page.ts', auth: 'public' },
  ...CATEGORY_PAGES.map(
    (page): RouteDef => ({
      id: `RenderCategoryPage${page.path.replace(/(^|[^a-z0-9])([a-z0-9])/gi, (_m, _sep, c: string) => c.toUpperCase())}`,
      method: 'GET',
      path: page.path,
      handler: 'http/seo/render-page.ts',
      auth: 'public',
    }),
  ),
  { id: 'GetSitemap', method: 'GET', path: '/sitemap.xml', handler: 'http/seo/get-sitemap.ts', auth: 'public' },
  { id: 'GetRobotsTxt', method: 'GET', path: '/robots.txt', handler: 'http/seo/get-robots.ts', auth: 'public' },
  ...scraperRoutes,
];

/** Routes a request needs to pass API Gateway's JWT authorizer for. */
export const needsAuthorizer = (r: RouteDef) => r.auth === 'user' || r.auth === 'admin' || r.auth === 'superAdmin';
