/**
 * Builds the local cloud's wiring from the synthesized app: the functions and their
 * environments (dev/cloud/runtime.ts), the edge and the WAF (dev/cloud/edge.ts), the SSM
 * parameters the secrets are read from, the buckets to create, the work queues' URLs and the event
 * bus's name. `npm start`, the browser tests and (for the queues and the bus) the handler
 * integration tests use it; docs/local-cloud.md describes the whole.
 */
import { queueUrlEnvVar } from '../../functions/src/adapters/queues/sender.js';
import { queues as queueRows } from '../../functions/src/queues.js';
import { fixtureAllowHostsAt, fixtureSourcesAt } from '../scrape-fixtures/sites.js';
import { vehicleRecordsUrls } from '../vehicle-records/urls.js';
import { LOCAL_CREDENTIALS, type LocalCloudConfig, localSecretParameters, REGION, serviceUrl } from '../config.js';
import { createWaf, type EdgeModel, edgeModelOf, wafModelOf } from './edge.js';
import { bucketsOf, type FunctionSpec, functionsOf, TemplateResolver } from './model.js';
import type { FunctionCode } from './bundles.js';
import { createStageThrottle, stageThrottleModelOf } from './stage-throttle.js';
import { FunctionRuntime, timeoutScaleOf } from './runtime.js';
import { type SynthResult, synthLocal, type Template } from './synth.js';

const LOCAL_EVENT_BUS = 'truckyard-local';

/** The API origin's port: ORIGIN_PORT, else PORT + 10. */
export function originPortOf(cfg: LocalCloudConfig, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.ORIGIN_PORT;
  return raw ? Number(raw) : cfg.port + 10;
}

/**
 * The context the local synth gets: explicit configuration of what differs locally (the site's
 * origin, the scraper's fixture sites and the fixture hosts outbound fetches may reach), never a
 * switch that turns a check off. DROP_GRANT is the parity suite's test-only context.
 */
function localSynthContext(cfg: LocalCloudConfig, env: NodeJS.ProcessEnv = process.env): Record<string, unknown> {
  const fixturesPort = cfg.scrapeFixturesPort ?? cfg.port + 5;
  return {
    siteUrl: serviceUrl(cfg.port),
    scraperSources: JSON.stringify(fixtureSourcesAt(fixturesPort)),
    fetchAllowHosts: fixtureAllowHostsAt(fixturesPort),
    whatsappPhoneNumberId: 'local-phone-number-id',
    // The DVLA and DVSA stand-ins on the local server (dev/vehicle-records).
    ...vehicleRecordsUrls(serviceUrl(cfg.port)),
    // Powertools' indented console logs (POWERTOOLS_DEV), a context key of the app like the others.
    devLogs: 'true',
    ...(env.DROP_GRANT ? { dropGrant: env.DROP_GRANT } : {}),
  };
}

export interface LocalCloud {
  synth: SynthResult;
  resolver: TemplateResolver;
  functions: FunctionSpec[];
  runtime: FunctionRuntime;
  edge: EdgeModel;
  waf?: ReturnType<typeof createWaf>;
  /** The API stage's per-route throttles (dev/cloud/stage-throttle.ts). */
  throttle?: ReturnType<typeof createStageThrottle>;
  parameters: Record<string, string>;
  buckets: string[];
  siteBucket: string;
  originPort: number;
}

export interface LocalCloudIds {
  userPoolId: string;
  clientId: string;
}

export function startSynth(cfg: LocalCloudConfig, env: NodeJS.ProcessEnv = process.env): Promise<SynthResult> {
  return synthLocal({ dataDir: cfg.dataDir, context: localSynthContext(cfg, env) });
}

