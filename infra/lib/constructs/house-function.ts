import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { Architecture, type CfnFunction, Function as LambdaFunction, LoggingFormat, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { Access } from '../../../functions/src/access.js';
import { queueUrlEnvVar } from '../../../functions/src/adapters/queues/sender.js';
import type { BucketKey } from '../data-stack.js';
import { FUNCTIONS_SRC_DIR } from '../paths.js';
import { esbuildCode, type HandlerBundles } from './esbuild-code.js';
import { grantAccess } from './grants.js';
import { acknowledge } from '../nag.js';
import { nativeArchitecture, nativeModulesOf } from './native-modules.js';

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
  /** WHATSAPP_PHONE_NUMBER_ID of the functions that read the `whatsappToken` secret (context `whatsappPhoneNumberId`). */
  whatsappPhoneNumberId?: string;
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
  /** Native packages shipped beside the bundle instead of in it; found from the handler's imports when omitted. */
  nodeModules?: string[];
  description?: string;
  /** Reserved concurrency: 1 makes a function run one invocation at a time (the table stream's consumers). */
  reservedConcurrentExecutions?: number;
}

/** Template metadata naming a function's handler module (relative to functions/src). */
export const HANDLER_METADATA_KEY = 'truckyard:handler';

export const HOUSE_FUNCTION_DEFAULTS = { memoryMb: 512, timeoutSeconds: 10 } as const;

/** Where secrets live in SSM unless the app says otherwise (context `secretsPrefix`). */
export const DEFAULT_SECRETS_PREFIX = '/truckyard/prod/';

/** API Gateway HTTP API waits at most 30 s for an integration; a route's function must give up first. */
export const HTTP_API_TIMEOUT_SECONDS = 29;

/** The fixture allow-list's variable (functions/src/adapters/http/allow-hosts.ts), on `outboundHttp` functions only. */
export const FETCH_ALLOW_HOSTS_ENV = 'FETCH_ALLOW_HOSTS';

/** Environment variable carrying a bucket's generated name: 'truck-images' -> BUCKET_TRUCK_IMAGES. */
export const bucketEnvVar = (key: BucketKey) => `BUCKET_${key.toUpperCase().replaceAll('-', '_')}`;

/** The environment functions/src/config.ts reads, derived from the wired resources. */
export function houseEnvironment(scope: Construct, d: HouseDefaults, access: Access = {}): Record<string, string> {
  const bucketVars = Object.fromEntries(Object.entries(d.buckets).map(([key, b]) => [bucketEnvVar(key as BucketKey), b.bucketName]));
  return {
    STAGE: 'aws',
    NODE_OPTIONS: '--enable-source-maps',
    TABLE_NAME: d.table.tableName,
    ...(d.userPool && d.userPoolClient ? cognitoEnvironment(scope, d.userPool, d.userPoolClient) : {}),
    ...bucketVars,
    SPA_BUCKET: d.siteBucket.bucketName,
    IMAGES_BASE_URL: '/images',
    EVENT_BUS_NAME: d.eventBus.eventBusName,
    SITE_URL: d.siteUrl,
    MAIL_TRANSPORT: 'ses',
    ...(d.mail?.from ? { MAIL_FROM: d.mail.from } : {}),
    ...(d.mail?.supportInbox ? { SUPPORT_INBOX: d.mail.supportInbox } : {}),
    ...(access.mail && d.ses?.configurationSetName ? { SES_CONFIGURATION_SET: d.ses.configurationSetName } : {}),
    ...(access.secrets?.length ? { SECRETS_PREFIX: d.secretsPrefix ?? DEFAULT_SECRETS_PREFIX } : {}),
    ...(access.outboundHttp ? { [FETCH_ALLOW_HOSTS_ENV]: d.fetchAllowHosts ?? '' } : {}),
    ...(access.secrets?.includes('whatsappToken') && d.whatsappPhoneNumberId ? { WHATSAPP_PHONE_NUMBER_ID: d.whatsappPhoneNumberId } : {}),
    ...Object.fromEntries((access.queues ?? []).flatMap((id) => (d.queues?.[id] ? [[queueUrlEnvVar(id), d.queues[id].queueUrl]] : []))),
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
 * and only @aws-sdk/* left external, one-month JSON logs) that gets the app's resource names as env
 * vars and is granted exactly what its row's access declares (grants.ts).
 */
export class HouseFunction extends LambdaFunction {
  constructor(scope: Construct, id: string, props: HouseFunctionProps) {
    const { defaults } = props;
    const functionsDir = defaults.functionsDir ?? FUNCTIONS_SRC_DIR;
    const entry = join(functionsDir, props.handler);
    if (!existsSync(entry)) {
      throw new Error(`${id}: handler file ${entry} does not exist (its row names '${props.handler}' under ${functionsDir})`);
    }
    const nodeModules = props.nodeModules ?? nativeModulesOf(entry);
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    super(scope, id, {
      code: esbuildCode({ entry, nodeModules, shared: defaults.bundles }),
      handler: 'index.handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      // ARM64 is cheaper; a function shipping native binaries runs where they were installed.
      architecture: nodeModules.length > 0 ? nativeArchitecture() : Architecture.ARM_64,
      memorySize: props.memoryMb ?? HOUSE_FUNCTION_DEFAULTS.memoryMb,
      timeout: Duration.seconds(props.timeoutSeconds ?? HOUSE_FUNCTION_DEFAULTS.timeoutSeconds),
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      environment: houseEnvironment(scope, defaults, props.access),
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
