import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { config } from '../config.js';
import { type Caller, ANONYMOUS, callerFromClaims } from '../domain/caller.js';
import { DomainError, forbidden, serviceUnavailable, unauthenticated, validationError } from '../domain/errors.js';
import { type AccessTokenVerifier, createAccessTokenVerifier } from '../adapters/cognito/token-verifier.js';
import { deletedAccountsStore } from '../adapters/dynamodb/deleted-accounts-repo.js';
import { ddb } from '../adapters/dynamodb/client.js';
import { type DeletedAccounts, accountDeleted } from '../domain/accounts/deleted-accounts.js';
import type { RouteAuth } from '../routes.js';
import { logger, withObservability } from '../observability.js';
import { isServiceUnavailable } from './unavailable.js';
import { assertThroughCloudFront } from './viewer-ip.js';

export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Record<string, unknown>; scopes?: string[] | null } };
  };
};
export type HttpResult = APIGatewayProxyStructuredResultV2;

export interface RequestContext {
  event: HttpEvent;
  caller: Caller;
  requestId: string;
  /** Lambda's context (locally the worker's): the remaining time, for leases that must end with the invocation. */
  context?: Context;
}

let verifier: AccessTokenVerifier | undefined;
function accessTokenVerifier(): AccessTokenVerifier {
  verifier ??= createAccessTokenVerifier({ ...config.cognito });
  return verifier;
}

/** For `optional` routes: a valid bearer token makes a signed-in caller; an invalid one is a 401 so the client refreshes. */
async function callerFromBearer(event: HttpEvent): Promise<Caller> {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  if (!header) return ANONYMOUS;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match) throw unauthenticated('Malformed Authorization header');
  try {
    const payload = await accessTokenVerifier()(match[1]);
    return callerFromClaims(payload as Record<string, unknown>);
  } catch {
    throw unauthenticated('Your session has expired. Please sign in again.');
  }
}

let deletedAccounts: DeletedAccounts | undefined;
/** The tombstones of deleted accounts (replaceable in tests). */
export function deletedAccountsCheck(store?: DeletedAccounts): DeletedAccounts {
  if (store) deletedAccounts = store;
  deletedAccounts ??= deletedAccountsStore(ddb, config.tableName);
  return deletedAccounts;
}

/** Methods that change something: a deleted account's still-valid token may call none of them. */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const isWriteMethod = (method: string | undefined) => WRITE_METHODS.has(String(method).toUpperCase());

/**
 * The caller of a route with this auth level. A signed-in caller's write (POST, PUT, PATCH,
 * DELETE) is refused with 401 when their account has been deleted (its tombstone, pattern 60):
 * the access tokens Cognito issued before stay valid for up to an hour. Every row with such a
 * write may read the tombstones (routes.ts `readsTombstones`).
 */
export async function resolveCaller(event: HttpEvent, auth: RouteAuth, options: HandlerOptions = {}): Promise<Caller> {
  const caller = await callerFor(event, auth);
  if (
    caller.kind === 'user' &&
    !options.openToDeletedAccounts &&
    isWriteMethod(event.requestContext?.http?.method) &&
    (await deletedAccountsCheck().isDeleted(caller.userId))
  ) {
    throw accountDeleted();
  }
  return caller;
}

async function callerFor(event: HttpEvent, auth: RouteAuth): Promise<Caller> {
  if (auth === 'public') return ANONYMOUS;
  if (auth === 'optional') return callerFromBearer(event);
  const claims = event.requestContext.authorizer?.jwt?.claims;
  // API Gateway's JWT authorizer would also pass an ID token (its aud is the client id): access tokens only.
  if (claims && claims.token_use !== 'access') throw unauthenticated('An access token is required');
  const caller = callerFromClaims(claims);
  if (caller.kind === 'anonymous') throw unauthenticated();
  if (auth === 'admin' && !caller.isAdmin) throw forbidden('Admin access required');
  if (auth === 'superAdmin' && !caller.isSuperAdmin) throw forbidden('Super admin access required');
  return caller;
}

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  };
}

/** A JSON answer whose body is already serialised. */
export function jsonText(statusCode: number, body: string, headers: Record<string, string> = {}): HttpResult {
  return { statusCode, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body };
}

