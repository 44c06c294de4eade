/** Port: fixed-window rate limiting (docs/data-model.md pattern 29), implemented in adapters/dynamodb/rate-limit.ts. */

export interface RateLimitRequest {
  /** What is limited, e.g. `contact`; part of the counter's key. */
  scope: string;
  /** Who is limited within the scope, e.g. a client IP. */
  key: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Requests counted in the current window, this one included when allowed. */
  count: number;
  /** Seconds until the window ends and requests are allowed again. */
  retryAfterSeconds: number;
}

export type RateLimiter = (request: RateLimitRequest) => Promise<RateLimitResult>;

/** The start (epoch seconds) of the fixed window holding `nowSeconds`. */
export const windowStartOf = (nowSeconds: number, windowSeconds: number) => nowSeconds - (nowSeconds % windowSeconds);
