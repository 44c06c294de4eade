import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { App, StackProps } from 'aws-cdk-lib';
import { parseAllowHosts } from '../../functions/src/adapters/http/allow-hosts.js';
import { type CognitoTriggerDef, cognitoTriggerRows } from '../../functions/src/cognito-triggers.js';
import { type EventSubscription, eventSubscriptions, type TableStreamConsumer, tableStreamConsumers } from '../../functions/src/events.js';
import { type DeployStepDef, deployDataStep } from '../../functions/src/deploy-steps.js';
import { type JobDef, jobs as jobRows } from '../../functions/src/jobs.js';
import { type QueueDef, queues as queueRows } from '../../functions/src/queues.js';
import { type RouteArea, type RouteDef, routes as routeRows } from '../../functions/src/routes.js';
import { ApiStack, AreaApiStack, areaOf } from './api-stack.js';
import { AuthStack } from './auth-stack.js';
import { MailEvents } from './constructs/bus-rules.js';
import { HandlerBundles } from './constructs/esbuild-code.js';
import { sesIdentitiesFor } from './constructs/grants.js';
import { DEFAULT_SECRETS_PREFIX } from './constructs/house-function.js';
import { api5xxRateAlarm, signUpLimitAlarm, whatsappNotSentAlarm } from './constructs/operations.js';
import { DataStack } from './data-stack.js';
import { EdgeStack } from './edge-stack.js';
import { JobsStack } from './jobs-stack.js';
import { FUNCTIONS_SRC_DIR, WEB_DIST_DIR } from './paths.js';
import { WebStack } from './web-stack.js';

/** Where the app runs unless context `region` says otherwise (UK users, UK data). */
export const DEFAULT_REGION = 'eu-west-2';
/** CloudFront's certificates and web ACLs live in us-east-1. */
export const EDGE_REGION = 'us-east-1';
/** From address when context `mailFrom` is not set (functions/src/config.ts has the same default). */
export const DEFAULT_MAIL_FROM = 'TruckYard <no-reply@truckyard.example>';

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
   * The WhatsApp Cloud API phone number id (context `whatsappPhoneNumberId`), set as
   * WHATSAPP_PHONE_NUMBER_ID on the functions that read the `whatsappToken` secret. Absent,
   * WhatsApp is off: alerts say so by metric and fallback e-mail (docs/alerts-and-payments.md).
   */
  whatsappPhoneNumberId?: string;
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
    whatsappPhoneNumberId: options.whatsappPhoneNumberId,
    functionsDir: options.functionsDir,
    bundles: new HandlerBundles(handlerEntries),
  };
  const auth = new AuthStack(app, `${prefix}-Auth`, {
    env,
    defaults: dataDefaults,
    triggers: options.triggers,
    sesDomain: options.sesDomain,
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
  const api = new ApiStack(app, `${prefix}-Api`, { env, defaults, routes });
  api5xxRateAlarm(api, api.httpApi.apiId, data.alarmTopic);
  signUpLimitAlarm(api, api.functions.SignUpAccount, data.alarmTopic);
  whatsappNotSentAlarm(jobs, data.alarmTopic);
  const areas: Partial<Record<RouteArea, AreaApiStack>> = {};
  for (const area of ['admin', 'payments', 'alerts'] as const) {
    const rows = routes.filter((r) => areaOf(r) === area);
    if (rows.length === 0) continue;
    const name = area[0].toUpperCase() + area.slice(1);
    areas[area] = new AreaApiStack(app, `${prefix}-Api${name}`, { env, defaults, api, routes: rows });
  }

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
  return { edge, data, auth, jobs, api, areas, web };
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