export function buildLocalCloud(
  cfg: LocalCloudConfig,
  ids: LocalCloudIds,
  synth: SynthResult,
  opts: { env?: NodeJS.ProcessEnv; log?: (m: string) => void; code?: FunctionCode } = {},
): LocalCloud {
  const env = opts.env ?? process.env;
  const siteUrl = serviceUrl(cfg.port);
  const originPort = originPortOf(cfg, env);
  const cognitoUrl = serviceUrl(cfg.cognitoPort);
  const resolver = new TemplateResolver(synth.templates, {
    region: REGION,
    tableName: cfg.tableName,
    userPoolId: ids.userPoolId,
    userPoolClientId: ids.clientId,
    eventBusName: LOCAL_EVENT_BUS,
    sqsUrl: `${siteUrl}/_aws/sqs`,
    apiOriginUrl: `http://localhost:${originPort}`,
  });
  // Cognito's issuer and JWKS are URLs of the pool: the local pool's are cognito-local's.
  const awsCognito = `https://cognito-idp.${REGION}.amazonaws.com/`;
  const functions = functionsOf(resolver).map((f) => ({
    ...f,
    environment: Object.fromEntries(
      Object.entries(f.environment).map(([k, v]) => [k, v.startsWith(awsCognito) ? `${cognitoUrl}/${v.slice(awsCognito.length)}` : v]),
    ),
  }));
  // The template's prefixes, plus the one this process's own in-process code reads (dev/config.ts handlerEnv).
  const prefixes = new Set(
    [...functions.map((f) => f.environment.SECRETS_PREFIX), env.SECRETS_PREFIX].filter((p): p is string => Boolean(p)),
  );
  const parameters = localSecretParameters(prefixes);
  const runtime = new FunctionRuntime({
    functions,
    // Each function runs its own bundle, built as CDK builds it for Lambda (dev/cloud/bundles.ts).
    code: opts.code,
    timeouts: env.LAMBDA_TIMEOUTS !== 'off',
    timeoutScale: timeoutScaleOf(env.LAMBDA_TIMEOUT_SCALE),
    log: opts.log,
    transport: {
      AWS_REGION: REGION,
      AWS_DEFAULT_REGION: REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: serviceUrl(cfg.dynamodbPort),
      AWS_ENDPOINT_URL_S3: serviceUrl(cfg.s3Port),
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognitoUrl,
      AWS_ENDPOINT_URL_EVENTBRIDGE: `${siteUrl}/_aws/events`,
      AWS_ENDPOINT_URL_SQS: `${siteUrl}/_aws/sqs`,
      AWS_ENDPOINT_URL_SSM: `${siteUrl}/_aws/ssm`,
      // s3rver speaks path-style only, and does not understand the SDK's default aws-chunked
      // checksum trailers on streamed uploads (SDK >= 3.729), so only checksum when required.
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
      AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
      // The browser signs in against cognito-local (in AWS Amplify derives Cognito's endpoint).
      COGNITO_PUBLIC_ENDPOINT: cognitoUrl,
      MAIL_TRANSPORT: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(cfg.smtpPort),
      STRIPE_API_URL: siteUrl,
      WHATSAPP_API_URL: `${siteUrl}/_dev/whatsapp/api`,
    },
  });
  const edge = edgeModelOf(resolver, parameters);
  const wafModel = wafModelOf(resolver);
  const wafMode = env.WAF_MODE === 'count' ? 'count' : 'block';
  const waf = wafModel ? createWaf(wafModel, { mode: wafMode, log: opts.log }) : undefined;
  const buckets = bucketsOf(resolver);
  const siteBucket = [...new Set(functions.map((f) => f.environment.SPA_BUCKET).filter(Boolean))][0] ?? 'site-bucket';
  const throttleModel = stageThrottleModelOf(resolver);
  const throttle = throttleModel ? createStageThrottle(throttleModel) : undefined;
  return { synth, resolver, functions, runtime, edge, waf, throttle, parameters, buckets, siteBucket, originPort };
}

/**
 * Each functions/src/queues.ts row's queue URL (row id → URL), as the template gives it to the
 * functions that send to it (QUEUE_URL_<ID>). Throws when no function is given a row's URL or two
 * are given different ones: the queue the rows describe is not the one the app wires.
 */
