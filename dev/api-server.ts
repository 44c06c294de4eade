/**
 * The local stand-in for API Gateway + Lambda + CloudFront on one origin:
 *   /api/*      the routes.ts rows, invoked in-process with API Gateway's event and authorizer
 *               (rows outside /api: sitemap and robots first; the page rows — / and /{proxy+} — after files)
 *   /images/*   the published listings/ prefix of the truck-images bucket (CloudFront's role), nothing else
 *   /_dev/*     health, the mail inbox, WhatsApp messages, the SES simulations
 *   /_aws/*     the AWS JSON APIs without an emulator: SQS (the work queues), EventBridge (the bus),
 *               and SSM in the local cloud (dev/cloud/aws-endpoints.ts)
 *   /v1/*, /_dev/stripe/*  the local Stripe stand-in (dev/stripe) and its hosted pages
 *   files:      the built web app (web/dist); without page rows (tests), SPA fallback to index.html.
 */
import { readFileSync, statSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { LISTING_IMAGE_PREFIX } from '../functions/src/domain/listings/manage-images.js';
import { type RouteDef, needsAuthorizer, routes as allRoutes } from '../functions/src/routes.js';
import {
  INTERNAL_ERROR_BODY,
  NOT_FOUND_BODY,
  type TokenVerifier,
  UNAUTHORIZED_BODY,
  authorize,
  buildHttpEvent,
  createAuthorizerVerifier,
  createRouter,
  lambdaContext,
  toHttpResponse,
} from './api-gateway.js';
import { LOCAL_CREDENTIALS, LOCAL_SECRET_VALUES, REGION, REPO_ROOT } from './config.js';
import { type LocalBus, createLocalBus } from './local-bus.js';
import { type LocalQueue, type LocalQueueOptions, createLocalQueue } from './local-queue.js';
import { handleMailInbox } from './mail/inbox.js';
import { handlersHaveOwnEnvironments, loadHandler } from './lib/handlers.js';
import { listenLoopback } from './lib/net.js';
import { securityHeaders } from '../shared/security-headers.js';
import { makeDynamoClient } from './stand-ins/dynamodb-local.js';
import { ensurePlanCatalog } from '../functions/src/adapters/stripe/catalog.js';
import Stripe from 'stripe';
import { stripeClientOptions } from '../functions/src/adapters/stripe/stripe-gateway.js';
import { type StripeStandIn, createStripeStandIn } from './stripe/stand-in.js';
import { handleWhatsAppInbox } from './whatsapp/inbox.js';
import { createVehicleRecordsStandIn, isVehicleRecordsPath } from './vehicle-records/stand-in.js';
import { AwsEndpointError, createAwsEndpoints } from './cloud/aws-endpoints.js';
import type { Template } from './cloud/synth.js';
import { localEventBusName, localQueueUrls } from './cloud/wiring.js';
import { queueUrlEnvVar } from '../functions/src/adapters/queues/sender.js';
import { TOO_MANY_REQUESTS_BODY } from './cloud/stage-throttle.js';
import { type EdgeModel, behaviourFor, cloudFrontQueryOf, type createWaf, rawQueryOf, runViewerRequest } from './cloud/edge.js';
import type { FunctionRuntime } from './cloud/runtime.js';
import { VIEWER_ADDRESS_HEADER } from '../functions/src/http/viewer-ip.js';

export interface ApiServerOptions {
  /** 0 picks a free port (tests). */
  port: number;
  /** Handler environment (dev/config.ts handlerEnv); applied to process.env, handlers run in-process. */
  env: Record<string, string>;
  /** Built web app; defaults to web/dist. */
  webDir?: string;
  routes?: RouteDef[];
  /** Request log lines; silent when omitted. */
  log?: (msg: string) => void;
  /** The bus behind the EventBridge endpoint (dev/local-bus.ts); one delivering to every events.ts row by default. */
  bus?: LocalBus;
  /** Caught mail (dev/mail) to show at /_dev/mail; no inbox when omitted. */
  mailDir?: string;
  /** The local Stripe stand-in: its state file (in memory when omitted), or false for none. */
  stripe?: { stateFile?: string } | false;
  /** Where the local WhatsApp endpoint records messages (/_dev/whatsapp); none when omitted. */
  whatsappDir?: string;
  /** The DVLA and DVSA stand-ins and /_dev/vehicle-records (dev/vehicle-records); none when omitted. */
  vehicleRecords?: boolean;
  /**
   * The synthesized app's templates (dev/cloud/synth.ts): the SQS endpoint on /_aws/sqs takes
   * messages for its work queues (dev/local-queue.ts) and the EventBridge endpoint on /_aws/events
   * takes events for its bus (to `bus`), and code in this process sends and publishes to them as the
   * functions do, through SQS and EventBridge: this server sets AWS_ENDPOINT_URL_SQS and each
   * queue's QUEUE_URL_<ID>, AWS_ENDPOINT_URL_EVENTBRIDGE and EVENT_BUS_NAME as the template gives
   * them, on this server. Without templates no queue and no bus exists here and none of these is
   * set: a send fails for want of its QUEUE_URL_<ID>, a publish for want of EVENT_BUS_NAME, as in a
   * function whose template lacks them.
   */
  templates?: Record<string, Template>;
  /** The work queues' worker loader, redelivery delay and log (tests; the server's log by default). */
  queues?: Pick<LocalQueueOptions, 'load' | 'log' | 'retryDelayMs'>;
  /**
   * The local cloud wired from the synthesized app (`npm start`, the browser tests): functions run
   * in their own environments (dev/cloud/runtime.ts), the edge follows the distribution and the
   * WAF (dev/cloud/edge.ts), and the API origin listens on its own port. Without it (the handler
   * integration tests) handlers run in this process and this server is both edge and origin.
   */
  cloud?: CloudWiring;
}

interface CloudWiring {
  runtime: FunctionRuntime;
  edge: EdgeModel;
  waf?: ReturnType<typeof createWaf>;
  /** API Gateway's stage throttles: false when the route key's bucket is empty (429). */
  throttle?: (routeKey: string) => boolean;
  /** API Gateway's stand-in: answers only the API's routes and adds nothing (0 picks a free port). */
  originPort: number;
  /** SSM parameters the local SSM endpoint serves (/_aws). */
  parameters: Record<string, string>;
  /** The web app's bucket: the edge serves its files from `webDir`, the deployed copy of web/dist (dev/start.ts). */
  siteBucket: string;
  /** POST /_dev/jobs/<id>: runs a job now in its function (npm run job), then waits for its queue work. */
  runJob?(id: string): Promise<unknown>;
}

export interface ApiServer {
  url: string;
  port: number;
  /** The API origin's own port (cloud mode); `port` otherwise. */
  originPort: number;
  bus: LocalBus;
  /** The work queues behind /_aws/sqs: `idle()` waits until they are drained and their workers have finished. */
  queues: LocalQueue;
  stripe: StripeStandIn | null;
  close(): Promise<void>;
}

const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024; // API Gateway's limit
/** infra/lib/constructs/house-function.ts HOUSE_FUNCTION_DEFAULTS (not imported: it pulls in aws-cdk-lib). */
const DEFAULT_TIMEOUT_SECONDS = 10;
const DEFAULT_MEMORY_MB = 512;

class LambdaTimeout extends Error {}

const NO_BODY = Buffer.alloc(0);

const SERVED_IMAGE_TYPES = new Set(['image/jpeg', 'image/webp', 'image/png']);

/**
 * Like Lambda, a handler that outlives its timeout fails (LAMBDA_TIMEOUTS=off while debugging):
 * for handlers run in this process (the handler integration tests), timed from the call, after
 * their module has loaded. The local cloud's functions are timed by their runtime instead
 * (dev/cloud/runtime.ts), from the invocation, after their environment's cold start: timing them
 * here too counted the cold start against the timeout, which Lambda does not.
 */
function withTimeout<T>(work: Promise<T>, seconds: number): Promise<T> {
  if (process.env.LAMBDA_TIMEOUTS === 'off' || handlersHaveOwnEnvironments()) return work;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LambdaTimeout(`Task timed out after ${seconds} seconds`)), seconds * 1000);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_PAYLOAD_BYTES) chunks.push(c);
    });
    req.on('end', () => resolve(size > MAX_PAYLOAD_BYTES ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, status: number, body: string | Buffer, headers: Record<string, string | string[]> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

// ---------- static web ----------

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.map': 'application/json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg)/;

const PLACEHOLDER_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>TruckYard (local)</title></head>
<body><h1>TruckYard</h1><p>The web app has not been built (no web/dist). The API is up under <code>/api</code>.</p></body></html>`;

interface StaticFile {
  mtimeMs: number;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function createStaticHandler(webDir: string, opts: { spaFallback: boolean } = { spaFallback: true }) {
  const root = path.resolve(webDir);
  const cache = new Map<string, StaticFile>();

  function load(file: string): StaticFile | null {
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(file);
    } catch {
      return null;
    }
    if (!st.isFile()) return null;
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === st.mtimeMs) return hit;
    const entry: StaticFile = { mtimeMs: st.mtimeMs, raw: readFileSync(file) };
    cache.set(file, entry);
    return entry;
  }

  return (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, NOT_FOUND_BODY, { allow: 'GET, HEAD' });
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return send(res, 400, JSON.stringify({ message: 'Bad Request' }));
    }
    let file = path.join(root, path.normalize(decoded));
    if (!file.startsWith(root)) return send(res, 404, NOT_FOUND_BODY);
    let entry = decoded.endsWith('/') ? null : load(file);
    const isAsset = decoded.startsWith('/assets/');
    if (!entry) {
      // Missing hashed assets are real 404s; anything else is a client-side route.
      if (isAsset || path.extname(decoded) || !opts.spaFallback)
        return send(res, 404, 'Not found', { 'content-type': 'text/plain; charset=utf-8' });
      file = path.join(root, 'index.html');
      entry = load(file);
      if (!entry) return send(res, 200, PLACEHOLDER_HTML, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    }
    const type = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const etag = `W/"${entry.raw.length.toString(16)}-${Math.floor(entry.mtimeMs).toString(16)}"`;
    const headers: Record<string, string> = {
      'content-type': type,
      etag,
      'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      return res.end();
    }
    let body = entry.raw;
    const accept = String(req.headers['accept-encoding'] ?? '');
    if (COMPRESSIBLE.test(type) && body.length > 1024) {
      if (/\bbr\b/.test(accept)) {
        entry.br ??= zlib.brotliCompressSync(entry.raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
        body = entry.br;
        headers['content-encoding'] = 'br';
      } else if (/\bgzip\b/.test(accept)) {
        entry.gzip ??= zlib.gzipSync(entry.raw, { level: 9 });
        body = entry.gzip;
        headers['content-encoding'] = 'gzip';
      }
    }
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/**
 * CloudFront compresses the API's text answers (`compress: true`, infra/lib/web-stack.ts): so does
 * this server, so page weights measured locally (Lighthouse) are the ones buyers get.
 */
function compressLikeCloudFront(response: ReturnType<typeof toHttpResponse>, acceptEncoding: string): ReturnType<typeof toHttpResponse> {
  const type = String(response.headers['content-type'] ?? '');
  if (response.headers['content-encoding'] || !COMPRESSIBLE.test(type) || Buffer.byteLength(response.body) <= 1024) return response;
  const vary = response.headers.vary ? `${response.headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  if (/\bbr\b/.test(acceptEncoding)) {
    const body = zlib.brotliCompressSync(response.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return { ...response, body, headers: { ...response.headers, 'content-encoding': 'br', 'content-length': String(body.length), vary } };
  }
  if (/\bgzip\b/.test(acceptEncoding)) {
    const body = zlib.gzipSync(response.body, { level: 6 });
    return { ...response, body, headers: { ...response.headers, 'content-encoding': 'gzip', 'content-length': String(body.length), vary } };
  }
  return response;
}

// ---------- server ----------

/** A row whose path ends in a greedy {proxy+}: the page catch-all, which comes after files. */
const isGreedy = (route: RouteDef) => /\{\w+\+\}$/.test(route.path);

/**
 * The security headers of every local response: the same definition as the CloudFront response
 * headers policy (shared/security-headers.ts), with the local Cognito and S3 as what the browser
 * connects to.
 */
function localSecurityHeaders(env: Record<string, string | undefined>): Record<string, string> {
  const origins = [env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER, env.S3_PUBLIC_ENDPOINT ?? env.AWS_ENDPOINT_URL_S3]
    .filter((u): u is string => Boolean(u))
    .map((u) => new URL(u).origin);
  return securityHeaders({ connectSrc: [...new Set(origins)] });
}

export async function startApiServer(opts: ApiServerOptions): Promise<ApiServer> {
  Object.assign(process.env, opts.env);
  const log = opts.log ?? (() => undefined);
  const match = createRouter(opts.routes ?? allRoutes);
  let verifier: TokenVerifier | undefined;
  const verify: TokenVerifier = (token) => {
    verifier ??= createAuthorizerVerifier(process.env);
    return verifier(token);
  };
  const bus = opts.bus ?? createLocalBus({ log });
  const s3 = new S3Client({
    endpoint: opts.env.AWS_ENDPOINT_URL_S3,
    forcePathStyle: true,
    region: REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  const ddb = makeDynamoClient(opts.env.AWS_ENDPOINT_URL_DYNAMODB ?? '');
  const webDir = opts.webDir ?? path.join(REPO_ROOT, 'web', 'dist');
  const serveStatic = createStaticHandler(webDir);
  // The page handlers (http/seo) put their head into this server's index.html.
  process.env.SPA_INDEX_PATH = opts.env.SPA_INDEX_PATH ?? path.join(webDir, 'index.html');

  async function handleApi(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    pathname: string,
    viaEdge?: { body: Buffer; headers: Record<string, string>; url: string },
  ) {
    const started = Date.now();
    const method = req.method ?? 'GET';
    const found = match(method, pathname);
    if (!found) return send(res, 404, NOT_FOUND_BODY);
    if (cloud?.throttle && !cloud.throttle(found.compiled.routeKey)) {
      log(`${method} ${req.url} 429 (stage throttle of ${found.compiled.routeKey})`);
      return send(res, 429, TOO_MANY_REQUESTS_BODY);
    }
    // A request announcing no body (GETs: no Content-Length, no Transfer-Encoding) has none to read.
    const bodiless = req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined;
    const body = viaEdge ? viaEdge.body : bodiless ? NO_BODY : await readBody(req);
    if (body === null) return send(res, 413, JSON.stringify({ message: 'Request Entity Too Large' }));
    const event = buildHttpEvent(
      {
        method,
        url: viaEdge?.url ?? req.url ?? pathname,
        headers: viaEdge ? { ...req.headers, ...viaEdge.headers } : req.headers,
        body,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      },
      found,
    );
    const route = found.compiled.route;
    if (needsAuthorizer(route)) {
      const auth = await authorize(event.headers, verify);
      if (!auth.ok) {
        log(`${method} ${req.url} 401 (authorizer) ${Date.now() - started}ms`);
        return send(res, 401, UNAUTHORIZED_BODY, { 'www-authenticate': 'Bearer' });
      }
      event.requestContext.authorizer = { jwt: { claims: auth.claims, scopes: auth.scopes } };
    }
    let response: ReturnType<typeof toHttpResponse>;
    try {
      const handler = await loadHandler(route.handler);
      const timeoutSeconds = route.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
      const context = lambdaContext(route.id, timeoutSeconds, route.memoryMb ?? DEFAULT_MEMORY_MB);
      response = toHttpResponse(await withTimeout(handler(event, context), timeoutSeconds));
    } catch (err) {
      if (err instanceof LambdaTimeout || (err instanceof Error && err.name === 'LambdaTimeout'))
        console.error(`[api] ${route.id}: ${err.message} (set LAMBDA_TIMEOUTS=off to debug)`);
      else console.error(`[api] ${route.id} threw:`, err);
      response = { statusCode: 500, headers: { 'content-type': 'application/json' }, body: INTERNAL_ERROR_BODY };
    }
    const compressed = compressLikeCloudFront(response, String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(compressed.statusCode, { 'apigw-requestid': event.requestContext.requestId, ...compressed.headers });
    res.end(method === 'HEAD' ? undefined : compressed.body);
    log(`${method} ${req.url} ${response.statusCode} ${Date.now() - started}ms`);
  }

  /** `/media/{bucket key}/{file path}`: the admin area's media buckets (CloudFront's role in AWS). */
  function mediaBucketOf(pathname: string): { bucket: string; prefix: string } | null {
    const m = /^\/media\/(truck-images|promotional-images|banners|logos|general-media)\//.exec(pathname);
    if (!m) return null;
    const bucket = process.env[`BUCKET_${m[1].toUpperCase().replace(/-/g, '_')}`] ?? m[1];
    return { bucket, prefix: m[0] };
  }

  async function handleImage(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    pathname: string,
    media?: { bucket: string; prefix: string },
  ) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, NOT_FOUND_BODY);
    let key: string;
    try {
      key = decodeURIComponent(pathname.slice(media ? media.prefix.length : '/images/'.length));
    } catch {
      return send(res, 400, JSON.stringify({ message: 'Bad Request' }));
    }
    if (!key) return send(res, 404, NOT_FOUND_BODY);
    // Only processed variants are public, as CloudFront's origin path limits it in AWS: anything
    // else in the bucket (an unverified upload, a stray object) is a 404 here, never served.
    // Media files are public under their category folder of their bucket.
    if (key.includes('..') || (!media && !key.startsWith(LISTING_IMAGE_PREFIX))) return send(res, 404, NOT_FOUND_BODY);
    const bucket = media?.bucket ?? process.env.BUCKET_TRUCK_IMAGES ?? 'truck-images';
    try {
      const obj = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const etag = obj.ETag ?? '';
      // We only ever write JPEG originals and WebP variants there; any other stored type is refused.
      if (!SERVED_IMAGE_TYPES.has(obj.ContentType ?? '')) {
        (obj.Body as Readable | undefined)?.destroy();
        return send(res, 404, NOT_FOUND_BODY);
      }
      const headers: Record<string, string> = {
        'content-type': obj.ContentType ?? 'application/octet-stream',
        'cache-control': obj.CacheControl ?? 'public, max-age=3600',
        'x-content-type-options': 'nosniff',
      };
      if (etag) headers.etag = etag;
      if (obj.ContentLength !== undefined) headers['content-length'] = String(obj.ContentLength);
      if (obj.LastModified) headers['last-modified'] = obj.LastModified.toUTCString();
      const stream = obj.Body as Readable | undefined;
      if (etag && req.headers['if-none-match'] === etag) {
        stream?.destroy();
        delete headers['content-length'];
        res.writeHead(304, headers);
        return res.end();
      }
      res.writeHead(200, headers);
      if (req.method === 'HEAD' || !stream) {
        stream?.destroy();
        return res.end();
      }
      Readable.from(stream).pipe(res);
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (err instanceof Error && (err.name === 'NoSuchKey' || err.name === 'NotFound'))) {
        return send(res, 404, '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code></Error>', {
          'content-type': 'application/xml',
        });
      }
      throw err;
    }
  }

  async function health(res: http.ServerResponse) {
    const checks: Record<string, string> = {};
    const probe = async (name: string, fn: () => Promise<unknown>) => {
      try {
        await fn();
        checks[name] = 'ok';
      } catch (err) {
        checks[name] = err instanceof Error ? err.message : String(err);
      }
    };
    await Promise.all([
      probe('dynamodb', () => ddb.send(new ListTablesCommand({ Limit: 1 }))),
      probe('s3', () => s3.send(new HeadBucketCommand({ Bucket: process.env.BUCKET_TRUCK_IMAGES ?? 'truck-images' }))),
      probe('cognito', async () => {
        const r = await fetch(process.env.COGNITO_JWKS_URL ?? '');
        if (!r.ok) throw new Error(`JWKS ${r.status}`);
      }),
    ]);
    const ok = Object.values(checks).every((v) => v === 'ok');
    send(res, ok ? 200 : 503, JSON.stringify({ ok, checks }), { 'cache-control': 'no-store' });
  }

  // The keys the functions read from the local SSM parameters (dev/config.ts LOCAL_SECRET_VALUES).
  const stripeKey = LOCAL_SECRET_VALUES.stripeSecretKey;
  const stripe =
    opts.stripe === false
      ? null
      : createStripeStandIn({
          secretKey: stripeKey,
          webhookSecret: LOCAL_SECRET_VALUES.stripeWebhookSecret,
          stateFile: opts.stripe?.stateFile,
          log,
        });

  /**
   * Local stand-in for SES → SNS → events/ses-notification.ts: POST /_dev/ses/bounce (or
   * /complaint) with {"email": "..."} marks the address suppressed as a real notification would.
   */
  async function handleSesSimulation(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
    if (req.method !== 'POST') return send(res, 405, NOT_FOUND_BODY);
    const body = await readBody(req);
    let email = '';
    try {
      email = String((JSON.parse(body?.toString('utf8') ?? '') as { email?: unknown }).email ?? '');
    } catch {
      // Reported below.
    }
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) return send(res, 400, JSON.stringify({ message: 'Body must be {"email": "<address>"}' }));
    const { handler, sesNotificationEvent } = await import('../functions/src/events/ses-notification.js');
    const result = await handler(sesNotificationEvent(email, pathname.endsWith('bounce') ? 'Bounce' : 'Complaint'));
    send(res, 200, JSON.stringify(result));
  }

  const cloud = opts.cloud;
  const serveSite = createStaticHandler(webDir, { spaFallback: false });
  // Created once this server's address, and so its queues' URLs, are known (below).
  let queues: LocalQueue | undefined;
  // The template's bus, the only one the EventBridge endpoint has (none without templates).
  const eventBusName = opts.templates ? localEventBusName(opts.templates) : undefined;
  const awsEndpoints = createAwsEndpoints({
    parameters: cloud?.parameters,
    region: REGION,
    eventBuses: eventBusName ? [eventBusName] : [],
    publishEvents: (entries) => bus.publish(entries),
    sendMessages: (queueUrl, bodies) => {
      if (!queues) throw new AwsEndpointError(400, 'QueueDoesNotExist', `The specified queue does not exist: ${queueUrl}`);
      queues.accept(queueUrl, bodies);
    },
  });

  async function handleAws(req: http.IncomingMessage, res: http.ServerResponse) {
    const body = (await readBody(req)) ?? NO_BODY;
    if (!awsEndpoints(req, res, body)) send(res, 404, NOT_FOUND_BODY);
  }

  /** An S3 origin: what CloudFront (OAC) may read of the bucket, as its bucket policy says. */
  async function handleS3Origin(req: http.IncomingMessage, res: http.ServerResponse, bucket: string, key: string) {
    const readable = cloud?.edge.readableByCloudFront[bucket] ?? [];
    // Without s3:ListBucket, S3 answers a missing key with 403, as it does an unreadable one.
    const denied = () =>
      send(res, 403, '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>', {
        'content-type': 'application/xml',
      });
    if (!key || !readable.some((re) => re.test(key))) return denied();
    try {
      const obj = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const etag = obj.ETag ?? '';
      const headers: Record<string, string> = { 'content-type': obj.ContentType ?? 'application/octet-stream' };
      if (obj.CacheControl) headers['cache-control'] = obj.CacheControl;
      if (etag) headers.etag = etag;
      if (obj.ContentLength !== undefined) headers['content-length'] = String(obj.ContentLength);
      if (obj.LastModified) headers['last-modified'] = obj.LastModified.toUTCString();
      const stream = obj.Body as Readable | undefined;
      if (etag && req.headers['if-none-match'] === etag) {
        stream?.destroy();
        delete headers['content-length'];
        res.writeHead(304, headers);
        return res.end();
      }
      res.writeHead(200, headers);
      if (req.method === 'HEAD' || !stream) {
        stream?.destroy();
        return res.end();
      }
      Readable.from(stream).pipe(res);
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (err instanceof Error && (err.name === 'NoSuchKey' || err.name === 'NotFound'))) return denied();
      throw err;
    }
  }

  /** CloudFront's role: the WAF, then the behaviour for the path, its function, its origin. */
  async function handleEdge(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
    if (!cloud) return;
    const method = req.method ?? 'GET';
    const bodiless = req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined;
    const body = bodiless ? NO_BODY : await readBody(req);
    if (body === null) return send(res, 413, JSON.stringify({ message: 'Request Entity Too Large' }));
    const ip = req.socket.remoteAddress ?? '127.0.0.1';
    const verdict = cloud.waf?.({ uriPath: pathname, method, bodyBytes: body.length, ip });
    if (verdict?.action === 'block') {
      log(`${method} ${req.url} 403 (WAF ${verdict.rule})`);
      return send(
        res,
        403,
        '<!doctype html><title>403 Forbidden</title><h1>403 ERROR</h1><p>The request could not be satisfied. Request blocked.</p>',
        {
          'content-type': 'text/html; charset=utf-8',
          'x-cache': 'Error from cloudfront',
        },
      );
    }
    const behaviour = behaviourFor(cloud.edge, pathname);
    if (!behaviour.allowedMethods.includes(method)) return send(res, 403, JSON.stringify({ message: 'Forbidden' }));
    let uri = pathname;
    let query = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?')) : '';
    if (behaviour.viewerRequest) {
      const out = runViewerRequest(behaviour.viewerRequest, {
        method,
        uri: pathname,
        querystring: cloudFrontQueryOf(query.slice(1)),
        headers: {},
      });
      if (out.response) return send(res, out.response.statusCode, '');
      uri = out.uri;
      // What the function left of the query string is what the origin gets (and the cache key).
      const rest = rawQueryOf(out.querystring);
      query = rest ? `?${rest}` : '';
    }
    const origin = behaviour.origin;
    if (origin.kind === 's3') {
      if (origin.bucket === cloud.siteBucket) return serveSite(req, res, `${origin.originPath}${uri}`);
      let key: string;
      try {
        key = decodeURIComponent(`${origin.originPath}${uri}`.replace(/^\//, ''));
      } catch {
        return send(res, 400, JSON.stringify({ message: 'Bad Request' }));
      }
      return handleS3Origin(req, res, origin.bucket, key);
    }
    // CloudFront sets its origin custom headers (overriding a viewer's) and the viewer's address.
    const viewerPort = req.socket.remotePort ?? 0;
    const edgeHeaders: Record<string, string> = {
      ...origin.customHeaders,
      [VIEWER_ADDRESS_HEADER]: `${ip}:${viewerPort}`,
    };
    return handleApi(req, res, uri, { body, headers: edgeHeaders, url: `${uri}${query}` });
  }

  async function handleDevJob(req: http.IncomingMessage, res: http.ServerResponse, id: string) {
    if (req.method !== 'POST' || !cloud?.runJob) return send(res, 405, NOT_FOUND_BODY);
    const started = Date.now();
    try {
      const result = await cloud.runJob(id);
      await queues?.idle();
      send(res, 200, JSON.stringify({ ok: true, ms: Date.now() - started, result: result ?? null }));
    } catch (err) {
      send(res, 500, JSON.stringify({ ok: false, ms: Date.now() - started, error: err instanceof Error ? err.message : String(err) }));
    }
  }

  const vehicleRecords = opts.vehicleRecords ? createVehicleRecordsStandIn() : null;
  const headers = Object.entries(localSecurityHeaders(opts.env));
  const server = await listenLoopback((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    // What CloudFront's response headers policy adds in AWS; the dev tools (/_dev) keep their own.
    if (!pathname.startsWith('/_dev/')) for (const [name, value] of headers) res.setHeader(name, value);
    const run = async () => {
      if (pathname.startsWith('/_aws/')) return handleAws(req, res);
      if (cloud) {
        if (pathname === '/_dev/functions')
          return send(res, 200, JSON.stringify(cloud.runtime.describe()), { 'cache-control': 'no-store' });
        if (pathname.startsWith('/_dev/jobs/')) return handleDevJob(req, res, decodeURIComponent(pathname.slice('/_dev/jobs/'.length)));
        if (stripe && (pathname.startsWith('/v1/') || pathname.startsWith('/_dev/stripe'))) {
          const body = await readBody(req);
          stripe.handle(req, res, body ?? Buffer.alloc(0), `http://localhost:${server.port}`);
          return;
        }
        if (opts.whatsappDir && (await handleWhatsAppInbox(req, res, { dir: opts.whatsappDir }))) return;
        if (vehicleRecords && isVehicleRecordsPath(pathname))
          return void vehicleRecords.handle(req, res, (await readBody(req)) ?? Buffer.alloc(0));
        if (pathname === '/_dev/health') return health(res);
        if (pathname === '/_dev/ses/bounce' || pathname === '/_dev/ses/complaint') return handleSesSimulation(req, res, pathname);
        if (opts.mailDir && (await handleMailInbox(req, res, { dir: opts.mailDir }))) return;
        return handleEdge(req, res, pathname);
      }
      // As CloudFront routes (infra/lib/web-stack.ts): /api/* and the rows' own paths (sitemap,
      // robots) to the API, /images/* to the bucket, files (/assets/*, any path with an extension)
      // to the site, and every other path — the pages — to the page rows (GET / and /{proxy+}).
      if (pathname === '/api' || pathname.startsWith('/api/')) return handleApi(req, res, pathname);
      const row = match(req.method ?? 'GET', pathname);
      if (row && !isGreedy(row.compiled.route)) return handleApi(req, res, pathname);
      if (pathname.startsWith('/images/')) return handleImage(req, res, pathname);
      if (stripe && (pathname.startsWith('/v1/') || pathname.startsWith('/_dev/stripe'))) {
        const body = await readBody(req);
        stripe.handle(req, res, body ?? Buffer.alloc(0), `http://localhost:${server.port}`);
        return;
      }
      if (opts.whatsappDir && (await handleWhatsAppInbox(req, res, { dir: opts.whatsappDir }))) return;
      if (vehicleRecords && isVehicleRecordsPath(pathname))
        return void vehicleRecords.handle(req, res, (await readBody(req)) ?? Buffer.alloc(0));
      const media = mediaBucketOf(pathname);
      if (media) return handleImage(req, res, pathname, media);
      if (pathname === '/_dev/health') return health(res);
      if (pathname === '/_dev/ses/bounce' || pathname === '/_dev/ses/complaint') return handleSesSimulation(req, res, pathname);
      if (opts.mailDir && (await handleMailInbox(req, res, { dir: opts.mailDir }))) return;
      if (row && !pathname.startsWith('/assets/') && !path.extname(pathname)) return handleApi(req, res, pathname);
      return serveStatic(req, res, pathname);
    };
    run().catch((err) => {
      console.error(`[server] ${req.method} ${req.url} failed:`, err);
      if (!res.headersSent) send(res, 500, INTERNAL_ERROR_BODY);
      else res.destroy();
    });
  }, opts.port);

  // API Gateway's stand-in on its own port: only the API's routes, nothing added to the request.
  const origin = cloud
    ? await listenLoopback((req, res) => {
        const pathname = (req.url ?? '/').split('?')[0];
        handleApi(req, res, pathname).catch((err) => {
          console.error(`[origin] ${req.method} ${req.url} failed:`, err);
          if (!res.headersSent) send(res, 500, INTERNAL_ERROR_BODY);
          else res.destroy();
        });
      }, cloud.originPort)
    : undefined;
  const url = `http://localhost:${server.port}`;
  // The work queues, at the URLs the template gives them with this server as the SQS endpoint (the
  // local cloud's functions get the same from their templates); this process sends to them there too.
  // With port 0 the port is only known now.
  const sqsUrl = `${url}/_aws/sqs`;
  const queueUrls = opts.templates ? localQueueUrls(opts.templates, sqsUrl) : {};
  queues = createLocalQueue({ urls: queueUrls, log, ...opts.queues });
  if (opts.templates) {
    process.env.AWS_ENDPOINT_URL_SQS = sqsUrl;
    for (const [id, queueUrl] of Object.entries(queueUrls)) process.env[queueUrlEnvVar(id)] = queueUrl;
  }
  // The event bus, by the name the template gives the functions, with this server as the EventBridge
  // endpoint (as the local cloud's functions have it); this process publishes to it there too.
  if (eventBusName) {
    process.env.AWS_ENDPOINT_URL_EVENTBRIDGE = `${url}/_aws/events`;
    process.env.EVENT_BUS_NAME = eventBusName;
  }
  if (stripe) {
    // The Stripe SDK (functions/src/adapters/stripe) talks to the stand-in on this server, which
    // delivers its events to our webhook here; the plans' prices exist before anyone can pay.
    process.env.STRIPE_API_URL = url;
    stripe.setWebhookUrl(`${url}/api/payments/webhook`);
    // With the stand-in's own key: this environment need not carry the handlers' secrets.
    // (The local cloud runs the deploy step instead, as a deploy does: dev/start.ts.)
    if (!cloud) await ensurePlanCatalog(new Stripe(stripeKey, stripeClientOptions({ STRIPE_API_URL: url })), log);
  }
  // WhatsApp Cloud API calls go to this server's recorder (dev/whatsapp) instead of Meta.
  if (opts.whatsappDir) process.env.WHATSAPP_API_URL = `${url}/_dev/whatsapp/api`;
  return {
    url,
    port: server.port,
    originPort: origin?.port ?? server.port,
    bus,
    queues,
    stripe,
    close: async () => {
      await stripe?.idle();
      await server.close();
      await origin?.close();
      s3.destroy();
      ddb.destroy();
    },
  };
}
