import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_BUCKET_BY_CATEGORY } from '../../shared/schemas/admin.js';
import { GSIS, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/src/adapters/dynamodb/table.js';
import { type CognitoTriggerName, cognitoTriggers } from '../../functions/src/cognito-triggers.js';
import { eventSubscriptions, tableStreamConsumers } from '../../functions/src/events.js';
import { jobs } from '../../functions/src/jobs.js';
import { deployDataStep } from '../../functions/src/deploy-steps.js';
import { deployDataProperties } from '../../functions/src/deploy/deploy-data-version.js';
import { PLANS } from '../../shared/constants.js';
import { queues } from '../../functions/src/queues.js';
import { MEDIA_PENDING_PREFIX } from '../../functions/src/domain/admin/media.js';
import { OLD_FILE_VERSION_DAYS } from '../../shared/constants.js';
import { ACCESS_TOKEN_SCOPE, needsAuthorizer, type RouteDef, routes as allRoutes } from '../../functions/src/routes.js';
import { HOUSE_FUNCTION_DEFAULTS, HTTP_API_TIMEOUT_SECONDS } from '../lib/constructs/house-function.js';
import { pagePathPatterns } from '../lib/route-path-patterns.js';
import { removeTempDirs, synthTruckYard, TEST_SITE_URL } from './synth-app.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const DEFAULT_ROUTE_THROTTLE = { rateLimit: 10, burstLimit: 20 };
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const AUDIT_ARCHIVE_RETENTION_DAYS = 365;

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

/** The core API stack carries the rows without an area; area rows have stacks of their own (rows.test.ts). */
const routes = allRoutes.filter((r) => (r.area ?? 'core') === 'core');
let t: ReturnType<typeof synthTruckYard>['templates'];
let stacks: ReturnType<typeof synthTruckYard>['stacks'];

// One synth for the whole file (the infra projects allow hooks 300 s: vitest.config.ts).
beforeAll(() => {
  ({ templates: t, stacks } = synthTruckYard());
});
afterAll(removeTempDirs);

const resourcesOf = (template: Template, type: string) => template.findResources(type) as Resources;
/** The buckets of photos, media and uploads: every data bucket but the audit archive (its own test). */
const photoAndUploadBuckets = () => Object.fromEntries(Object.entries(stacks.data.buckets).filter(([key]) => key !== 'audit-archive'));

/** Each HTTP API route's row id (its construct id is `<id>Route`), auth type and the function behind it, from the template alone. */
function routesInTemplate(api: Template) {
  const all = api.toJSON().Resources as Resources;
  return Object.entries(resourcesOf(api, 'AWS::ApiGatewayV2::Route')).map(([logicalId, route]) => {
    const [method, path] = String(route.Properties.RouteKey).split(' ');
    const integrationRef = JSON.stringify(route.Properties.Target).match(/"Ref":"([^"]+)"/)![1];
    const functionLogicalId = (all[integrationRef].Properties.IntegrationUri as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
    const id = logicalId.replace(/Route[0-9A-F]{8}$/, '');
    return {
      id,
      method,
      path,
      authorizationType: route.Properties.AuthorizationType,
      scopes: route.Properties.AuthorizationScopes,
      functionLogicalId,
    };
  });
}

/** The api stack carries the core rows; rows of other areas live in their own stacks (rows.test.ts). */
const coreRoutes = routes.filter((r) => (r.area ?? 'core') === 'core');

describe('api stack', () => {
  it('CDK and the local runtime see the same rows: the template has exactly the core routes of functions/src/routes.ts', () => {
    // Prepare
    const expected = coreRoutes.map((r) => `${r.id} ${r.method} ${r.path}`).sort();
    // Act
    const actual = routesInTemplate(t.api)
      .map((r) => `${r.id} ${r.method} ${r.path}`)
      .sort();
    // Assess
    expect(actual).toEqual(expected);
  });

  it('builds one Node 22 function per handler module (rows sharing a module share it), on ARM64, with the row memory and timeout', () => {
    const handlers = new Set(coreRoutes.map((r) => r.handler));
    expect(Object.keys(resourcesOf(t.api, 'AWS::Lambda::Function')).length).toBe(handlers.size);
    const byRow = new Map(routesInTemplate(t.api).map((r) => [r.id, r.functionLogicalId]));
    for (const row of coreRoutes) {
      const sameModule = coreRoutes.filter((r) => r.handler === row.handler);
      for (const other of sameModule) expect(byRow.get(other.id), other.id).toBe(byRow.get(row.id));
      const props = (t.api.toJSON().Resources as Resources)[byRow.get(row.id)!].Properties;
      expect(props).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: row.memoryMb ?? HOUSE_FUNCTION_DEFAULTS.memoryMb,
        Timeout: row.timeoutSeconds ?? HOUSE_FUNCTION_DEFAULTS.timeoutSeconds,
      });
    }
  });

  it('gives no route function a timeout above the 29 s API Gateway waits for it', () => {
    for (const fn of Object.values(resourcesOf(t.api, 'AWS::Lambda::Function'))) {
      expect(fn.Properties.Timeout as number).toBeLessThanOrEqual(HTTP_API_TIMEOUT_SECONDS);
    }
  });

  it('puts the JWT authorizer, requiring the access-token scope, on user/admin/superAdmin routes and none on public/optional ones', () => {
    const byId = new Map(routesInTemplate(t.api).map((r) => [r.id, r]));
    for (const row of coreRoutes) {
      expect(byId.get(row.id)?.authorizationType, row.id).toBe(needsAuthorizer(row) ? 'JWT' : 'NONE');
      expect(byId.get(row.id)?.scopes, row.id).toEqual(needsAuthorizer(row) ? [ACCESS_TOKEN_SCOPE] : undefined);
    }
    const jwtRoutes = Object.values(resourcesOf(t.api, 'AWS::ApiGatewayV2::Route')).filter((r) => r.Properties.AuthorizationType === 'JWT');
    expect(jwtRoutes.length).toBe(coreRoutes.filter(needsAuthorizer).length);
    for (const r of jwtRoutes) expect(r.Properties.AuthorizerId).toBeDefined();
    if (coreRoutes.some(needsAuthorizer)) {
      t.api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
        AuthorizerType: 'JWT',
        IdentitySource: ['$request.header.Authorization'],
        JwtConfiguration: {
          Audience: [Match.objectLike({ 'Fn::ImportValue': Match.stringLikeRegexp('UserPoolWebClient') })],
          // The region is pinned (eu-west-2), so the issuer names it.
          Issuer: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith(['https://cognito-idp.eu-west-2.amazonaws.com/'])] }),
        },
      });
    }
  });

  it("throttles the stage and writes access logs (the stage is ApiStage's, after every route)", () => {
    t.api.resourceCountIs('AWS::ApiGatewayV2::Stage', 0);
    t.apiStage.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: DEFAULT_ROUTE_THROTTLE.rateLimit,
        ThrottlingBurstLimit: DEFAULT_ROUTE_THROTTLE.burstLimit,
      },
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });

  it('gives every function the house environment', () => {
    const fns = Object.values(resourcesOf(t.api, 'AWS::Lambda::Function'));
    for (const fn of fns) {
      const vars = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(vars)).toEqual(
        expect.arrayContaining([
          'TABLE_NAME',
          'COGNITO_USER_POOL_ID',
          'COGNITO_CLIENT_ID',
          'COGNITO_ISSUER',
          'COGNITO_JWKS_URL',
          'EVENT_BUS_NAME',
        ]),
      );
      expect(vars).toMatchObject({
        IMAGES_BASE_URL: '/images',
        NODE_OPTIONS: '--enable-source-maps',
        SITE_URL: TEST_SITE_URL,
        MAIL_TRANSPORT: 'ses',
      });
      expect(JSON.stringify(vars.COGNITO_JWKS_URL)).toContain('/.well-known/jwks.json');
      // No stage switch: the code has one path, and local needs are the local cloud's transport variables.
      expect(vars).not.toHaveProperty('STAGE');
      expect(vars).not.toHaveProperty('COGNITO_PUBLIC_ENDPOINT');
    }
  });

  it('names only the buckets its row declares, and the site bucket only with siteIndex', () => {
    const byRow = new Map(routesInTemplate(t.api).map((r) => [r.id, r.functionLogicalId]));
    const all = t.api.toJSON().Resources as Resources;
    for (const row of coreRoutes) {
      const vars = (all[byRow.get(row.id)!].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      const declared = [...new Set((row.access.buckets ?? []).map((b) => `BUCKET_${b.bucket.toUpperCase().replaceAll('-', '_')}`))];
      expect(
        Object.keys(vars)
          .filter((k) => k.startsWith('BUCKET_'))
          .sort(),
        row.id,
      ).toEqual(declared.sort());
      expect(vars.SPA_BUCKET !== undefined, row.id).toBe(Boolean(row.access.siteIndex));
    }
  });

  it('names the secrets prefix only for functions whose row reads secrets', () => {
    const byRow = new Map(routesInTemplate(t.api).map((r) => [r.id, r.functionLogicalId]));
    const all = t.api.toJSON().Resources as Resources;
    for (const row of coreRoutes) {
      const vars = (all[byRow.get(row.id)!].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(vars.SECRETS_PREFIX !== undefined, row.id).toBe(Boolean(row.access.secrets?.length));
    }
  });
});

