import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { EVENT_SOURCE, type EventSubscription } from '../../functions/src/events.js';
import type { JobDef } from '../../functions/src/jobs.js';
import type { RouteDef } from '../../functions/src/routes.js';
import { EventSubscriptions, ScheduledJobs } from '../lib/constructs/bus-rules.js';
import type { HouseDefaults } from '../lib/constructs/house-function.js';
import { BUCKET_KEYS } from '../lib/data-stack.js';
import { removeTempDirs, synthTruckYard, tempDir } from './synth-app.js';

afterAll(removeTempDirs);

/** A functions dir outside the repository holding stub handlers (and any other files given). */
function stubFunctionsDir(handlers: string[], files: Record<string, string> = {}) {
  const dir = tempDir('truckyard-stub-functions-');
  const all = { ...Object.fromEntries(handlers.map((h) => [h, 'export const handler = async () => ({ statusCode: 200 });\n'])), ...files };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** A bare stack with the resources a HouseFunction is wired to. */
function stackWithDefaults(functionsDir: string) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] }, builtinCloudFormationValidation: false });
  const stack = new Stack(app, 'RowsTest');
  const userPool = new UserPool(stack, 'Pool');
  const defaults: HouseDefaults = {
    table: new Table(stack, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } }),
    userPool,
    userPoolClient: userPool.addClient('Client'),
    buckets: Object.fromEntries(
      BUCKET_KEYS.map((k) => [k, Bucket.fromBucketName(stack, `Bucket-${k}`, `test-${k}`)]),
    ) as HouseDefaults['buckets'],
    siteBucket: Bucket.fromBucketName(stack, 'SiteBucket', 'test-site'),
    eventBus: new EventBus(stack, 'Bus'),
    siteUrl: 'https://test.example',
    functionsDir,
  };
  return { stack, defaults };
}

describe('scheduled jobs and event subscriptions', () => {
  it('turns a job row into a function and a cron schedule on the default bus', () => {
    // Prepare
    const job: JobDef = {
      id: 'ExpireListings',
      cron: '0 3 * * ? *',
      handler: 'jobs/expire-listings.ts',
      description: 'Expire old listings',
    };
    const { stack, defaults } = stackWithDefaults(stubFunctionsDir([job.handler]));
    // Act
    const jobs = new ScheduledJobs(stack, 'Jobs', { defaults, jobs: [job] });
    const template = Template.fromStack(stack);
    // Assess
    const fnId = stack.getLogicalId(jobs.functions.ExpireListings.node.defaultChild as never);
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 3 * * ? *)',
      EventBusName: Match.absent(),
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] }, RetryPolicy: Match.anyValue() })],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Principal: 'events.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
    });
  });

  it('turns an event subscription row into a function and a rule on the custom bus matching the event type', () => {
    // Prepare
    const sub: EventSubscription = { id: 'IndexListing', eventType: 'listing.updated', handler: 'events/index-listing.ts' };
    const { stack, defaults } = stackWithDefaults(stubFunctionsDir([sub.handler]));
    // Act
    const subs = new EventSubscriptions(stack, 'Events', { defaults, subscriptions: [sub] });
    const template = Template.fromStack(stack);
    // Assess
    const fnId = stack.getLogicalId(subs.functions.IndexListing.node.defaultChild as never);
    template.hasResourceProperties('AWS::Events::Rule', {
      EventBusName: { Ref: stack.getLogicalId(defaults.eventBus.node.defaultChild as never) },
      EventPattern: { source: [EVENT_SOURCE], 'detail-type': ['listing.updated'] },
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } })],
    });
  });

  it('builds nothing for empty tables', () => {
    const { stack, defaults } = stackWithDefaults(stubFunctionsDir([]));
    new ScheduledJobs(stack, 'Jobs', { defaults, jobs: [] });
    new EventSubscriptions(stack, 'Events', { defaults, subscriptions: [] });
    Template.fromStack(stack).resourceCountIs('AWS::Events::Rule', 0);
  });
});

