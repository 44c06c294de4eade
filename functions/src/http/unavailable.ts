/**
 * Is this error our storage or a downstream service being unreachable or overloaded, rather
 * than a bug? Those become a 503 with a clear message (the caller may retry), not a 500.
 * AWS SDK v3 errors carry `$metadata.httpStatusCode` and `$retryable`; a stopped endpoint shows
 * up as a Node socket error code (ECONNREFUSED …), sometimes wrapped in `cause`.
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
]);
const THROTTLING = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'ServiceUnavailable',
  'SlowDown',
  'InternalServerError',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);

export function isServiceUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number }; $retryable?: unknown; cause?: unknown };
  if (e.code && SOCKET_CODES.has(e.code)) return true;
  if (e.name && THROTTLING.has(e.name)) return true;
  const status = e.$metadata?.httpStatusCode;
  if (typeof status === 'number' && status >= 500) return true;
  if (e.$retryable) return true;
  return isServiceUnavailable(e.cause, depth + 1);
}