function errorResult(err: unknown, requestId: string): HttpResult {
  if (err instanceof DomainError) {
    const retryAfter = (err.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    const headers = err.code === 'RATE_LIMITED' && typeof retryAfter === 'number' ? { 'retry-after': String(retryAfter) } : undefined;
    return json(err.statusCode, err.toJSON(), headers);
  }
  const unavailable = isServiceUnavailable(err);
  // The logger's keys already name the request, its route and whether it was a cold start.
  logger.error(unavailable ? 'Dependency unavailable' : 'Unhandled error', {
    requestId,
    error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err),
  });
  if (unavailable) return json(503, serviceUnavailable().toJSON(), { 'retry-after': '5' });
  return json(500, { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
}

/** Parses with a shared zod schema; failures become a 400 naming each bad field. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const message = fields.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message)).join('; ');
  throw validationError(message || 'Invalid input', { fields });
}

/** The JSON body, honouring `isBase64Encoded`; invalid JSON is a 400. */
export function jsonBody(event: HttpEvent): unknown {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw validationError('Request body is not valid JSON');
  }
}

/** A request on a HEAD row (routes.ts derives one from every GET row). */
export const isHeadRequest = (event: HttpEvent) =>
  event.requestContext?.http?.method?.toUpperCase() === 'HEAD' || event.routeKey?.startsWith('HEAD ') === true;

/** The GET a HEAD request mirrors: the same event with GET as its method and route key, so handlers and routers keyed on the route key answer it as the GET. */
export function asGetEvent(event: HttpEvent): HttpEvent {
  const routeKey = event.routeKey.replace(/^HEAD /, 'GET ');
  return {
    ...event,
    routeKey,
    requestContext: { ...event.requestContext, routeKey, http: { ...event.requestContext.http, method: 'GET' } },
  };
}

/**
 * A HEAD answer: GET's status and headers without its body. No Content-Length is added (API
 * Gateway and the local gateway then send none or 0): HEAD tells status, type and caching, not size.
 */
export function withoutBody(result: HttpResult): HttpResult {
  const { body: _body, isBase64Encoded: _base64, ...rest } = result;
  return rest;
}

/** The events headAsGet made from HEAD requests. */
const mirroredHeads = new WeakSet<HttpEvent>();

/** HEAD runs the GET (before) and drops the body from the answer, success or error (after, onError). */
const headAsGet: middy.MiddlewareObj<HttpEvent, HttpResult, Error, Context> = {
  before: async (request) => {
    if (isHeadRequest(request.event)) {
      request.event = asGetEvent(request.event);
      mirroredHeads.add(request.event);
    }
  },
  after: async (request) => {
    if (mirroredHeads.has(request.event) && request.response) request.response = withoutBody(request.response);
  },
  onError: async (request) => {
    if (mirroredHeads.has(request.event) && request.response) request.response = withoutBody(request.response);
  },
};

export interface HandlerOptions {
  /**
   * The route answers a deleted account's still-valid token (no tombstone check). Only account
   * deletion itself: a deletion that failed part-way can be retried to the end.
   */
  openToDeletedAccounts?: boolean;
}

/**
 * Wraps one route's logic: answers HEAD as its GET without the body, in AWS refuses requests that
 * did not come through CloudFront (viewer-ip.ts), resolves the caller for the route's auth level
 * (refusing a deleted account's writes unless `options.openToDeletedAccounts`),
 * maps domain errors to their status and unknown errors to a generic 500 that leaks nothing. Every
 * invocation runs under Powertools (observability.ts): its log lines carry the request id, the
 * cold-start flag and the route (API Gateway's route key), and it is traced in X-Ray.
 */
export function httpHandler(auth: RouteAuth, fn: (ctx: RequestContext) => Promise<HttpResult>, options: HandlerOptions = {}) {
  const inner = middy<HttpEvent, HttpResult, Error, Context>()
    // First, so its onError runs after the error mapper below has set the answer (middy runs onError in reverse).
    .use(headAsGet)
    .use({
      onError: async (request) => {
        request.response = errorResult(request.error, request.context?.awsRequestId ?? 'local');
      },
    })
    .handler(async (event, context) => {
      await assertThroughCloudFront(event);
      const caller = await resolveCaller(event, auth, options);
      return fn({ event, caller, requestId: context?.awsRequestId ?? 'local', context });
    });
  return (event: HttpEvent, context: Context): Promise<HttpResult> =>
    withObservability(routeOf(event), context, () => inner(event, context));
}

/** The route as API Gateway names it (`GET /api/listings/{id}`), or the request's method and path. */
const routeOf = (event: HttpEvent) =>
  event.routeKey && event.routeKey !== '$default'
    ? event.routeKey
    : `${event.requestContext?.http?.method ?? 'GET'} ${event.rawPath ?? '/'}`;
