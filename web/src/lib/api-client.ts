import type { ApiErrorBody } from '@shared/schemas/listing';

/**
 * The one way the web talks to the API (same origin, under /api).
 * Failures come back as `{ error: { code, message } }` and are thrown as a typed `ApiError`;
 * a bearer token is added when a token provider is plugged in (the auth issue does that with Cognito).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  get isNotFound() {
    return this.status === 404 || this.code === 'NOT_FOUND';
  }
}

export type TokenProvider = () => Promise<string | null | undefined> | string | null | undefined;

let tokenProvider: TokenProvider | null = null;

/** Plug in where bearer tokens come from (or `null` to stop sending them). */
export function setTokenProvider(fn: TokenProvider | null) {
  tokenProvider = fn;
}

/** How requests leave: the browser's fetch, or (server rendering, web/src/entry-server.tsx) an in-process API. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);

export function setApiTransport(fn: ApiTransport) {
  transport = fn;
}

export type QueryValue = string | number | boolean | null | undefined | readonly string[];

/** Builds a query string, leaving out empty values; arrays become comma lists (the API's form). */
function toQueryString(params: Record<string, QueryValue>): string {
  const sp = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) sp.set(key, value.join(','));
      continue;
    }
    sp.set(key, String(value));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** JSON, or a file (Blob) sent as its own bytes (application/octet-stream). */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal } = options;
  const isFile = typeof Blob !== 'undefined' && body instanceof Blob;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = isFile ? 'application/octet-stream' : 'application/json';
  const token = tokenProvider ? await tokenProvider() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await transport(`/api${path}${query ? toQueryString(query) : ''}`, {
      method,
      headers,
      body: body === undefined ? undefined : isFile ? (body as Blob) : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'Could not reach TruckYard. Check your connection and try again.');
  }

  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}

export const apiGet = <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) => apiRequest<T>(path, { query, signal });

function toApiError(status: number, data: unknown): ApiError {
  const body = data as Partial<ApiErrorBody> | null;
  if (body?.error && typeof body.error.message === 'string') {
    return new ApiError(status, body.error.code ?? 'ERROR', body.error.message, body.error.details);
  }
  return new ApiError(status, status === 404 ? 'NOT_FOUND' : 'ERROR', `Request failed (${status})`);
}

/** Don't retry answers that will not change (4xx); retry network and server failures twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}
