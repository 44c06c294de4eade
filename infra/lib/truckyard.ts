import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { App, StackProps } from 'aws-cdk-lib';
import { parseAllowHosts } from '../../functions/src/adapters/http/allow-hosts.js';
import { type CognitoTriggerDef, cognitoTriggerRows } from '../../functions/src/cognito-triggers.js';
import { type EventSubscription, eventSubscriptions, type TableStreamConsumer, tableStreamConsumers } from '../../functions/src/events.js';
import { type DeployStepDef, deployDataStep } from '../../functions/src/deploy-steps.js';
import { type JobDef, jobs as jobRows } from '../../functions/src/jobs.js';
import { type QueueDef, queues as queueRows } from '../../functions/src/queues.js';
import { scraperSourceSchema } from '../../functions/src/domain/scraper/sources.js';
import { type RouteArea, type RouteDef, routes as routeRows } from '../../functions/src/routes.js';
import { z } from 'zod';
import { ApiStack, ApiStageStack, AreaApiStack, areaOf } from './api-stack.js';
import { AuthStack } from './auth-stack.js';
import { MailEvents } from './constructs/bus-rules.js';
import { HandlerBundles } from './constructs/esbuild-code.js';
import { sesIdentitiesFor } from './constructs/grants.js';
import { DEFAULT_SECRETS_PREFIX } from '../../functions/src/adapters/secrets/secrets.js';
import { HOUSE_FUNCTION_DEFAULTS, type VehicleRecordsUrls } from './constructs/house-function.js';
import { api5xxRateAlarm, signUpLimitAlarm, whatsappNotSentAlarm } from './constructs/operations.js';
import { DataStack } from './data-stack.js';
import { EdgeStack } from './edge-stack.js';
import { JobsStack } from './jobs-stack.js';
import { EdgeOperationsStack, OperationsStack } from './operations-stack.js';
import { FUNCTIONS_SRC_DIR, WEB_DIST_DIR } from './paths.js';
import { WebStack } from './web-stack.js';

/** Where the app runs unless context `region` says otherwise (UK users, UK data). */
export const DEFAULT_REGION = 'eu-west-2';
/** CloudFront's certificates and web ACLs live in us-east-1. */
const EDGE_REGION = 'us-east-1';
/**
 * Reserved concurrency of the search function (its three routes): with about 30 ms per search,
 * 20 environments answer several hundred searches a second (each search route's stage throttle,
 * infra/lib/throttles.ts, allows more: the reservation caps what search may take). A reservation needs the account's quota to stay 100 above all reservations.
 */
const SEARCH_RESERVED_CONCURRENCY = 20;
/** The handler module of the search function (functions/src/routes.ts). */
const SEARCH_HANDLER = 'http/listings/search-listings.ts';
/** Lambda's limit on one function's environment variables, all names and values together. */
const LAMBDA_ENVIRONMENT_LIMIT_BYTES = 4096;

/** From address when context `mailFrom` is not set (functions/src/config.ts has the same default). */
const DEFAULT_MAIL_FROM = 'TruckYard <no-reply@truckyard.example>';

/** The government's live API bases and DVSA's scope: what the vehicle checks call unless context says otherwise. */
const GOVERNMENT_VEHICLE_RECORDS = {
  dvlaApiUrl: 'https://driver-vehicle-licensing.api.gov.uk',
  dvsaApiUrl: 'https://history.mot.api.gov.uk',
  dvsaScope: 'https://tapi.dvsa.gov.uk/.default',
} as const;