describe('route rows', () => {
  const rows: RouteDef[] = [
    { id: 'PublicThing', method: 'GET', path: '/api/things', handler: 'http/things/list.ts', auth: 'public' },
    { id: 'OptionalThing', method: 'GET', path: '/api/things/{id}', handler: 'http/things/get.ts', auth: 'optional' },
    { id: 'UserThing', method: 'POST', path: '/api/things', handler: 'http/things/create.ts', auth: 'user', memoryMb: 256 },
    { id: 'AdminThing', method: 'DELETE', path: '/api/things/{id}', handler: 'http/things/delete.ts', auth: 'admin', timeoutSeconds: 29 },
    { id: 'SuperThing', method: 'PATCH', path: '/api/things/{id}', handler: 'http/things/patch.ts', auth: 'superAdmin' },
  ];

  it('gives user, admin and superAdmin rows the Cognito JWT authorizer and the others none; admin rows may manage users', () => {
    // Prepare
    const functionsDir = stubFunctionsDir(rows.map((r) => r.handler));
    // Act
    const { templates } = synthTruckYard({ routes: rows, jobs: [], functionsDir, triggers: {} });
    // Assess
    const routeAuth = Object.values(templates.api.findResources('AWS::ApiGatewayV2::Route')).map(
      (r) => `${r.Properties.RouteKey} ${r.Properties.AuthorizationType}`,
    );
    expect(routeAuth.sort()).toEqual(
      [
        'GET /api/things NONE',
        'GET /api/things/{id} NONE',
        'POST /api/things JWT',
        'DELETE /api/things/{id} JWT',
        'PATCH /api/things/{id} JWT',
      ].sort(),
    );
    templates.api.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    templates.api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      JwtConfiguration: {
        Audience: [{ 'Fn::ImportValue': Match.stringLikeRegexp('UserPoolWebClient') }],
        Issuer: {
          'Fn::Join': [
            '',
            ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/', { 'Fn::ImportValue': Match.stringLikeRegexp('UserPool') }],
          ],
        },
      },
    });
    const policies = Object.values(templates.api.findResources('AWS::IAM::Policy')).map((p) => JSON.stringify(p.Properties.PolicyDocument));
    expect(policies.filter((p) => p.includes('cognito-idp:AdminDisableUser')).length).toBe(2); // AdminThing and SuperThing only
    templates.api.hasResourceProperties('AWS::Lambda::Function', { Description: 'POST /api/things', MemorySize: 256, Timeout: 10 });
    templates.api.hasResourceProperties('AWS::Lambda::Function', { Description: 'DELETE /api/things/{id}', MemorySize: 512, Timeout: 29 });
  });

  it('names every missing handler file at once', () => {
    const functionsDir = stubFunctionsDir([rows[0].handler]);
    expect(() => synthTruckYard({ routes: rows, functionsDir, triggers: {} })).toThrow(
      /do not exist yet:\n {2}OptionalThing: .*http\/things\/get\.ts\n {2}UserThing: .*\n {2}AdminThing: .*\n {2}SuperThing: /,
    );
  });
});

describe('native packages', () => {
  it('runs a function that reaches sharp through its imports on the architecture whose binaries synth ships, the others on ARM64', () => {
    // Prepare
    const functionsDir = stubFunctionsDir(['http/plain.ts'], {
      'http/resize.ts': "import { resize } from '../adapters/images.js';\nexport const handler = async () => resize();\n",
      'adapters/images.ts': "import sharp from 'sharp';\nexport const resize = () => sharp;\n",
    });
    const rows: RouteDef[] = [
      { id: 'Plain', method: 'GET', path: '/api/plain', handler: 'http/plain.ts', auth: 'public' },
      { id: 'Resize', method: 'POST', path: '/api/resize', handler: 'http/resize.ts', auth: 'user' },
    ];
    // Act
    const { templates } = synthTruckYard({ routes: rows, jobs: [], functionsDir, triggers: {} });
    // Assess
    const hostArchitecture = process.arch === 'arm64' ? 'arm64' : 'x86_64';
    templates.api.hasResourceProperties('AWS::Lambda::Function', { Description: 'POST /api/resize', Architectures: [hostArchitecture] });
    templates.api.hasResourceProperties('AWS::Lambda::Function', { Description: 'GET /api/plain', Architectures: ['arm64'] });
  });
});

describe('mail', () => {
  it('sends Cognito codes through SES from MAIL_FROM when one is configured', () => {
    const { templates } = synthTruckYard({ mail: { from: 'TruckYard <no-reply@truckyard.example>' } });
    templates.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER', From: 'TruckYard <no-reply@truckyard.example>' }),
    });
    templates.api.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ MAIL_FROM: 'TruckYard <no-reply@truckyard.example>' }) },
    });
  });
});

describe('site deployment', () => {
  it('deploys web/dist to the site bucket and invalidates the distribution once it has been built', () => {
    // Prepare
    const webDistDir = tempDir('truckyard-web-dist-');
    writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>TruckYard</title>');
    // Act
    const { templates } = synthTruckYard({ webDistDir });
    // Assess
    templates.web.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionPaths: ['/*'],
      DistributionId: Match.anyValue(),
    });
  });
});
