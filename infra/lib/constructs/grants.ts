import { Stack } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IConstruct } from 'constructs';
import type { Access, BucketAccessLevel, BucketKey } from '../../../functions/src/access.js';

/** The resources an Access names, as wired in this app. */
export interface GrantTargets {
  table: ITable;
  buckets: Record<BucketKey, IBucket>;
  siteBucket: IBucket;
  eventBus: IEventBus;
  /** Absent for the pool's own triggers (they cannot name the pool: a CloudFormation cycle). */
  userPool?: IUserPool;
  /** Work queues by row id (functions/src/queues.ts). */
  queues?: Record<string, IQueue>;
  /** The SES sending identity (domain, and the From address) and configuration set, for `mail`. */
  mail?: { identities: readonly string[]; configurationSetName?: string };
  /** SSM parameter name prefix of the secrets (SECRETS_PREFIX), e.g. /truckyard/prod/. */
  secretsPrefix: string;
}

/** S3 object actions per declared level. HEAD needs GetObject; a 404 for a missing key needs ListBucket. */
const S3_ACTIONS: Record<BucketAccessLevel, readonly string[]> = {
  read: ['s3:GetObject'],
  put: ['s3:PutObject'],
  write: ['s3:PutObject', 's3:AbortMultipartUpload'],
  readWrite: ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload'],
  readWriteDelete: ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload', 's3:DeleteObject'],
};

/** Item reads and writes a function narrowed by `tableKeys` gets (no Scan, no index, no stream). */
const TABLE_ITEM_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'] as const;
const TABLE_ITEM_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'] as const;

/**
 * Every partition key a request names must start with one of the prefixes, and it must name one
 * (ForAllValues alone would also pass a request that names none).
 */
const leadingKeysCondition = (prefixes: readonly string[]) => ({
  'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((p) => `${p}*`) },
  Null: { 'dynamodb:LeadingKeys': 'false' },
});
/**
 * What `siteIndex` reads in the site bucket: the SPA's index.html and Vite's build manifest, whose
 * chunk list gives the server-rendered pages their modulepreload hints (adapters/web/spa-index.ts).
 */
const SITE_INDEX_KEYS = ['index.html', '.vite/manifest.json'] as const;

const SES_SEND_ACTIONS = ['ses:SendEmail', 'ses:SendRawEmail'] as const;

/** The address inside `Name <address>` or a bare address. */
const addressOf = (mailFrom: string) => (mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom).trim();

/** SES identities a From address may be authorised by: the address itself and its domain. */
export function sesIdentitiesFor(mailFrom: string, sesDomain?: string): string[] {
  const address = addressOf(mailFrom);
  const domain = sesDomain ?? address.split('@')[1];
  return [...new Set([domain, address].filter((x): x is string => Boolean(x)))];
}

/**
 * Grants a function exactly what its row's Access declares, nothing else (infra/test/least-privilege.test.ts
 * checks every function's policy against its row).
 */