describe('data stack', () => {
  it('builds the table from table.ts: keys, the GSIs, TTL, PITR, on-demand, retained', () => {
    t.data.resourceCountIs('AWS::DynamoDB::Table', 1);
    t.data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
        ],
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      }),
    });
    const table = Object.values(resourcesOf(t.data, 'AWS::DynamoDB::Table'))[0];
    const gsis = (table.Properties.GlobalSecondaryIndexes as { IndexName: string; KeySchema: unknown; Projection: unknown }[]).map((g) => ({
      IndexName: g.IndexName,
      KeySchema: g.KeySchema,
      Projection: g.Projection,
    }));
    expect(gsis).toEqual(
      GSIS.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
  });

  it('has the six media and upload buckets, the audit archive, the site bucket and the access-log bucket, with generated names and encryption', () => {
    const buckets = Object.values(resourcesOf(t.data, 'AWS::S3::Bucket'));
    expect(buckets.length).toBe(9);
    for (const b of buckets) {
      expect(b.Properties.BucketName).toBeUndefined();
      expect(b.Properties.BucketEncryption).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
    }
  });

  it('versions the photo and upload buckets, expiring old versions after OLD_FILE_VERSION_DAYS', () => {
    const all = t.data.toJSON().Resources as Resources;
    for (const [key, bucket] of Object.entries(photoAndUploadBuckets())) {
      const props = all[stacks.data.getLogicalId(bucket.node.defaultChild as never)].Properties;
      expect(props.VersioningConfiguration, key).toEqual({ Status: 'Enabled' });
      expect((props.LifecycleConfiguration as { Rules: object[] }).Rules, key).toContainEqual(
        expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: OLD_FILE_VERSION_DAYS }, Status: 'Enabled' }),
      );
    }
  });

  it('expires staff media uploads left under media/pending/ after a day (issue 23 "Admin media")', () => {
    const all = t.data.toJSON().Resources as Resources;
    const bucket = stacks.data.buckets['private-uploads'];
    const props = all[stacks.data.getLogicalId(bucket.node.defaultChild as never)].Properties;
    expect((props.LifecycleConfiguration as { Rules: object[] }).Rules).toContainEqual(
      expect.objectContaining({
        Prefix: MEDIA_PENDING_PREFIX,
        ExpirationInDays: 1,
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        Status: 'Enabled',
      }),
    );
  });

  it('keeps the audit archive under Object Lock (governance, a year by default), versioned, with no CORS; its job may only put under audit/', () => {
    // Prepare
    const all = t.data.toJSON().Resources as Resources;
    const archive = stacks.data.buckets['audit-archive'];
    const props = all[stacks.data.getLogicalId(archive.node.defaultChild as never)].Properties;

    // Assess: the bucket
    expect(props.ObjectLockEnabled).toBe(true);
    expect(props.ObjectLockConfiguration).toEqual({
      ObjectLockEnabled: 'Enabled',
      Rule: { DefaultRetention: { Mode: 'GOVERNANCE', Days: AUDIT_ARCHIVE_RETENTION_DAYS } },
    });
    expect(AUDIT_ARCHIVE_RETENTION_DAYS).toBe(365);
    expect(props.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(props.CorsConfiguration).toBeUndefined();

    // Assess: who may touch it — only the archive job, with s3:PutObject on audit/*.
    const archiveId = stacks.data.getLogicalId(archive.node.defaultChild as never);
    const grants: Array<{ stack: string; policy: string; actions: string[]; resource: string }> = [];
    for (const [name, stack] of Object.entries(t)) {
      if (!stack) continue;
      for (const [policyId, policy] of Object.entries(resourcesOf(stack, 'AWS::IAM::Policy'))) {
        for (const st of (policy.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> })
          .Statement) {
          const resource = JSON.stringify(st.Resource);
          if (resource.includes(archiveId)) grants.push({ stack: name, policy: policyId, actions: [st.Action].flat(), resource });
        }
      }
    }
    expect(grants.map((g) => g.actions)).toEqual([['s3:PutObject']]);
    expect(grants[0].policy).toMatch(/ArchiveAuditLog/);
    expect(grants[0].resource).toContain('/audit/*');
  });

  it('lets the browser POST presigned uploads to the upload buckets from the site origin (and *.cloudfront.net without a domain) only', () => {
    const all = t.data.toJSON().Resources as Resources;
    for (const [key, bucket] of Object.entries(photoAndUploadBuckets())) {
      const props = all[stacks.data.getLogicalId(bucket.node.defaultChild as never)].Properties;
      expect(props.CorsConfiguration, key).toEqual({
        CorsRules: [
          expect.objectContaining({
            AllowedOrigins: [TEST_SITE_URL, 'https://*.cloudfront.net'],
            AllowedMethods: expect.arrayContaining(['POST']),
          }),
        ],
      });
    }
    expect(all[stacks.data.getLogicalId(stacks.data.siteBucket.node.defaultChild as never)].Properties.CorsConfiguration).toBeUndefined();
  });

  it('expires uploads the browser never completed: listing photos under uploads/listing-images/, valuation photos under valuations/pending/, staff media under media/pending/, all private', () => {
    const all = t.data.toJSON().Resources as Resources;
    type Rule = { Prefix?: string; ExpirationInDays?: number; Status?: string };
    const rulesOf = (key: keyof typeof stacks.data.buckets): Rule[] => {
      const props = all[stacks.data.getLogicalId(stacks.data.buckets[key].node.defaultChild as never)].Properties;
      return (props.LifecycleConfiguration as { Rules?: Rule[] } | undefined)?.Rules ?? [];
    };
    const expiring = (rules: Rule[]) => rules.filter((r) => r.Status === 'Enabled' && r.ExpirationInDays === 1).map((r) => r.Prefix);
    expect(expiring(rulesOf('truck-images'))).toEqual([]);
    expect(expiring(rulesOf('private-uploads'))).toEqual(['uploads/listing-images/', 'valuations/pending/', 'media/pending/']);
    // Stored listing photos and media are never expired (only their old versions).
    expect(rulesOf('general-media').filter((r) => r.ExpirationInDays !== undefined)).toEqual([]);
  });

  it("expires dealers' stock files under imports/ after 30 days, and the versions they leave a day later", () => {
    const all = t.data.toJSON().Resources as Resources;
    const props = all[stacks.data.getLogicalId(stacks.data.buckets['private-uploads'].node.defaultChild as never)].Properties;
    const rules = (props.LifecycleConfiguration as { Rules: Array<Record<string, unknown>> }).Rules;
    expect(rules.filter((r) => r.Prefix === 'imports/')).toEqual([
      expect.objectContaining({
        Status: 'Enabled',
        ExpirationInDays: 30,
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
      }),
    ]);
  });

  it('lets CloudFront read the site and truck-images buckets and the media buckets (published folders only), never the private uploads', () => {
    const policies = Object.values(resourcesOf(t.data, 'AWS::S3::BucketPolicy'));
    const cloudFrontReaders = policies.filter((p) => JSON.stringify(p.Properties).includes('cloudfront.amazonaws.com'));
    const ref = (b: { node: { defaultChild?: unknown } }) => ({ Ref: stacks.data.getLogicalId(b.node.defaultChild as never) });
    const b = stacks.data.buckets;
    expect(cloudFrontReaders.map((p) => p.Properties.Bucket)).toEqual(
      expect.arrayContaining([
        ref(stacks.data.siteBucket),
        ref(b['truck-images']),
        ref(b['promotional-images']),
        ref(b.banners),
        ref(b.logos),
        ref(b['general-media']),
      ]),
    );
    expect(cloudFrontReaders.length).toBe(6);
    expect(cloudFrontReaders.map((p) => p.Properties.Bucket)).not.toContainEqual(ref(b['private-uploads']));
    // A media bucket is readable only under its categories' folders, where checked files are published.
    const oacResources = (bucket: { node: { defaultChild?: unknown } }) =>
      cloudFrontReaders
        .filter((p) => JSON.stringify(p.Properties.Bucket) === JSON.stringify(ref(bucket)))
        .flatMap((p) => (p.Properties.PolicyDocument as { Statement: { Sid?: string; Resource: unknown }[] }).Statement)
        .filter((st) => st.Sid === 'AllowCloudFrontOriginAccessControlRead')
        .map((st) => JSON.stringify(st.Resource))
        .join();
    expect(oacResources(b.banners)).toContain('/banners/*');
    expect(oacResources(b['promotional-images'])).toContain('/promotional/*');
    expect(oacResources(b.logos)).toContain('/logos/*');
    expect(oacResources(b['general-media'])).toContain('/general/*');
    for (const media of [b.banners, b['promotional-images'], b.logos, b['general-media']])
      expect(oacResources(media)).not.toContain('"/*"');
  });
});

