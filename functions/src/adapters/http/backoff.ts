/** Exponential backoff with jitter for 429 and 5xx answers, honouring Retry-After. */
export interface BackoffPolicy {
  /** Attempts in all (the first request included). */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this ends the retries instead of waiting. */
  maxRetryAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { maxAttempts: 4, baseDelayMs: 1000, maxDelayMs: 30_000, maxRetryAfterMs: 30_000 };

/**
 * Delay before retry number `retry` (1 = the first retry): base × 2^(retry-1), capped, with
 * "equal jitter" (half fixed, half random) so a herd of crawlers does not retry in step.
 */
export function backoffDelayMs(policy: BackoffPolicy, retry: number, random: () => number = Math.random): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(exp / 2 + (exp / 2) * random());
}

/** Retry-After as milliseconds from `nowMs`: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, at - nowMs) : null;
}
