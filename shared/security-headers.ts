/**
 * The security headers of every response the site sends, defined once: the CloudFront response
 * headers policy (infra/lib/web-stack.ts) and the local server (dev/api-server.ts) both build
 * theirs from here, and infra/test/security-headers.test.ts compares the two.
 */
export interface SecurityHeaderOptions {
  /** Origins the browser's scripts call besides 'self': Cognito, and the buckets it POSTs uploads to. */
  connectSrc: readonly string[];
}

export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Browser features the site never uses, switched off for it and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** CSP directives in order; connect-src names only what the browser really talks to. */
export function cspDirectives(o: SecurityHeaderOptions): string[] {
  return [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    // No inline styles of any kind (style-src falls back to default-src): the app sets its few
    // computed styles (range slider, chart bars) through the CSSOM, which CSP does not govern,
    // never as style attributes (server-rendered ones would be dropped).
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ['connect-src', "'self'", ...o.connectSrc].join(' '),
  ];
}

const contentSecurityPolicy = (o: SecurityHeaderOptions) => cspDirectives(o).join('; ');

/** Header name (lower case) -> value. */
export function securityHeaders(o: SecurityHeaderOptions): Record<string, string> {
  return {
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    'content-security-policy': contentSecurityPolicy(o),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': REFERRER_POLICY,
    'permissions-policy': PERMISSIONS_POLICY,
  };
}