/** The URLs set on the functions that call the DVLA or the DVSA; a URL that is not http(s) fails synth. */
function resolveVehicleRecords(v: TruckYardOptions['vehicleRecords'] = {}): VehicleRecordsUrls {
  const resolved = {
    dvlaApiUrl: v.dvlaApiUrl ?? GOVERNMENT_VEHICLE_RECORDS.dvlaApiUrl,
    dvsaApiUrl: v.dvsaApiUrl ?? GOVERNMENT_VEHICLE_RECORDS.dvsaApiUrl,
    dvsaTokenUrl: v.dvsaTokenUrl,
    dvsaScope: v.dvsaScope ?? GOVERNMENT_VEHICLE_RECORDS.dvsaScope,
  };
  for (const key of ['dvlaApiUrl', 'dvsaApiUrl', 'dvsaTokenUrl'] as const) {
    const url = resolved[key];
    if (url !== undefined && !/^https?:\/\/[^/\s]+/.test(url))
      throw new Error(`Context ${key} must be an http(s) URL, got ${JSON.stringify(url)}`);
  }
  return { ...resolved, dvlaApiUrl: resolved.dvlaApiUrl.replace(/\/+$/, ''), dvsaApiUrl: resolved.dvsaApiUrl.replace(/\/+$/, '') };
}

export interface TruckYardOptions {
  /** Stack name prefix; one app can hold several stages. */
  prefix?: string;
  /**
   * The site's public origin, for links in e-mails, canonical URLs and upload CORS. Context key
   * `siteUrl`; https://<domainName> when a domain is configured.
   */
  siteUrl: string;
  /** Custom domain (context `domainName`): a certificate ARN in us-east-1, or a hosted zone to issue one in. */
  domain?: { domainName: string; certificateArn?: string; hostedZone?: { id: string; name: string } };
  /** MAIL_FROM and SUPPORT_INBOX for the functions. Context keys `mailFrom`, `supportInbox`. */
  mail?: { from?: string; supportInbox?: string };
  /** Verified SES domain (context `sesDomain`): the SES identity, and Cognito's e-mail through SES. */
  sesDomain?: string;
  /** Alarm e-mails (context `alarmEmail`). */
  alarmEmail?: string;
  /** SSM prefix of the secrets (context `secretsPrefix`, default /truckyard/prod/). */
  secretsPrefix?: string;
  /**
   * The fixture allow-list of outbound fetches (context `fetchAllowHosts`): comma-separated
   * loopback `host:port` pairs, set as FETCH_ALLOW_HOSTS on the functions that fetch (the stock
   * import's preview and worker, the scraper's worker). Only the local cloud sets it, for its
   * fixture sites; absent, the variable is empty and the SSRF guard lets nothing non-public through.
   */
  fetchAllowHosts?: string;
  /**
   * WhatsApp Cloud API sender (context `whatsappPhoneNumberId`, optional `whatsappApiVersion`): the
   * alert functions' WHATSAPP_PHONE_NUMBER_ID. The token is the `whatsappToken` secret.
   */
  whatsapp?: { phoneNumberId: string; apiVersion?: string };
  /** The scraper's sources (context `scraperSources`): a JSON array, checked here against the scraper's schema. */
  scraperSources?: string;
  /**
   * Reserved concurrency of the search function (context `searchConcurrency`, default
   * SEARCH_RESERVED_CONCURRENCY; 0 for none). Needs an account quota of at least 100 more.
   */
  searchConcurrency?: number;
  /**
   * Cognito sends its codes through the SES domain (context `cognitoSes`, default true when
   * `sesDomain` is set). False on the first deploy: Cognito refuses an identity SES has not verified yet.
   */
  cognitoSes?: boolean;
  /** POWERTOOLS_DEV on every function (context `devLogs`): indented logs, no X-Ray. For the local cloud only. */
  devLogs?: boolean;
  /**
   * The DVLA and DVSA APIs (issue 27; context `dvlaApiUrl`, `dvsaApiUrl`, `dvsaTokenUrl`,
   * `dvsaScope`). The two base URLs default to the government's live services
   * (GOVERNMENT_VEHICLE_RECORDS); the token URL names the Entra tenant in DVSA's credentials e-mail,
   * so production synth fails without it (docs/deploying.md).
   */
  vehicleRecords?: { dvlaApiUrl?: string; dvsaApiUrl?: string; dvsaTokenUrl?: string; dvsaScope?: string };
  env?: { account?: string; region?: string };
  /** For tests: alternative rows and directories. The defaults are the real tables and folders. */
  routes?: readonly RouteDef[];
  jobs?: readonly JobDef[];
  subscriptions?: readonly EventSubscription[];
  streamConsumers?: readonly TableStreamConsumer[];
  queues?: readonly QueueDef[];
  /** The deploy-time data step; null leaves it out. */
  deployData?: DeployStepDef | null;
  triggers?: readonly CognitoTriggerDef[];
  functionsDir?: string;
  webDistDir?: string;
}

