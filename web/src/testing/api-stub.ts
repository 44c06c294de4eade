import { vi } from 'vitest';
import type { z } from 'zod';

/**
 * The network boundary of web component tests: `fetch` replaced by a table of answers keyed by
 * "METHOD /path" (the path under /api, without its query). The web's real API client
 * (lib/api-client.ts) builds every request; the stub records what was sent and answers it.
 * A request no row answers gets a 404 and is listed in `unanswered`.
 */
export interface SentRequest {
  method: string;
  /** Under /api, without the query: '/contact'. */
  path: string;
  query: URLSearchParams;
  /** Names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body; undefined when there was none. */
  body: unknown;
}

type Answer = Response | { status: number; body?: unknown };
export type Responder = (request: SentRequest) => Answer | Promise<Answer>;

export function stubApi(routes: Record<string, Responder | Answer>) {
  const requests: SentRequest[] = [];
  const unanswered: string[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const body =
      typeof init.body === 'string' ? JSON.parse(init.body) : init.body === undefined || init.body === null ? undefined : init.body;
    const request: SentRequest = { method, path, query: url.searchParams, headers, body };
    requests.push(request);
    const route = routes[`${method} ${path}`];
    if (!route) {
      unanswered.push(`${method} ${path}`);
      return toResponse({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } });
    }
    return toResponse(typeof route === 'function' ? await route(request) : route);
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    requests,
    unanswered,
    /** The requests sent to one route ("POST /contact"), in order. */
    sent: (route: string) => requests.filter((r) => `${r.method} ${r.path}` === route),
  };
}

function toResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  if (answer.status === 204 || answer.body === undefined) return new Response(null, { status: answer.status });
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
}

/**
 * What the API answers a body its shared schema refuses (functions/src/http/handler.ts parseWith):
 * 400 VALIDATION naming each field; null when the schema accepts the body.
 */
export function refusedBy(schema: z.ZodType, body: unknown): Answer | null {
  const result = schema.safeParse(body);
  if (result.success) return null;
  const fields = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const message = fields.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message)).join('; ');
  return { status: 400, body: { error: { code: 'VALIDATION', message, details: { fields } } } };
}

/** An answer held back until `release()`: the form's pending state can be looked at meanwhile. */
export function heldAnswer(answer: Answer) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const responder: Responder = async () => {
    await gate;
    return answer;
  };
  return { responder, release };
}
