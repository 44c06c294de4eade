import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Function as LambdaFunction, LoggingFormat, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { BucketKey } from '../data-stack.js';
import { FUNCTIONS_SRC_DIR } from '../paths.js';
import { esbuildCode, type HandlerBundles } from './esbuild-code.js';
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
  /** Directory the handler paths are relative to; functions/src unless a test points elsewhere. */
  functionsDir?: string;
  /** All of the app's handlers, bundled together the first time one is needed. */
  bundles?: HandlerBundles;
}

/** Defaults of functions that verify tokens: everything but the pool's own triggers. */
export type HouseDefaultsWithCognito = HouseDefaults & Required<Pick<HouseDefaults, 'userPool' | 'userPoolClient'>>;

export interface HouseFunctionProps {
  defaults: HouseDefaults;
  /** Handler module relative to functions/src, exporting `handler` (a routes/jobs/events row's `handler`). */
  handler: string;
  memoryMb?: number;
  timeoutSeconds?: number;
  /** Native packages shipped beside the bundle instead of in it; found from the handler's imports when omitted. */
  nodeModules?: string[];
  description?: string;
}

export const HOUSE_FUNCTION_DEFAULTS = { memoryMb: 512, timeoutSeconds: 10 } as const;

/** Environment variable carrying a bucket's generated name: 'truck-images' -> BUCKET_TRUCK_IMAGES. */
export const bucketEnvVar = (key: BucketKey) => `BUCKET_${key.toUpperCase().replaceAll('-', '_')}`;

/** The environment functions/src/config.ts reads, derived from the wired resources. */
export function houseEnvironment(scope: Construct, d: HouseDefaults): Record<string, string> {
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
 * A Lambda with the house defaults (Node 20 on ARM64, a minified ESM esbuild bundle with source maps
 * and only @aws-sdk/* left external, one-month JSON logs) that is granted the table, the buckets, the
 * bus and SES and gets their names as env vars in one call.
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
      runtime: Runtime.NODEJS_20_X,
      // ARM64 is cheaper; a function shipping native binaries runs where they were installed.
      architecture: nodeModules.length > 0 ? nativeArchitecture() : Architecture.ARM_64,
      memorySize: props.memoryMb ?? HOUSE_FUNCTION_DEFAULTS.memoryMb,
      timeout: Duration.seconds(props.timeoutSeconds ?? HOUSE_FUNCTION_DEFAULTS.timeoutSeconds),
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      environment: houseEnvironment(scope, defaults),
    });
    defaults.table.grantReadWriteData(this);
    for (const bucket of Object.values(defaults.buckets)) bucket.grantReadWrite(this);
    defaults.siteBucket.grantRead(this);
    defaults.eventBus.grantPutEventsTo(this);
    // E-mail leaves through SES (config.mailTransport); sending is limited to this account's verified identities.
    const stack = Stack.of(this);
    this.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
      }),
    );
  }
}
