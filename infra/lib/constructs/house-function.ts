import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { ApplicationLogLevel, type CfnFunction, Function as LambdaFunction, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { type Access, VEHICLE_RECORD_SECRETS } from '../../../functions/src/access.js';
import { queueUrlEnvVar } from '../../../functions/src/adapters/queues/sender.js';
import { DEFAULT_SECRETS_PREFIX } from '../../../functions/src/adapters/secrets/secrets.js';
import type { BucketKey } from '../../../functions/src/access.js';
import { FUNCTIONS_SRC_DIR } from '../paths.js';
import { esbuildCode, type HandlerBundles } from './esbuild-code.js';
import { grantAccess } from './grants.js';
import { acknowledge } from '../nag.js';
import { LAMBDA_ARCHITECTURE, reachesModule } from './native-modules.js';

/** Everything every TruckYard function is wired to: the table, the user pool, the buckets, the bus. */
export interface HouseDefaults {
  table: ITable;
  /**
   * Omitted for the user pool's own triggers: a pool cannot name a function whose environment names
   * the pool (a CloudFormation cycle). Those functions get no COGNITO_* variables.
   */
  userPool?: IUserPool;
  userPoolClient?: IUserPoolClient;
  buckets: Record<BucketKey, IBucket>;
  /** The SPA's bucket; the link-preview pages read its index.html (SPA_BUCKET). */
  siteBucket: IBucket;
  eventBus: IEventBus;
  /** The site's public origin (https://…), for links in e-mails and redirects. */
  siteUrl: string;
  /** MAIL_FROM (an SES-verified identity) and SUPPORT_INBOX; config.ts has defaults when unset. */
  mail?: { from?: string; supportInbox?: string };
  /**
   * SES identities rows with `mail` may send from (the domain and the From address) and the
   * configuration set that reports bounces and complaints.
   */
  ses?: { identities: readonly string[]; configurationSetName?: string };
  /** Work queues by row id (functions/src/queues.ts); rows name the ones they send to in access.queues. */
  queues?: Record<string, IQueue>;
  /** SSM parameter prefix of the secrets (SECRETS_PREFIX). */
  secretsPrefix?: string;
  /** Directory the handler paths are relative to; functions/src unless a test points elsewhere. */
  functionsDir?: string;
  /** All of the app's handlers, bundled together the first time one is needed. */
  bundles?: HandlerBundles;
  /**
   * FETCH_ALLOW_HOSTS of the functions whose access has `outboundHttp` (context `fetchAllowHosts`):
   * loopback fixture host:port pairs the SSRF guard lets through. Empty in AWS.
   */
  fetchAllowHosts?: string;
  /**
   * The WhatsApp Cloud API sender (context `whatsappPhoneNumberId`, `whatsappApiVersion`): set on
   * the functions that read the `whatsappToken` secret; WhatsApp is off without it.
   */
  whatsapp?: { phoneNumberId: string; apiVersion?: string };
  /** SCRAPER_SOURCES (context `scraperSources`, a JSON array), on the functions that read it. */
  scraperSources?: string;
  /** POWERTOOLS_DEV=true on every function (context `devLogs`): indented logs for a console; never in AWS. */
  devLogs?: boolean;
  /**
   * The DVLA's and the DVSA's APIs (issue 27; context `dvlaApiUrl`, `dvsaApiUrl`, `dvsaTokenUrl`,
   * `dvsaScope`, resolved in truckyard.ts): set only on functions whose row declares `vehicleRecords`.
   */
  vehicleRecords?: VehicleRecordsUrls;
}

/** Where the vehicle record services are (the functions' DVLA_API_URL, DVSA_API_URL, DVSA_TOKEN_URL, DVSA_SCOPE). */
export interface VehicleRecordsUrls {
  dvlaApiUrl: string;
  dvsaApiUrl: string;
  /** Absent outside production when not configured (it names the tenant DVSA gives each user); DVSA calls then fail. */
  dvsaTokenUrl?: string;
  dvsaScope: string;
}

/** Defaults of functions that verify tokens: everything but the pool's own triggers. */
export type HouseDefaultsWithCognito = HouseDefaults & Required<Pick<HouseDefaults, 'userPool' | 'userPoolClient'>>;

export interface HouseFunctionProps {
  defaults: HouseDefaults;
  /** Handler module relative to functions/src, exporting `handler` (a routes/jobs/events row's `handler`). */
  handler: string;
  /** What the function may touch: its row's access (functions/src/access.ts). Granted exactly. */
  access: Access;
  memoryMb?: number;
  timeoutSeconds?: number;
  description?: string;
  /**
   * Reserved concurrency: a cap (and a reservation) of the account's Lambda concurrency. Only the
   * search function has one (context `searchConcurrency`): AWS keeps 100 of the account's quota
   * unreserved, so any reservation fails on a fresh account's quota of 10 (docs/deploying.md).
   */
  reservedConcurrentExecutions?: number;
}

/** Template metadata naming a function's handler module (relative to functions/src). */
const HANDLER_METADATA_KEY = 'truckyard:handler';

export const HOUSE_FUNCTION_DEFAULTS = { memoryMb: 512, timeoutSeconds: 10 } as const;

/** API Gateway HTTP API waits at most 30 s for an integration; a route's function must give up first. */
export const HTTP_API_TIMEOUT_SECONDS = 29;

/** The fixture allow-list's variable (functions/src/adapters/http/allow-hosts.ts), on `outboundHttp` functions only. */
const FETCH_ALLOW_HOSTS_ENV = 'FETCH_ALLOW_HOSTS';

/** Environment variable carrying a bucket's generated name: 'truck-images' -> BUCKET_TRUCK_IMAGES. */
const bucketEnvVar = (key: BucketKey) => `BUCKET_${key.toUpperCase().replaceAll('-', '_')}`;

/**
 * Modules whose functions read a context-configured variable: a function gets the variable when its
 * handler reaches the module through its imports (native-modules.ts's import walk).
 */
const SCRAPER_SOURCES_READER = 'jobs/scraper-deps.ts';

/** The HTTP handler wrapper, which verifies bearer tokens against the user pool (COGNITO_*) on every API function. */
const TOKEN_VERIFIER = 'http/handler.ts';

/** Powertools for AWS Lambda (functions/src/observability.ts): the service name of every log line and metric. */
export const POWERTOOLS_SERVICE_NAME = 'truckyard';
/** The CloudWatch namespace of the app's own (EMF) metrics; operations.ts alarms on them. */
export const METRICS_NAMESPACE = 'TruckYard';

/** The environment functions/src/config.ts reads, derived from the wired resources. */
function houseEnvironment(
  scope: Construct,
  d: HouseDefaults,
  access: Access = {},
  reaches: (module: string) => boolean = () => false,
): Record<string, string> {
  // A bucket's name only where the row declares access to it (as grants.ts grants it), the site
  // bucket only with `siteIndex`, the user pool's ids only where tokens are verified or the pool is
  // called: a function reading a name it was not given fails with the variable's name (config.ts).
  const bucketKeys = [...new Set((access.buckets ?? []).map((b) => b.bucket))];
  const bucketVars = Object.fromEntries(bucketKeys.map((key) => [bucketEnvVar(key), d.buckets[key].bucketName]));
  const usesPool = Boolean(access.cognito?.length) || reaches(TOKEN_VERIFIER);
  return {
    NODE_OPTIONS: '--enable-source-maps',
    TABLE_NAME: d.table.tableName,
    ...(usesPool && d.userPool && d.userPoolClient ? cognitoEnvironment(scope, d.userPool, d.userPoolClient) : {}),
    ...bucketVars,
    ...(access.siteIndex ? { SPA_BUCKET: d.siteBucket.bucketName } : {}),
    IMAGES_BASE_URL: '/images',
    EVENT_BUS_NAME: d.eventBus.eventBusName,
    SITE_URL: d.siteUrl,
    MAIL_TRANSPORT: 'ses',
    ...(d.mail?.from ? { MAIL_FROM: d.mail.from } : {}),
    ...(d.mail?.supportInbox ? { SUPPORT_INBOX: d.mail.supportInbox } : {}),
    ...(access.mail && d.ses?.configurationSetName ? { SES_CONFIGURATION_SET: d.ses.configurationSetName } : {}),
    ...(access.secrets?.length ? { SECRETS_PREFIX: d.secretsPrefix ?? DEFAULT_SECRETS_PREFIX } : {}),
    ...(access.outboundHttp ? { [FETCH_ALLOW_HOSTS_ENV]: d.fetchAllowHosts ?? '' } : {}),
    ...Object.fromEntries((access.queues ?? []).flatMap((id) => (d.queues?.[id] ? [[queueUrlEnvVar(id), d.queues[id].queueUrl]] : []))),
    ...(access.secrets?.includes('whatsappToken') && d.whatsapp
      ? {
          WHATSAPP_PHONE_NUMBER_ID: d.whatsapp.phoneNumberId,
          ...(d.whatsapp.apiVersion ? { WHATSAPP_API_VERSION: d.whatsapp.apiVersion } : {}),
        }
      : {}),
    ...(d.scraperSources && reaches(SCRAPER_SOURCES_READER) ? { SCRAPER_SOURCES: d.scraperSources } : {}),
    ...vehicleRecordsEnvironment(d, access),
    // Powertools (logger, metrics, tracer): its settings come from here in AWS and locally alike.
    POWERTOOLS_SERVICE_NAME,
    POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
    POWERTOOLS_LOG_LEVEL: 'INFO',
    ...(d.devLogs ? { POWERTOOLS_DEV: 'true' } : {}),
  };
}

/**
 * DVLA_API_URL for rows calling the DVLA, DVSA_* for rows calling the DVSA, nothing for the others.
 * A row must also read exactly the service's secrets; one that does not fails synth.
 */
function vehicleRecordsEnvironment(d: Pick<HouseDefaults, 'vehicleRecords'>, access: Access): Record<string, string> {
  const services = access.vehicleRecords ?? [];
  if (services.length === 0) return {};
  for (const service of services) {
    const missing = VEHICLE_RECORD_SECRETS[service].filter((s) => !access.secrets?.includes(s));
    if (missing.length) throw new Error(`A row calls the ${service.toUpperCase()} API but does not list its secrets ${missing.join(', ')}`);
  }
  const urls = d.vehicleRecords;
  if (!urls) throw new Error('A row calls the DVLA or DVSA API, but the app has no vehicleRecords URLs');
  return {
    ...(services.includes('dvla') ? { DVLA_API_URL: urls.dvlaApiUrl } : {}),
    ...(services.includes('dvsa')
      ? {
          DVSA_API_URL: urls.dvsaApiUrl,
          ...(urls.dvsaTokenUrl ? { DVSA_TOKEN_URL: urls.dvsaTokenUrl } : {}),
          DVSA_SCOPE: urls.dvsaScope,
        }
      : {}),
  };
}

function cognitoEnvironment(scope: Construct, userPool: IUserPool, client: IUserPoolClient) {
  const issuer = `https://cognito-idp.${Stack.of(scope).region}.amazonaws.com/${userPool.userPoolId}`;
  return {
    COGNITO_USER_POOL_ID: userPool.userPoolId,
    COGNITO_CLIENT_ID: client.userPoolClientId,
    COGNITO_ISSUER: issuer,
    COGNITO_JWKS_URL: `${issuer}/.well-known/jwks.json`,
  };
}

/**
 * A Lambda with the house defaults (Node 22 on ARM64, a minified ESM esbuild bundle with source maps
 * and only @aws-sdk/* and native packages left external, one-month JSON logs at INFO, X-Ray tracing
 * active) that gets the app's resource names as env vars and is granted exactly what its row's
 * access declares (grants.ts).
 */
export class HouseFunction extends LambdaFunction {
  constructor(scope: Construct, id: string, props: HouseFunctionProps) {
    const { defaults } = props;
    const functionsDir = defaults.functionsDir ?? FUNCTIONS_SRC_DIR;
    const entry = join(functionsDir, props.handler);
    if (!existsSync(entry)) {
      throw new Error(`${id}: handler file ${entry} does not exist (its row names '${props.handler}' under ${functionsDir})`);
    }
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    super(scope, id, {
      code: esbuildCode({ entry, shared: defaults.bundles }),
      handler: 'index.handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      // ARM64 (Graviton) for every function: cheaper, and the native packages are installed for it.
      architecture: LAMBDA_ARCHITECTURE,
      memorySize: props.memoryMb ?? HOUSE_FUNCTION_DEFAULTS.memoryMb,
      timeout: Duration.seconds(props.timeoutSeconds ?? HOUSE_FUNCTION_DEFAULTS.timeoutSeconds),
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      applicationLogLevelV2: ApplicationLogLevel.INFO,
      // X-Ray: every invocation traced (the Powertools tracer adds the AWS SDK calls as subsegments).
      tracing: Tracing.ACTIVE,
      environment: houseEnvironment(scope, defaults, props.access, (module) => reachesModule(entry, join(functionsDir, module))),
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
    });
    // The local cloud (dev/cloud) finds the source module of each function in the template by this.
    (this.node.defaultChild as CfnFunction).addMetadata(HANDLER_METADATA_KEY, props.handler);
    acknowledge(
      this,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      "AWS's basic execution policy only lets the function write its own CloudWatch logs.",
    );
    acknowledge(
      this,
      'AwsSolutions-IAM5[Resource::*]',
      'Only actions without resource-level permissions are granted on *: xray:PutTraceSegments and xray:PutTelemetryRecords (active tracing), and dynamodb:ListStreams for a table stream consumer.',
    );
    acknowledge(
      this,
      'AwsSolutions-L1',
      'Node.js 22 on purpose: the runtime the repository, its tests and the esbuild target use (package.json engines).',
    );
    grantAccess(this, props.access, {
      table: defaults.table,
      buckets: defaults.buckets,
      siteBucket: defaults.siteBucket,
      eventBus: defaults.eventBus,
      userPool: defaults.userPool,
      queues: defaults.queues,
      mail: defaults.ses,
      secretsPrefix: defaults.secretsPrefix ?? DEFAULT_SECRETS_PREFIX,
    });
  }
}