/**
 * Builds the stacks: edge (us-east-1: WAF, certificate), data (table, buckets, bus, queues, SES,
 * alarm topic), auth (pool, triggers), jobs (events, schedules, queue workers), api (core routes)
 * plus one stack per route area, and web.
 */
export function buildTruckYard(app: App, options: TruckYardOptions) {
  const prefix = options.prefix ?? 'TruckYard';
  const region = options.env?.region ?? DEFAULT_REGION;
  const env: StackProps['env'] = { account: options.env?.account, region };
  const siteOrigin = options.domain ? `https://${options.domain.domainName}` : new URL(options.siteUrl).origin;
  const routes = options.routes ?? routeRows;
  const handlerEntries = assertHandlersExist(options);
  const secretsPrefix = options.secretsPrefix ?? DEFAULT_SECRETS_PREFIX;
  // A malformed or non-loopback entry fails synth, as it would fail the functions.
  const fetchAllowHosts = [...parseAllowHosts(options.fetchAllowHosts)].join(',');
  const mailFrom = options.mail?.from ?? (options.sesDomain ? `TruckYard <no-reply@${options.sesDomain}>` : DEFAULT_MAIL_FROM);

  assertProductionSettings(options);
  const scraperSources = options.scraperSources === undefined ? undefined : checkedScraperSources(options.scraperSources);

  const zoneAttrs = options.domain?.hostedZone;
  const needsEdgeCertificate = options.domain && !options.domain.certificateArn;
  if (needsEdgeCertificate && !zoneAttrs) {
    throw new Error('domainName needs certificateArn (an ACM certificate in us-east-1) or hostedZoneId + hostedZoneName to issue one');
  }
  const edge = new EdgeStack(app, `${prefix}-Edge`, {
    env: { account: options.env?.account, region: EDGE_REGION },
    crossRegionReferences: true,
    certificateFor:
      needsEdgeCertificate && zoneAttrs && options.domain ? { domainName: options.domain.domainName, hostedZone: zoneAttrs } : undefined,
  });

  // Without a custom domain the site is on a *.cloudfront.net name only known after the first deploy.
  const uploadOrigins = options.domain ? [siteOrigin] : [...new Set([siteOrigin, 'https://*.cloudfront.net'])];
  const data = new DataStack(app, `${prefix}-Data`, {
    env,
    uploadOrigins,
    queues: options.queues ?? queueRows,
    alarmEmail: options.alarmEmail,
    sesDomain: options.sesDomain,
    hostedZone: zoneAttrs,
  });
  const dataDefaults = {
    table: data.table,
    buckets: data.buckets,
    siteBucket: data.siteBucket,
    eventBus: data.eventBus,
    queues: data.queues,
    siteUrl: siteOrigin,
    mail: { ...options.mail, from: mailFrom },
    ses: {
      identities: sesIdentitiesFor(mailFrom, options.sesDomain),
      configurationSetName: data.mailConfigurationSet.configurationSetName,
    },
    secretsPrefix,
    fetchAllowHosts,
    functionsDir: options.functionsDir,
    bundles: new HandlerBundles(handlerEntries),
    whatsapp: options.whatsapp,
    scraperSources,
    devLogs: options.devLogs,
    vehicleRecords: resolveVehicleRecords(options.vehicleRecords),
  };
  const auth = new AuthStack(app, `${prefix}-Auth`, {
    env,
    defaults: dataDefaults,
    triggers: options.triggers,
    sesDomain: options.sesDomain,
    cognitoSes: options.cognitoSes ?? true,
  });
  const defaults = { ...dataDefaults, userPool: auth.userPool, userPoolClient: auth.userPoolClient };
  const jobs = new JobsStack(app, `${prefix}-Jobs`, {
    env,
    defaults,
    jobs: options.jobs,
    subscriptions: options.subscriptions,
    streamConsumers: options.streamConsumers,
    queueRows: options.queues,
    deployData: options.deployData,
    queues: data.queues,
    mailEventsTopic: data.mailEventsTopic,
    alarmTopic: data.alarmTopic,
  });
  const searchConcurrency = options.searchConcurrency ?? SEARCH_RESERVED_CONCURRENCY;
  const reservedConcurrency: Record<string, number> = searchConcurrency > 0 ? { [SEARCH_HANDLER]: searchConcurrency } : {};
  const api = new ApiStack(app, `${prefix}-Api`, { env, defaults, routes, reservedConcurrency });
  api5xxRateAlarm(api, api.httpApi.apiId, data.alarmTopic);
  // Apps built from other row tables (infra tests) may have no sign-up function.
  const signUp = api.functions.SignUpAccount as (typeof api.functions)[string] | undefined;
  if (signUp) signUpLimitAlarm(api, signUp, data.alarmTopic);
  whatsappNotSentAlarm(jobs, data.alarmTopic);
  const areas: Partial<Record<RouteArea, AreaApiStack>> = {};
  for (const area of ['admin', 'payments', 'alerts', 'listings'] as const) {
    const rows = routes.filter((r) => areaOf(r) === area);
    if (rows.length === 0) continue;
    const name = area[0].toUpperCase() + area.slice(1);
    areas[area] = new AreaApiStack(app, `${prefix}-Api${name}`, { env, defaults, api, routes: rows });
  }
  // After every stack that adds routes: its route throttles name them.
  const apiStage = new ApiStageStack(app, `${prefix}-ApiStage`, { env, httpApi: api.httpApi, routes });
  for (const area of Object.values(areas)) apiStage.addStackDependency(area);

  const web = new WebStack(app, `${prefix}-Web`, {
    env,
    crossRegionReferences: true,
    httpApi: api.httpApi,
    routes,
    siteBucket: data.siteBucket,
    truckImages: data.buckets['truck-images'],
    mediaBuckets: {
      'promotional-images': data.buckets['promotional-images'],
      banners: data.buckets.banners,
      logos: data.buckets.logos,
      'truck-images': data.buckets['truck-images'],
      'general-media': data.buckets['general-media'],
    },
    // The browser POSTs presigned uploads to these two only.
    uploadBuckets: [data.buckets['truck-images'], data.buckets['private-uploads']],
    webDistDir: options.webDistDir ?? WEB_DIST_DIR,
    webAclArn: edge.webAcl.attrArn,
    // Resolved by CloudFormation at deploy time from the (plain String) SSM parameter; see infra/README.md.
    originVerifySecret: `{{resolve:ssm:${secretsPrefix}originVerifySecret}}`,
    domain: options.domain && { ...options.domain, certificate: options.domain.certificateArn ? undefined : edge.certificate },
  });
  web.addStackDependency(apiStage);
  // The dashboard and alarms need the search function: a test app without it has neither.
  const searchRow = routes.find((r) => r.handler === SEARCH_HANDLER && areaOf(r) === 'core');
  const searchFunction = searchRow && api.functions[searchRow.id];
  const ops =
    searchFunction && searchRow
      ? new OperationsStack(app, `${prefix}-Operations`, {
          env,
          alarmTopic: data.alarmTopic,
          search: { fn: searchFunction, timeoutSeconds: searchRow.timeoutSeconds ?? HOUSE_FUNCTION_DEFAULTS.timeoutSeconds },
          table: data.table,
          streamConsumers: Object.values(jobs.streamConsumers.functions),
          queueWorkers: Object.values(jobs.queueWorkers.functions),
          httpApiId: api.httpApi.apiId,
          distributionId: web.distribution.distributionId,
        })
      : undefined;
  const edgeOps = new EdgeOperationsStack(app, `${prefix}-EdgeOperations`, {
    env: { account: options.env?.account, region: EDGE_REGION },
    crossRegionReferences: true,
    prefix,
    distributionId: web.distribution.distributionId,
    webAclArn: edge.webAcl.attrArn,
    alarmEmail: options.alarmEmail,
  });
  return { edge, data, auth, jobs, api, areas, apiStage, web, ops, edgeOps };
}