function queueUrlsOf(functions: readonly FunctionSpec[]): Record<string, string> {
  return Object.fromEntries(
    queueRows.map((row) => {
      const variable = queueUrlEnvVar(row.id);
      const urls = new Set(functions.flatMap((f) => (f.environment[variable] ? [f.environment[variable]] : [])));
      if (urls.size !== 1)
        throw new Error(
          `The synthesized app gives ${urls.size ? `different values of ${variable}: ${[...urls].join(', ')}` : `no function ${variable}`} (queue '${row.id}', functions/src/queues.ts)`,
        );
      return [row.id, [...urls][0]];
    }),
  );
}

/** The templates resolved as the local cloud resolves them, with the local SQS endpoint at `sqsUrl`. */
function localResolver(templates: Record<string, Template>, sqsUrl: string): TemplateResolver {
  return new TemplateResolver(templates, {
    region: REGION,
    tableName: '',
    userPoolId: '',
    userPoolClientId: '',
    eventBusName: LOCAL_EVENT_BUS,
    sqsUrl,
    apiOriginUrl: '',
  });
}

/**
 * The work queues' URLs with the local SQS endpoint at `sqsUrl`: the template's queues resolved as
 * the local cloud resolves them for its functions. Only the queue URLs are read; the other local
 * names do not appear in them.
 */
export function localQueueUrls(templates: Record<string, Template>, sqsUrl: string): Record<string, string> {
  return queueUrlsOf(functionsOf(localResolver(templates, sqsUrl)));
}

/**
 * The event bus's local name, as the template gives it to the functions (EVENT_BUS_NAME): the one
 * bus the local EventBridge endpoint has. Throws when the functions are given no bus name, or
 * different ones, or one that is not an AWS::Events::EventBus of the app.
 */
export function localEventBusName(templates: Record<string, Template>): string {
  const resolver = localResolver(templates, '');
  const buses = new Set(
    Object.entries(templates).flatMap(([stack, t]) =>
      Object.entries(t.Resources ?? {}).flatMap(([id, r]) => (r.Type === 'AWS::Events::EventBus' ? [resolver.ref(stack, id)] : [])),
    ),
  );
  const names = new Set(functionsOf(resolver).flatMap((f) => (f.environment.EVENT_BUS_NAME ? [f.environment.EVENT_BUS_NAME] : [])));
  const [name] = names;
  if (names.size !== 1 || !buses.has(name))
    throw new Error(
      `The synthesized app gives ${names.size ? `its functions EVENT_BUS_NAME ${[...names].join(', ')}` : 'no function EVENT_BUS_NAME'}; its event buses: ${[...buses].join(', ') || 'none'}`,
    );
  return name;
}

/** Creates the template's buckets that the S3 stand-in does not have yet. */
export async function ensureBuckets(s3Endpoint: string, names: string[]): Promise<void> {
  const { S3Client, CreateBucketCommand, HeadBucketCommand } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client({ endpoint: s3Endpoint, forcePathStyle: true, region: REGION, credentials: LOCAL_CREDENTIALS });
  try {
    for (const Bucket of names) {
      try {
        await s3.send(new HeadBucketCommand({ Bucket }));
      } catch {
        await s3.send(new CreateBucketCommand({ Bucket }));
      }
    }
  } finally {
    s3.destroy();
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * Copies the built web app into the site bucket, as the Web stack's BucketDeployment does: the
 * page function reads index.html and .vite/manifest.json from there (SPA_BUCKET).
 */
export async function deploySite(s3Endpoint: string, bucket: string, webDir: string): Promise<number> {
  const { readdirSync, readFileSync } = await import('node:fs');
  const path = await import('node:path');
  const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client({ endpoint: s3Endpoint, forcePathStyle: true, region: REGION, credentials: LOCAL_CREDENTIALS });
  const files = (readdirSync(webDir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(webDir, path.join(e.parentPath, e.name)));
  try {
    for (let i = 0; i < files.length; i += 16) {
      await Promise.all(
        files.slice(i, i + 16).map((file) =>
          s3.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: file.split(path.sep).join('/'),
              Body: readFileSync(path.join(webDir, file)),
              ContentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
            }),
          ),
        ),
      );
    }
  } finally {
    s3.destroy();
  }
  return files.length;
}
