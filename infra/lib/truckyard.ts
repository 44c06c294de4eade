import type { App, StackProps } from 'aws-cdk-lib';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type CognitoTriggerName, cognitoTriggers } from '../../functions/src/cognito-triggers.js';
import { type EventSubscription, eventSubscriptions } from '../../functions/src/events.js';
import { type JobDef, jobs as jobRows } from '../../functions/src/jobs.js';
import { type RouteDef, routes as routeRows } from '../../functions/src/routes.js';
import { ApiStack } from './api-stack.js';
import { AuthStack } from './auth-stack.js';
import { HandlerBundles } from './constructs/esbuild-code.js';
import { BUCKET_KEYS, DataStack } from './data-stack.js';
import { JobsStack } from './jobs-stack.js';
import { FUNCTIONS_SRC_DIR, WEB_DIST_DIR } from './paths.js';
import { WebStack } from './web-stack.js';

export interface TruckYardOptions {
  /** Stack name prefix; one app can hold several stages. */
  prefix?: string;
  /** The site's public origin, for upload CORS and links in e-mails. Context key `siteUrl`. */
  siteUrl: string;
  /** MAIL_FROM and SUPPORT_INBOX for the functions. Context keys `mailFrom`, `supportInbox`. */
  mail?: { from?: string; supportInbox?: string };
  env?: StackProps['env'];
  /** For tests: alternative rows and directories. The defaults are the real tables and folders. */
  routes?: readonly RouteDef[];
  jobs?: readonly JobDef[];
  subscriptions?: readonly EventSubscription[];
  triggers?: Partial<Record<CognitoTriggerName, string>>;
  functionsDir?: string;
  webDistDir?: string;
}

/** Builds the five stacks: data (table, buckets, bus), auth (pool, triggers), jobs (events, schedules), api, web. */
export function buildTruckYard(app: App, options: TruckYardOptions) {
  const prefix = options.prefix ?? 'TruckYard';
  const env = options.env;
  const siteOrigin = new URL(options.siteUrl).origin;
  const handlerEntries = assertHandlersExist(options);

  const data = new DataStack(app, `${prefix}-Data`, { env, uploadOrigins: [siteOrigin] });
  const dataDefaults = {
    table: data.table,
    buckets: data.buckets,
    siteBucket: data.siteBucket,
    eventBus: data.eventBus,
    siteUrl: siteOrigin,
    mail: options.mail,
    functionsDir: options.functionsDir,
    bundles: new HandlerBundles(handlerEntries),
  };
  const auth = new AuthStack(app, `${prefix}-Auth`, { env, defaults: dataDefaults, triggers: options.triggers });
  const defaults = { ...dataDefaults, userPool: auth.userPool, userPoolClient: auth.userPoolClient };
  const jobs = new JobsStack(app, `${prefix}-Jobs`, { env, defaults, jobs: options.jobs, subscriptions: options.subscriptions });
  const api = new ApiStack(app, `${prefix}-Api`, { env, defaults, routes: options.routes });
  const web = new WebStack(app, `${prefix}-Web`, {
    env,
    httpApi: api.httpApi,
    routes: options.routes ?? routeRows,
    siteBucket: data.siteBucket,
    truckImages: data.buckets['truck-images'],
    uploadBuckets: BUCKET_KEYS.map((k) => data.buckets[k]),
    webDistDir: options.webDistDir ?? WEB_DIST_DIR,
  });
  return { data, auth, jobs, api, web };
}

/** The entries of every row; fails with every missing handler at once, rather than at the first function. */
function assertHandlersExist(options: TruckYardOptions): string[] {
  const dir = options.functionsDir ?? FUNCTIONS_SRC_DIR;
  const triggerRows = Object.entries(options.triggers ?? cognitoTriggers).map(([id, handler]) => ({ id, handler }));
  const rows = [
    ...(options.routes ?? routeRows),
    ...(options.jobs ?? jobRows),
    ...(options.subscriptions ?? eventSubscriptions),
    ...triggerRows,
  ];
  const missing = rows.filter((r) => !existsSync(join(dir, r.handler))).map((r) => `  ${r.id}: ${join(dir, r.handler)}`);
  if (missing.length > 0) {
    throw new Error(
      `Handler files named in functions/src/{routes,jobs,events,cognito-triggers}.ts do not exist yet:\n${missing.join('\n')}`,
    );
  }
  return rows.map((r) => join(dir, r.handler));
}
