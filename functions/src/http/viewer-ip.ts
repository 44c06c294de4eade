import { timingSafeEqual } from 'node:crypto';
import { getOptionalSecret, getSecret } from '../adapters/secrets/secrets.js';
import { forbidden, serviceUnavailable } from '../domain/errors.js';
import type { HttpEvent } from './handler.js';

/**
 * The header CloudFront adds to every API request (infra/lib/web-stack.ts) with the value of the
 * `originVerifySecret` secret: proof that the request came through our distribution. During a
 * rotation `originVerifySecretPrevious` holds the value before it, accepted too (docs/security.md).
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** Set by CloudFront (forwarded by the API behaviour's origin request policy): `ip:port` of the viewer. */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

export interface ViewerIpDeps {
  /** The expected origin-verify value; only asked for when a request carries the header. */
  originVerifySecret: () => Promise<string>;
  /** The value before the last rotation, if one is configured; asked for only when the current one does not match. */
  previousOriginVerifySecret?: () => Promise<string | undefined>;
  logError?: (msg: string, err: unknown) => void;
}

const defaultDeps: ViewerIpDeps = {
  originVerifySecret: () => getSecret('originVerifySecret'),
  previousOriginVerifySecret: () => getOptionalSecret('originVerifySecretPrevious'),
  logError: (msg, err) => console.error(JSON.stringify({ msg, error: err instanceof Error ? err.message : String(err) })),
};

/** `198.51.100.10:46532` -> `198.51.100.10`; `2001:db8::1:46532` or `[2001:db8::1]:46532` -> `2001:db8::1`. */
export function ipOfViewerAddress(value: string): string | null {
  const v = value.trim();
  const bracketed = /^\[([^\]]+)\]:\d+$/.exec(v);
  if (bracketed) return bracketed[1];
  const i = v.lastIndexOf(':');
  if (i <= 0 || !/^\d+$/.test(v.slice(i + 1))) return null;
  return v.slice(0, i);
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Whether a presented header is the current origin secret or, during a rotation, the previous one.
 * An unreadable previous secret counts as none (logged): the current one still works.
 */
async function isOriginSecret(presented: string, expected: string, deps: Pick<ViewerIpDeps, 'previousOriginVerifySecret'>) {
  if (sameSecret(presented, expected)) return true;
  let previous: string | undefined;
  try {
    previous = await deps.previousOriginVerifySecret?.();
  } catch (err) {
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'Previous origin verify secret unreadable: only the current one is accepted',
        error: err instanceof Error ? { name: err.name, message: err.message } : String(err),
      }),
    );
  }
  return previous !== undefined && previous !== '' && sameSecret(presented, previous);
}

/**
 * The address rate limits key on. Behind CloudFront, `requestContext.http.sourceIp` is an edge
 * server shared by many viewers, so the viewer's own address (CloudFront-Viewer-Address) is used —
 * but only when the request carries CloudFront's secret origin header, since anyone can send that
 * header straight to the API. Otherwise (locally, or a direct call) the socket address, which for a
 * direct caller is their own.
 */
export async function viewerIp(event: HttpEvent, deps: ViewerIpDeps = defaultDeps): Promise<string> {
  const sourceIp = event.requestContext.http.sourceIp;
  const headers = event.headers ?? {};
  const presented = headers[ORIGIN_VERIFY_HEADER];
  const viewerAddress = headers[VIEWER_ADDRESS_HEADER];
  if (!presented || !viewerAddress) return sourceIp;
  let expected: string;
  try {
    expected = await deps.originVerifySecret();
  } catch (err) {
    // A missing or unreadable secret must not turn into 500s; the limits then apply per edge server.
    deps.logError?.('Origin verify secret unavailable; rate limiting by source address', err);
    return sourceIp;
  }
  if (!(await isOriginSecret(presented, expected, deps))) return sourceIp;
  return ipOfViewerAddress(viewerAddress) ?? sourceIp;
}

/** Set by CDK on every API function (infra/lib/api-stack.ts); unset locally, where there is no CloudFront. */
export const REQUIRE_ORIGIN_VERIFY_ENV = 'REQUIRE_ORIGIN_VERIFY';

/**
 * In AWS the HTTP API's own `execute-api` address stays reachable — it is CloudFront's origin, and an
 * HTTP API can only drop it behind a custom API domain, which would be just as reachable. So every
 * API function refuses requests that lack CloudFront's secret origin header: nothing skips the WAF,
 * the caching rules or the viewer-address rate limits. Without the secret the API cannot tell, so
 * it answers 503 rather than serve unguarded.
 */
export async function assertThroughCloudFront(
  event: HttpEvent,
  deps: Pick<ViewerIpDeps, 'originVerifySecret' | 'previousOriginVerifySecret'> = defaultDeps,
  required: boolean = process.env[REQUIRE_ORIGIN_VERIFY_ENV] === '1',
): Promise<void> {
  if (!required) return;
  const presented = event.headers?.[ORIGIN_VERIFY_HEADER];
  if (!presented) throw forbidden('Use the site address: the API is only served through it.');
  let expected: string;
  try {
    expected = await deps.originVerifySecret();
  } catch (err) {
    // Logged with its cause (a missing parameter, a refused ssm:GetParameter): the caller only sees 503.
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'Origin verify secret unavailable: answering 503',
        error: err instanceof Error ? { name: err.name, message: err.message } : String(err),
      }),
    );
    throw serviceUnavailable();
  }
  if (!(await isOriginSecret(presented, expected, deps))) throw forbidden('Use the site address: the API is only served through it.');
}