describe('no bucket is public', () => {
  it('blocks public access on every bucket in every stack and grants nothing to everyone', () => {
    for (const template of Object.values(t).filter((x) => x !== undefined)) {
      for (const b of Object.values(resourcesOf(template, 'AWS::S3::Bucket'))) {
        expect(b.Properties.PublicAccessBlockConfiguration).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(b.Properties.WebsiteConfiguration).toBeUndefined();
      }
      for (const p of Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy'))) {
        const statements = (p.Properties.PolicyDocument as { Statement: { Effect: string; Principal: unknown }[] }).Statement;
        for (const s of statements.filter((st) => st.Effect === 'Allow')) {
          expect(s.Principal).not.toEqual('*');
          expect(s.Principal).not.toEqual({ AWS: '*' });
        }
        // enforceSSL
        expect(statements).toContainEqual(
          expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        );
      }
    }
  });
});

describe('auth stack', () => {
  it("signs in by e-mail, closes Cognito's own sign-up and password recovery (our API does both) and wants 12-character passwords", () => {
    t.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'admin_only', Priority: 1 }] },
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 12 }) },
    });
  });

  it('keeps refresh tokens for 7 days', () => {
    t.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      RefreshTokenValidity: 10080,
      TokenValidityUnits: Match.objectLike({ RefreshToken: 'minutes' }),
    });
  });

  it('has the attributes sign-up sends (name, E.164 phone) and the custom ones profiles read', () => {
    const pool = Object.values(resourcesOf(t.auth, 'AWS::Cognito::UserPool'))[0];
    const names = (pool.Properties.Schema as { Name: string }[]).map((a) => a.Name);
    expect(names).toEqual(expect.arrayContaining(['email', 'name', 'phone_number', 'account_type', 'company_name']));
  });

  it('has a web client without secret allowing password, SRP and refresh-token auth', () => {
    t.auth.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    const client = Object.values(resourcesOf(t.auth, 'AWS::Cognito::UserPoolClient'))[0];
    expect(client.Properties.GenerateSecret).toBe(false);
    expect([...(client.Properties.ExplicitAuthFlows as string[])].sort()).toEqual(
      ['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH'].sort(),
    );
  });

  it('CDK and the local runtime see the same Cognito triggers: every row of cognito-triggers.ts is wired to the pool', () => {
    const pool = Object.values(resourcesOf(t.auth, 'AWS::Cognito::UserPool'))[0];
    const lambdaConfig = (pool.Properties.LambdaConfig ?? {}) as Record<string, unknown>;
    expect(Object.keys(lambdaConfig).sort()).toEqual(Object.keys(cognitoTriggers).sort());
    for (const name of Object.keys(cognitoTriggers) as CognitoTriggerName[]) {
      const fn = stacks.auth.triggerFunctions[name]!;
      expect(lambdaConfig[name]).toEqual({ 'Fn::GetAtt': [stacks.auth.getLogicalId(fn.node.defaultChild as never), 'Arn'] });
    }
  });

  it('gives trigger functions the table but no COGNITO_* variables (the pool names them, so they cannot name the pool)', () => {
    for (const fn of Object.values(stacks.auth.triggerFunctions)) {
      const props = (t.auth.toJSON().Resources as Resources)[stacks.auth.getLogicalId(fn.node.defaultChild as never)].Properties;
      const vars = (props.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(vars).toHaveProperty('TABLE_NAME');
      expect(Object.keys(vars).filter((k) => k.startsWith('COGNITO_'))).toEqual([]);
    }
  });

  it('has the admins and super_admins groups', () => {
    const groups = Object.values(resourcesOf(t.auth, 'AWS::Cognito::UserPoolGroup')).map((g) => g.Properties.GroupName);
    expect(groups.sort()).toEqual(['admins', 'super_admins']);
  });
});

