import { PAGE_QUERY_KEYS } from '../../shared/page-query.js';

/**
 * A CloudFront Function (viewer request, cloudfront-js-2.0) for the page behaviours: it keeps only
 * the query parameters the page routes read (shared/page-query.ts), in name order, and drops the
 * rest. The cache key (every query parameter, infra/lib/web-stack.ts) is then built from the
 * normalised string, and the page handler never sees the others, so `?r=<random>` gets the same
 * cached page as no query at all. A cache policy's allow-list would do the same for at most 10
 * parameters (CloudFront's quota); the browse state has 18.
 */
export function pageQueryFunctionCode(keys: readonly string[] = PAGE_QUERY_KEYS): string {
  const allowed = JSON.stringify(Object.fromEntries(keys.map((k) => [k, true])));
  return `var ALLOWED = ${allowed};
function handler(event) {
  var request = event.request;
  var query = request.querystring;
  var kept = {};
  Object.keys(query).sort().forEach(function (name) {
    if (ALLOWED[name] === true) kept[name] = query[name];
  });
  request.querystring = kept;
  return request;
}`;
}