/**
 * A site on its own domain is production: it must send alarms somewhere, send mail from a verified
 * SES domain, and be able to send the WhatsApp alerts the plans sell. Synth fails without them.
 */
function assertProductionSettings(options: TruckYardOptions) {
  if (!options.domain) return;
  const missing = [
    !options.alarmEmail && 'alarmEmail (where alarms are e-mailed)',
    !options.sesDomain && 'sesDomain (the verified SES domain mail is sent from)',
    !options.whatsapp?.phoneNumberId && 'whatsappPhoneNumberId (the WhatsApp Cloud API sending number)',
    !options.vehicleRecords?.dvsaTokenUrl &&
      "dvsaTokenUrl (the DVSA MOT History token URL from DVSA's credentials e-mail, https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token)",
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new Error(
      `domainName ${options.domain.domainName} is set, so the site is production and needs context: ${missing.join(', ')}. See docs/deploying.md.`,
    );
  }
}

/** SCRAPER_SOURCES as the scraper parses it (domain/scraper/sources.ts): invalid JSON or sources fail synth, not the first run. */
function checkedScraperSources(json: string): string {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (err) {
    throw new Error(`Context scraperSources is not JSON: ${(err as Error).message}`);
  }
  const parsed = z.array(scraperSourceSchema).safeParse(value);
  if (!parsed.success) throw new Error(`Context scraperSources is not a list of sources: ${z.prettifyError(parsed.error)}`);
  const compact = JSON.stringify(parsed.data);
  // Leaves room for the other variables within Lambda's 4 KB.
  if (Buffer.byteLength(compact) > LAMBDA_ENVIRONMENT_LIMIT_BYTES / 2) {
    throw new Error(`Context scraperSources is ${Buffer.byteLength(compact)} bytes; Lambda allows 4 KB of variables in all`);
  }
  return compact;
}

/** The entries of every row; fails with every missing handler at once, rather than at the first function. */
function assertHandlersExist(options: TruckYardOptions): string[] {
  const dir = options.functionsDir ?? FUNCTIONS_SRC_DIR;
  const triggerRows = (options.triggers ?? cognitoTriggerRows).map((t) => ({ id: t.name, handler: t.handler }));
  const rows = [
    ...(options.routes ?? routeRows),
    ...(options.jobs ?? jobRows),
    ...(options.subscriptions ?? eventSubscriptions),
    ...(options.streamConsumers ?? tableStreamConsumers),
    ...(options.queues ?? queueRows),
    ...triggerRows,
    ...(options.deployData === null ? [] : [options.deployData ?? deployDataStep]),
    { id: 'SesNotification', handler: MailEvents.HANDLER },
  ];
  const missing = rows.filter((r) => !existsSync(join(dir, r.handler))).map((r) => `  ${r.id}: ${join(dir, r.handler)}`);
  if (missing.length > 0) {
    throw new Error(
      `Handler files named in functions/src/{routes,jobs,events,queues,cognito-triggers}.ts do not exist yet:\n${missing.join('\n')}`,
    );
  }
  return rows.map((r) => join(dir, r.handler));
}