describe('jobs stack', () => {
  it('CDK and the local runtime see the same jobs, event subscriptions and queues: a schedule, rule or queue and one function per row', () => {
    t.jobs.resourceCountIs('AWS::Events::Rule', eventSubscriptions.length);
    t.jobs.resourceCountIs('AWS::Scheduler::Schedule', jobs.length);
    // + the SES notification subscriber, and the deploy step's function with its Provider framework function
    t.jobs.resourceCountIs(
      'AWS::Lambda::Function',
      jobs.length + eventSubscriptions.length + tableStreamConsumers.length + queues.length + 1 + 2,
    );
    t.jobs.resourceCountIs('AWS::Lambda::EventSourceMapping', queues.length + tableStreamConsumers.length);
    for (const job of jobs) {
      t.jobs.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: `cron(${job.cron})`,
        ScheduleExpressionTimezone: 'Europe/London',
      });
    }
    for (const sub of eventSubscriptions) {
      t.jobs.hasResourceProperties('AWS::Events::Rule', { EventPattern: Match.objectLike({ 'detail-type': [sub.eventType] }) });
    }
  });
});

describe('table stream consumers (issue 8 §2: the search snapshot)', () => {
  it('the table has a keys-only stream', () => {
    t.data.hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'KEYS_ONLY' } });
  });

  it('each consumer takes one batch per shard at a time (no reserved concurrency), fed by the stream in batches at most its window behind, failures to a dead-letter queue', () => {
    expect(tableStreamConsumers.map((c) => c.handler)).toContain('events/search-snapshot-on-change.ts');
    for (const consumer of tableStreamConsumers) {
      expect(consumer.batchingWindowSeconds).toBeLessThanOrEqual(60);
      const fnId = Object.entries(resourcesOf(t.jobs, 'AWS::Lambda::Function')).find(([id]) => id.includes(`${consumer.id}Function`))?.[0];
      expect(fnId, consumer.id).toBeDefined();
      expect(resourcesOf(t.jobs, 'AWS::Lambda::Function')[fnId!].Properties.ReservedConcurrentExecutions).toBeUndefined();
      t.jobs.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: fnId },
        EventSourceArn: Match.objectLike({ 'Fn::ImportValue': Match.stringLikeRegexp('Table.*StreamArn') }),
        StartingPosition: 'LATEST',
        MaximumBatchingWindowInSeconds: consumer.batchingWindowSeconds,
        ParallelizationFactor: 1,
        DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
      });
    }
  });
});

