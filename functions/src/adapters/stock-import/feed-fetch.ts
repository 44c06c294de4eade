import { validationError } from '../../domain/errors.js';
import { IMPORT_LIMITS } from '../../domain/stock-import/parse-stock-csv.js';
import { type SafeFetcher, failureReason } from '../http/safe-fetch.js';

/** How the stock import names itself to dealers' servers (feeds and photos). */
export const STOCK_IMPORT_USER_AGENT = 'TruckYard-StockImport/1.0 (+https://truckyard.example/contact)';

/** A feed has this long, redirects and body included. */
const FEED_TIMEOUT_MS = 15_000;

/**
 * The one answer to every feed that could not be fetched, whatever the reason (refused address,
 * refused port, no answer, timeout, HTTP error, too large): a different answer per reason would
 * let anyone map our network or probe ports through the import.
 */
const FEED_FETCH_FAILED = 'We could not fetch that address. Check it is a public web address serving your stock file.';

/** The URL as a log line may show it: no credentials, no query (dealers' feed URLs may carry keys). */
export function loggableUrl(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}${url.pathname}`.slice(0, 300);
  } catch {
    return '(not a URL)';
  }
}

/**
 * Fetches a dealer's stock feed through the SSRF guard (adapters/http/safe-fetch.ts) with the
 * import's limits (IMPORT_LIMITS.maxBytes, FEED_TIMEOUT_MS, 5 redirects). Any failure is logged
 * with its reason and answered with FEED_FETCH_FAILED as a 400.
 */
export async function fetchStockFeed(fetcher: SafeFetcher, feedUrl: string, timeoutMs = FEED_TIMEOUT_MS): Promise<Buffer> {
  try {
    const { bytes } = await fetcher.fetchBytes(feedUrl, {
      maxBytes: IMPORT_LIMITS.maxBytes,
      timeoutMs,
      userAgent: STOCK_IMPORT_USER_AGENT,
    });
    return bytes;
  } catch (err) {
    console.warn(
      JSON.stringify({ level: 'warn', message: 'Stock feed not fetched', url: loggableUrl(feedUrl), reason: failureReason(err) }),
    );
    throw validationError(FEED_FETCH_FAILED);
  }
}