export function grantAccess(fn: IGrantable & IConstruct, access: Access, t: GrantTargets): void {
  const stack = Stack.of(fn);
  const add = (actions: readonly string[], resources: string[], conditions?: Record<string, unknown>) =>
    fn.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: [...actions], resources, conditions }));

  if (access.table && access.tableKeys?.length) {
    add(
      access.table === 'readWrite' ? [...TABLE_ITEM_READ_ACTIONS, ...TABLE_ITEM_WRITE_ACTIONS] : TABLE_ITEM_READ_ACTIONS,
      [t.table.tableArn],
      leadingKeysCondition(access.tableKeys),
    );
    if (access.tableIndexQueries?.length) {
      add(
        ['dynamodb:Query'],
        access.tableIndexQueries.map((index) => `${t.table.tableArn}/index/${index}`),
      );
    }
    if (access.tableReadKeys?.length) add(TABLE_ITEM_READ_ACTIONS, [t.table.tableArn], leadingKeysCondition(access.tableReadKeys));
  } else if (access.table === 'read') {
    t.table.grantReadData(fn);
    if (access.tableWriteKeys?.length) add(['dynamodb:PutItem'], [t.table.tableArn], leadingKeysCondition(access.tableWriteKeys));
  } else if (access.table === 'readWrite') t.table.grantReadWriteData(fn);

  for (const b of access.buckets ?? []) {
    const bucket = t.buckets[b.bucket];
    const prefixes = b.prefixes ?? [''];
    add(
      S3_ACTIONS[b.access],
      prefixes.map((p) => bucket.arnForObjects(`${p}*`)),
    );
    // Without ListBucket S3 answers 403, not 404, for a missing key; limited to the same prefixes.
    if (b.access !== 'write' && b.access !== 'put') {
      add(['s3:ListBucket'], [bucket.bucketArn], b.prefixes ? { StringLike: { 's3:prefix': b.prefixes.map((p) => `${p}*`) } } : undefined);
    }
  }
  if (access.siteIndex) {
    add(
      ['s3:GetObject'],
      SITE_INDEX_KEYS.map((key) => t.siteBucket.arnForObjects(key)),
    );
    // Without ListBucket S3 answers 403, not 404, for a missing key: a build without a manifest is then a NoSuchKey.
    add(['s3:ListBucket'], [t.siteBucket.bucketArn], { StringEquals: { 's3:prefix': [...SITE_INDEX_KEYS] } });
  }

  if (access.mail) {
    if (!t.mail?.identities.length) throw new Error(`${fn.node.path}: its row declares mail, but no SES identity is configured`);
    const arn = (resource: string, resourceName: string) => stack.formatArn({ service: 'ses', resource, resourceName });
    add(SES_SEND_ACTIONS, [
      ...t.mail.identities.map((id) => arn('identity', id)),
      ...(t.mail.configurationSetName ? [arn('configuration-set', t.mail.configurationSetName)] : []),
    ]);
  }

  if (access.events) t.eventBus.grantPutEventsTo(fn);

  for (const id of access.queues ?? []) {
    const queue = t.queues?.[id];
    if (!queue) throw new Error(`${fn.node.path}: its row sends to queue '${id}', which is not a row of functions/src/queues.ts`);
    queue.grantSendMessages(fn);
  }

  if (access.cognito?.length) {
    if (!t.userPool) throw new Error(`${fn.node.path}: a user-pool trigger cannot be granted admin actions on its own pool`);
    add(
      access.cognito.map((a) => `cognito-idp:${a}`),
      [t.userPool.userPoolArn],
    );
  }

  if (access.secrets?.length) {
    add(
      ['ssm:GetParameter'],
      access.secrets.map((name) =>
        stack.formatArn({ service: 'ssm', resource: 'parameter', resourceName: `${t.secretsPrefix}${name}`.replace(/^\//, '') }),
      ),
    );
  }
}

/** Normalised form for comparing the access of rows that share a function. */
export function accessKey(a: Access): string {
  const sorted = (xs?: readonly string[]) => (xs?.length ? [...xs].sort() : undefined);
  return JSON.stringify({
    table: a.table,
    tableKeys: sorted(a.tableKeys),
    tableIndexQueries: sorted(a.tableIndexQueries),
    tableReadKeys: sorted(a.tableReadKeys),
    tableWriteKeys: sorted(a.tableWriteKeys),
    buckets: a.buckets?.length
      ? a.buckets.map((b) => JSON.stringify({ bucket: b.bucket, access: b.access, prefixes: sorted(b.prefixes) })).sort()
      : undefined,
    mail: a.mail || undefined,
    events: a.events || undefined,
    queues: sorted(a.queues),
    cognito: sorted(a.cognito),
    secrets: sorted(a.secrets),
    siteIndex: a.siteIndex || undefined,
    outboundHttp: a.outboundHttp || undefined,
    vehicleRecords: sorted(a.vehicleRecords),
  });
}