describe('event bus', () => {
  it('has the custom event bus in the data stack, named in every function environment', () => {
    t.data.resourceCountIs('AWS::Events::EventBus', 1);
    for (const template of [t.api, t.jobs, t.auth]) {
      for (const fn of Object.values(resourcesOf(template, 'AWS::Lambda::Function'))) {
        if (!(fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.TABLE_NAME) continue; // CDK's own helpers
        expect(JSON.stringify(fn.Properties.Environment)).toMatch(/EVENT_BUS_NAME.*TruckYard-Data:ExportsOutputRefBus/);
      }
    }
  });
});

describe('web stack', () => {
  const behaviour = (pattern: string) => {
    const dist = Object.values(resourcesOf(t.web, 'AWS::CloudFront::Distribution'))[0];
    const config = dist.Properties.DistributionConfig as { CacheBehaviors: { PathPattern: string }[] };
    return config.CacheBehaviors.find((b) => b.PathPattern === pattern) as
      | ({ TargetOriginId: string } & Record<string, unknown>)
      | undefined;
  };

  const defaultBehaviour = () => {
    const dist = Object.values(resourcesOf(t.web, 'AWS::CloudFront::Distribution'))[0];
    return (dist.Properties.DistributionConfig as { DefaultCacheBehavior: { TargetOriginId: string } & Record<string, unknown> })
      .DefaultCacheBehavior;
  };

  it('serves the built files from a private bucket through origin access control', () => {
    t.web.resourceCountIs('AWS::CloudFront::Distribution', 1);
    t.web.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
    for (const pattern of ['/assets/*', '/*.*']) {
      expect(behaviour(pattern), pattern).toMatchObject({
        CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', // Managed-CachingOptimized
        ViewerProtocolPolicy: 'redirect-to-https',
      });
    }
    expect(behaviour('/assets/*')?.TargetOriginId).toBe(behaviour('/*.*')?.TargetOriginId);
  });

  it('sends every page, home included, to the page handler on the HTTP API (no default root object, no SPA fallback)', () => {
    const dist = Object.values(resourcesOf(t.web, 'AWS::CloudFront::Distribution'))[0];
    const config = dist.Properties.DistributionConfig as Record<string, unknown>;
    expect(config.DefaultRootObject).toBeUndefined();
    expect(defaultBehaviour()).toMatchObject({
      TargetOriginId: behaviour('/api/*')?.TargetOriginId,
      CachePolicyId: behaviour('/api/*')?.CachePolicyId,
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    // Its only function keeps the query parameters pages read (the page cache key, issue 23).
    const functions = defaultBehaviour().FunctionAssociations as { EventType: string; FunctionARN: { 'Fn::GetAtt': string[] } }[];
    expect(functions.map((f) => [f.EventType, f.FunctionARN['Fn::GetAtt'][0]])).toEqual([
      ['viewer-request', expect.stringMatching(/^PageQueryAllowList/)],
    ]);
    expect(routes.some((r) => r.path === '/' && r.handler === 'http/seo/render-page.ts')).toBe(true);
    expect(routes.some((r) => r.path === '/{proxy+}' && r.handler === 'http/seo/render-page.ts')).toBe(true);
  });

  it('sends /api/* to the HTTP API with every viewer header but Host and every method', () => {
    expect(behaviour('/api/*')).toMatchObject({
      AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    const dist = Object.values(resourcesOf(t.web, 'AWS::CloudFront::Distribution'))[0];
    const config = dist.Properties.DistributionConfig as {
      Origins: { Id: string; DomainName: unknown }[];
      CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
    };
    const apiOrigin = config.Origins.find((o) => o.Id === behaviour('/api/*')?.TargetOriginId);
    expect(JSON.stringify(apiOrigin?.DomainName)).toMatch(/TruckYard-Api:ExportsOutputFnGetAttHttpApi/);
  });

  it('sends the file-like route rows outside /api (sitemap, robots) to the HTTP API ahead of /*.*', () => {
    const api = behaviour('/api/*')!;
    const dist = Object.values(resourcesOf(t.web, 'AWS::CloudFront::Distribution'))[0];
    const order = (dist.Properties.DistributionConfig as { CacheBehaviors: { PathPattern: string }[] }).CacheBehaviors.map(
      (b) => b.PathPattern,
    );
    const fileRows = allRoutes.filter((r) => !r.path.startsWith('/api/') && r.path.includes('.'));
    expect(fileRows.length).toBeGreaterThan(0);
    // A file-like row's path is literal: its behaviour's pattern is the path itself.
    expect(pagePathPatterns(fileRows)).toEqual([...new Set(fileRows.map((r) => r.path))]);
    for (const pattern of pagePathPatterns(fileRows)) {
      const b = behaviour(pattern);
      expect(b, pattern).toBeDefined();
      expect(b).toMatchObject({
        TargetOriginId: api.TargetOriginId,
        CachePolicyId: api.CachePolicyId,
        OriginRequestPolicyId: api.OriginRequestPolicyId,
      });
      expect(order.indexOf(pattern)).toBeLessThan(order.indexOf('/*.*'));
    }
  });

  it('sends /images/* to the truck-images bucket through origin access control', () => {
    expect(behaviour('/images/*')).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https' });
    const dist = Object.values(resourcesOf(t.web, 'AWS::CloudFront::Distribution'))[0];
    const origins = (dist.Properties.DistributionConfig as { Origins: { DomainName: unknown; OriginAccessControlId?: unknown }[] }).Origins;
    const images = origins.find((o) => JSON.stringify(o.DomainName).includes('TruckImages'));
    expect(images?.OriginAccessControlId).toBeDefined();
  });

  it('serves admin media at /media/<bucket key>/* from each media bucket through origin access control, prefix stripped', () => {
    const dist = Object.values(resourcesOf(t.web, 'AWS::CloudFront::Distribution'))[0];
    const config = dist.Properties.DistributionConfig as {
      Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown }[];
      CacheBehaviors: { PathPattern: string }[];
    };
    const order = config.CacheBehaviors.map((b) => b.PathPattern);
    const logicalIdOf: Record<string, string> = {
      'promotional-images': 'PromotionalImages',
      banners: 'Banners',
      logos: 'Logos',
      'truck-images': 'TruckImages',
      'general-media': 'GeneralMedia',
    };
    for (const key of new Set(Object.values(MEDIA_BUCKET_BY_CATEGORY))) {
      const b = behaviour(`/media/${key}/*`);
      expect(b, key).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6' });
      expect(order.indexOf(`/media/${key}/*`)).toBeLessThan(order.indexOf('/*.*'));
      const origin = config.Origins.find((o) => o.Id === b?.TargetOriginId);
      expect(JSON.stringify(origin?.DomainName), key).toContain(logicalIdOf[key]);
      expect(origin?.OriginAccessControlId, key).toBeDefined();
      expect(JSON.stringify(b?.FunctionAssociations)).toContain('StripMediaPrefix');
    }
    // The function maps the URL the API builds to the object key: /media/banners/banners/x.png -> /banners/x.png.
    const fn = Object.values(resourcesOf(t.web, 'AWS::CloudFront::Function')).find((f) =>
      String(f.Properties.FunctionCode).includes('/media'),
    );
    const handler = new Function(`${fn?.Properties.FunctionCode as string}; return handler;`)() as (e: unknown) => { uri: string };
    expect(handler({ request: { uri: '/media/banners/banners/1-abc.png' } }).uri).toBe('/banners/1-abc.png');
    expect(handler({ request: { uri: '/media/general-media/general/2-def.mp4' } }).uri).toBe('/general/2-def.mp4');
  });

  it('adds HSTS, CSP, nosniff, frame DENY and a referrer policy to every behaviour', () => {
    const policies = Object.values(resourcesOf(t.web, 'AWS::CloudFront::ResponseHeadersPolicy'));
    expect(policies.length).toBe(1);
    const headers = (
      policies[0].Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Record<string, unknown>> }
    ).SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(headers.StrictTransportSecurity.IncludeSubdomains).toBe(true);
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data: blob:",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "connect-src 'self' https://cognito-idp.",
    ]) {
      expect(csp).toContain(directive);
    }
    const dist = Object.values(resourcesOf(t.web, 'AWS::CloudFront::Distribution'))[0];
    const config = dist.Properties.DistributionConfig as { DefaultCacheBehavior: object; CacheBehaviors: object[] };
    for (const b of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(b).toHaveProperty('ResponseHeadersPolicyId');
    }
  });

  it('does not deploy the site when web/dist has not been built', () => {
    t.web.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});

describe('page path patterns', () => {
  const row = (path: string): RouteDef => ({ ...allRoutes[0], path });
  it('turns path parameters into a wildcard, keeps literal paths, and leaves /api/* and the default behaviour’s rows out', () => {
    const rows = ['/truck/{id}', '/files/{proxy+}', '/sitemap.xml', '/api/listings/{id}', '/', '/{proxy+}', '/truck/{slug}'].map(row);
    expect(pagePathPatterns(rows)).toEqual(['/truck/*', '/files/*', '/sitemap.xml']);
  });
});

describe('cognito hardening', () => {
  it('lets the web client write only e-mail (sign-up), name and phone number, and offers TOTP MFA', () => {
    const client = Object.values(resourcesOf(t.auth, 'AWS::Cognito::UserPoolClient'))[0];
    expect([...(client.Properties.WriteAttributes as string[])].sort()).toEqual(['email', 'name', 'phone_number']);
    expect(client.Properties.WriteAttributes).not.toContain('custom:account_type');
    t.auth.hasResourceProperties('AWS::Cognito::UserPool', { MfaConfiguration: 'OPTIONAL', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
  });
});

describe('edge', () => {
  const webAcl = () =>
    Object.values(resourcesOf(t.edge, 'AWS::WAFv2::WebACL'))[0].Properties as { Scope: string; Rules: Record<string, unknown>[] };

  it('puts a CloudFront WAF web ACL (us-east-1) with the AWS common rules and a per-IP rate rule in front of the distribution', () => {
    expect(stacks.edge.region).toBe('us-east-1');
    const acl = webAcl();
    expect(acl.Scope).toBe('CLOUDFRONT');
    const names = acl.Rules.map((r) => r.Name);
    expect(names).toEqual(expect.arrayContaining(['AWSManagedRulesCommonRuleSet', 'RateLimitPerIp', 'BodySizeExceptExempt']));
    const dist = Object.values(resourcesOf(t.web, 'AWS::CloudFront::Distribution'))[0];
    expect((dist.Properties.DistributionConfig as { WebACLId?: unknown }).WebACLId).toBeDefined();
  });

  it('exempts the payments webhook and unsubscribe links from the rate and body-size rules only', () => {
    const rules = Object.fromEntries(webAcl().Rules.map((r) => [r.Name, JSON.stringify(r)]));
    for (const name of ['RateLimitPerIp', 'BodySizeExceptExempt']) {
      expect(rules[name]).toContain('"NotStatement"');
      expect(rules[name]).toContain('/api/payments/webhook');
      expect(rules[name]).toContain('/api/alerts/unsubscribe');
    }
    expect(rules.AWSManagedRulesCommonRuleSet).toContain('SizeRestrictions_BODY');
    expect(rules.AWSManagedRulesCommonRuleSet).not.toContain('/api/payments/webhook');
  });

  it('adds the origin-verify secret header (from SSM at deploy time) to requests CloudFront sends to the API', () => {
    const dist = Object.values(resourcesOf(t.web, 'AWS::CloudFront::Distribution'))[0];
    const origins = (
      dist.Properties.DistributionConfig as {
        Origins: { CustomOriginConfig?: object; OriginCustomHeaders?: { HeaderName: string; HeaderValue: string }[] }[];
      }
    ).Origins;
    const api = origins.find((o) => o.CustomOriginConfig);
    expect(api?.OriginCustomHeaders).toEqual([
      { HeaderName: 'x-origin-verify', HeaderValue: '{{resolve:ssm:/truckyard/prod/originVerifySecret}}' },
    ]);
  });
});

describe('operations', () => {
  it('alarms to one SNS topic on API 5xx rate, Lambda errors and throttles, SES bounces and complaints and every dead-letter queue', () => {
    const alarms = [t.data, t.api, t.jobs].flatMap((tpl) => Object.values(resourcesOf(tpl, 'AWS::CloudWatch::Alarm')));
    const text = alarms.map((a) => JSON.stringify(a.Properties));
    for (const metric of [
      '5xx',
      'Errors',
      'Throttles',
      'Reputation.BounceRate',
      'Reputation.ComplaintRate',
      'ApproximateNumberOfMessagesVisible',
    ]) {
      expect(
        text.some((a) => a.includes(`"${metric}"`)),
        metric,
      ).toBe(true);
    }
    for (const a of alarms) expect(JSON.stringify(a.Properties.AlarmActions)).toMatch(/AlarmTopic/);
    const dlqs =
      Object.keys(resourcesOf(t.jobs, 'AWS::SQS::Queue')).length + Object.keys(resourcesOf(t.data, 'AWS::SQS::Queue')).length / 2;
    expect(text.filter((a) => a.includes('ApproximateNumberOfMessagesVisible')).length).toBe(dlqs);
  });

  it('subscribes the SES notification handler to bounces and complaints with a dead-letter queue', () => {
    t.data.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({
        MatchingEventTypes: Match.arrayWith(['bounce', 'complaint']),
        SnsDestination: Match.anyValue(),
      }),
    });
    t.jobs.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda', RedrivePolicy: Match.anyValue() });
  });
});

describe('deploy-time data (issue 22 §2)', () => {
  const custom = () => Object.entries(resourcesOf(t.jobs, 'Custom::DeployData'));

  it('runs the deploy step as a custom resource whose properties are the hashes of PLANS and the search formats', () => {
    // Prepare
    const expected = deployDataProperties();
    // Act
    const resources = custom();
    // Assess
    expect(resources).toHaveLength(1);
    const [, resource] = resources[0];
    expect(resource.Properties).toMatchObject({ plansHash: expected.plansHash, searchFormat: expected.searchFormat });
    expect(expected.plansHash).toMatch(/^[0-9a-f]{16}$/);
    expect(expected.searchFormat).toMatch(/^\d+\.\d+$/);
  });

  it("is served by CDK's Provider framework invoking the deploy step's own house function", () => {
    // Prepare
    const [, resource] = custom()[0];
    const fn = stacks.jobs.deployData!.function;
    const fnId = stacks.jobs.getLogicalId(fn.node.defaultChild as never);
    const all = t.jobs.toJSON().Resources as Resources;
    // Act
    const serviceToken = JSON.stringify(resource.Properties.ServiceToken);
    const frameworkId = /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(serviceToken)![1];
    const frameworkEnv = JSON.stringify(all[frameworkId].Properties.Environment);
    const props = all[fnId].Properties as {
      Handler: string;
      Timeout: number;
      MemorySize: number;
      Environment: { Variables: Record<string, unknown> };
    };
    // Assess
    expect(frameworkEnv).toContain(fnId);
    expect(props.Timeout).toBe(deployDataStep.timeoutSeconds);
    expect(props.MemorySize).toBe(deployDataStep.memoryMb);
    expect(Object.keys(props.Environment.Variables)).toEqual(
      expect.arrayContaining(['TABLE_NAME', 'BUCKET_PRIVATE_UPLOADS', 'SECRETS_PREFIX']),
    );
  });

  it('changes its properties, so CloudFormation runs it again, when a plan changes', () => {
    const before = deployDataProperties().plansHash;
    const plan = PLANS[0] as { priceAmount: number };
    const price = plan.priceAmount;
    plan.priceAmount = price + 100;
    try {
      expect(deployDataProperties().plansHash).not.toBe(before);
    } finally {
      plan.priceAmount = price;
    }
    expect(deployDataProperties().plansHash).toBe(before);
  });
});
