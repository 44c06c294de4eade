import { randomUUID } from 'node:crypto';
import { backoffDelayMs, parseRetryAfter } from '../http/backoff.js';

/** Each request to the DVLA and DVSA gives up after 5 s; 429 and 5xx are retried at most twice. */
const VEHICLE_RECORDS_HTTP = { timeoutMs: 5000, maxRetries: 2, baseDelayMs: 250, maxDelayMs: 2000 } as const;

export interface RecordsLog {
  info(message: string, fields: Record<string, unknown>): void;
  warn(message: string, fields: Record<string, unknown>): void;
}

export interface RecordsRequest {
  service: 'DVLA' | 'DVSA' | 'DVSA token';
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface RecordsResponse {
  status: number;
  body: unknown;
  requestId: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const retryable = (status: number) => status === 429 || status >= 500;

/**
 * One call to a record service with the house rules (issue 27 §4): a request id sent as
 * X-Correlation-Id and written to every log line, a 5 s time-out per attempt, and up to 2 retries
 * with exponential back-off (honouring a short Retry-After) on 429, 5xx and time-outs. The last
 * answer is returned whatever its status; a time-out or network failure on the last attempt is
 * returned as status 0.
 */
export async function callRecords(
  req: RecordsRequest,
  opts: { log: RecordsLog; fetchImpl?: typeof fetch; timeoutMs?: number; sleepMs?: (ms: number) => Promise<void> },
): Promise<RecordsResponse> {
  const requestId = randomUUID();
  const doFetch = opts.fetchImpl ?? fetch;
  const wait = opts.sleepMs ?? sleep;
  const policy = {
    maxAttempts: VEHICLE_RECORDS_HTTP.maxRetries + 1,
    baseDelayMs: VEHICLE_RECORDS_HTTP.baseDelayMs,
    maxDelayMs: VEHICLE_RECORDS_HTTP.maxDelayMs,
    maxRetryAfterMs: VEHICLE_RECORDS_HTTP.maxDelayMs,
  };
  let last: RecordsResponse = { status: 0, body: null, requestId };
  for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
    const started = Date.now();
    let retryAfter: string | null = null;
    try {
      const res = await doFetch(req.url, {
        method: req.method,
        headers: { accept: 'application/json', 'X-Correlation-Id': requestId, ...req.headers },
        body: req.body,
        signal: AbortSignal.timeout(opts.timeoutMs ?? VEHICLE_RECORDS_HTTP.timeoutMs),
      });
      const text = await res.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      last = { status: res.status, body, requestId };
      retryAfter = res.headers.get('retry-after');
      opts.log.info('vehicle records call', { service: req.service, requestId, attempt, status: res.status, ms: Date.now() - started });
    } catch (err) {
      last = { status: 0, body: null, requestId };
      opts.log.warn('vehicle records call failed', {
        service: req.service,
        requestId,
        attempt,
        error: err instanceof Error ? err.name : String(err),
        ms: Date.now() - started,
      });
    }
    if (last.status !== 0 && !retryable(last.status)) return last;
    if (attempt === policy.maxAttempts) break;
    const after = parseRetryAfter(retryAfter, Date.now());
    if (after !== null && after > policy.maxRetryAfterMs) break;
    await wait(after ?? backoffDelayMs(policy, attempt));
  }
  return last;
}
