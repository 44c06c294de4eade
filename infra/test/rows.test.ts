import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  EVENT_SOURCE,
  type EventSubscription,
  eventSubscriptions as realSubscriptions,
  tableStreamConsumers,
} from '../../functions/src/events.js';
import { type JobDef, jobs as realJobs } from '../../functions/src/jobs.js';
import { type QueueDef, queues as realQueues } from '../../functions/src/queues.js';
import type { RouteDef } from '../../functions/src/routes.js';
import { EventSubscriptions, MailEvents, ScheduledJobs } from '../lib/constructs/bus-rules.js';
import type { HouseDefaults } from '../lib/constructs/house-function.js';
import { BUCKET_KEYS } from '../../functions/src/access.js';
import { PRODUCTION_SETTINGS, removeTempDirs, synthTruckYard, tempDir } from './synth-app.js';

afterAll(removeTempDirs);

/** With stub handlers: only the rows under test, none of the real jobs, events, queues or triggers. */
const NO_OTHER_ROWS = { jobs: [], subscriptions: [], queues: [], triggers: [] };

/** A functions dir outside the repository holding stub handlers (and any other files given). */
function stubFunctionsDir(handlers: string[], files: Record<string, string> = {}) {
  const dir = tempDir('truckyard-stub-functions-');
  // The SES notification subscriber is part of every app, and so are the real jobs and event
  // subscriptions (tests that pass only routes synthesize them too).
  const stubs = [
    ...handlers,
    MailEvents.HANDLER,
    ...realJobs.map((j) => j.handler),
    ...realSubscriptions.map((s) => s.handler),
    ...tableStreamConsumers.map((c) => c.handler),
    ...realQueues.map((q) => q.handler),
  ];
  const all = { ...Object.fromEntries(stubs.map((h) => [h, 'export const handler = async () => ({ statusCode: 200 });\n'])), ...files };
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
  it('turns a job row into a function and an EventBridge Scheduler schedule in UK time, with retries and a dead-letter queue', () => {
    // Prepare
    const job: JobDef = {
      id: 'ExpireListings',
      cron: '0 3 * * ? *',
      handler: 'jobs/expire-listings.ts',
      description: 'Expire old listings',
      access: { table: 'readWrite' },
    };
    const { stack, defaults } = stackWithDefaults(stubFunctionsDir([job.handler]));
    // Act
    const jobs = new ScheduledJobs(stack, 'Jobs', { defaults, jobs: [job] });
    const template = Template.fromStack(stack);
    // Assess
    const fnId = stack.getLogicalId(jobs.functions.ExpireListings.node.defaultChild as never);
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 3 * * ? *)',
      ScheduleExpressionTimezone: 'Europe/London',
      Target: Match.objectLike({
        Arn: { 'Fn::GetAtt': [fnId, 'Arn'] },
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 7200 },
        DeadLetterConfig: { Arn: Match.anyValue() },
      }),
    });
    // A run that throws is retried by Lambda, then kept in the dead-letter queue.
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: fnId },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
  });

  it('turns an event subscription row into a function and a rule on the custom bus matching the event type', () => {
    // Prepare
    const sub: EventSubscription = {
      id: 'IndexListing',
      eventType: 'listing.updated',
      handler: 'events/index-listing.ts',
      access: { table: 'read' },
    };
    const { stack, defaults } = stackWithDefaults(stubFunctionsDir([sub.handler]));
    // Act
    const subs = new EventSubscriptions(stack, 'Events', { defaults, subscriptions: [sub] });
    const template = Template.fromStack(stack);
    // Assess
    const fnId = stack.getLogicalId(subs.functions.IndexListing.node.defaultChild as never);
    template.hasResourceProperties('AWS::Events::Rule', {
      EventBusName: { Ref: stack.getLogicalId(defaults.eventBus.node.defaultChild as never) },
      EventPattern: { source: [EVENT_SOURCE], 'detail-type': ['listing.updated'] },
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] }, DeadLetterConfig: { Arn: Match.anyValue() } })],
    });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: { Ref: fnId } });
  });

  it('builds nothing for empty tables', () => {
    const { stack, defaults } = stackWithDefaults(stubFunctionsDir([]));
    new ScheduledJobs(stack, 'Jobs', { defaults, jobs: [] });
    new EventSubscriptions(stack, 'Events', { defaults, subscriptions: [] });
    Template.fromStack(stack).resourceCountIs('AWS::Events::Rule', 0);
  });
});

describe('route rows', () => {
  const manageUsers = { table: 'readWrite', cognito: ['AdminDisableUser'] } as const;
  const rows: RouteDef[] = [
    { id: 'PublicThing', method: 'GET', path: '/api/things', handler: 'http/things/list.ts', auth: 'public', access: { table: 'read' } },
    {
      id: 'OptionalThing',
      method: 'GET',
      path: '/api/things/{id}',
      handler: 'http/things/get.ts',
      auth: 'optional',
      access: { table: 'read' },
    },
    { id: 'UserThing', method: 'POST', path: '/api/things', handler: 'http/things/create.ts', auth: 'user', memoryMb: 256, access: {} },
    {
      id: 'AdminThing',
      method: 'DELETE',
      path: '/api/things/{id}',
      handler: 'http/things/delete.ts',
      auth: 'admin',
      timeoutSeconds: 29,
      access: manageUsers,
    },
    {
      id: 'SuperThing',
      method: 'PATCH',
      path: '/api/things/{id}',
      handler: 'http/things/patch.ts',
      auth: 'superAdmin',
      access: manageUsers,
    },
  ];

  it('gives user, admin and superAdmin rows the Cognito JWT authorizer and the others none; rows declaring Cognito actions get them', () => {
    // Prepare
    const functionsDir = stubFunctionsDir(rows.map((r) => r.handler));
    // Act
    const { templates } = synthTruckYard({ routes: rows, functionsDir, ...NO_OTHER_ROWS });
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
          'Fn::Join': ['', ['https://cognito-idp.eu-west-2.amazonaws.com/', { 'Fn::ImportValue': Match.stringLikeRegexp('UserPool') }]],
        },
      },
    });
    const policies = Object.values(templates.api.findResources('AWS::IAM::Policy')).map((p) => JSON.stringify(p.Properties.PolicyDocument));
    expect(policies.filter((p) => p.includes('cognito-idp:AdminDisableUser')).length).toBe(2); // AdminThing and SuperThing only
    expect(policies.filter((p) => p.includes('cognito-idp:') && !p.includes('AdminDisableUser'))).toEqual([]);
    templates.api.hasResourceProperties('AWS::Lambda::Function', { Description: 'POST /api/things', MemorySize: 256, Timeout: 10 });
    templates.api.hasResourceProperties('AWS::Lambda::Function', { Description: 'DELETE /api/things/{id}', MemorySize: 512, Timeout: 29 });
  });

  it('names every missing handler file at once', () => {
    const functionsDir = stubFunctionsDir([rows[0].handler]);
    expect(() => synthTruckYard({ routes: rows, functionsDir, ...NO_OTHER_ROWS })).toThrow(
      /do not exist yet:\n {2}OptionalThing: .*http\/things\/get\.ts\n {2}UserThing: .*\n {2}AdminThing: .*\n {2}SuperThing: /,
    );
  });
});

describe('native packages', () => {
  it('runs every function on ARM64, one that reaches sharp through its imports too (synth ships arm64 binaries)', () => {
    // Prepare
    const functionsDir = stubFunctionsDir(['http/plain.ts'], {
      'http/resize.ts': "import { resize } from '../adapters/images.js';\nexport const handler = async () => resize();\n",
      'adapters/images.ts': "import sharp from 'sharp';\nexport const resize = () => sharp;\n",
    });
    const rows: RouteDef[] = [
      { id: 'Plain', method: 'GET', path: '/api/plain', handler: 'http/plain.ts', auth: 'public', access: {} },
      { id: 'Resize', method: 'POST', path: '/api/resize', handler: 'http/resize.ts', auth: 'user', access: {} },
    ];
    // Act
    const { templates } = synthTruckYard({ routes: rows, functionsDir, ...NO_OTHER_ROWS });
    // Assess
    templates.api.hasResourceProperties('AWS::Lambda::Function', { Description: 'POST /api/resize', Architectures: ['arm64'] });
    templates.api.hasResourceProperties('AWS::Lambda::Function', { Description: 'GET /api/plain', Architectures: ['arm64'] });
  });
});

describe('mail', () => {
  it('sends Cognito codes through SES from MAIL_FROM on the verified SES domain when one is configured', () => {
    const { templates } = synthTruckYard({ mail: { from: 'TruckYard <no-reply@truckyard.example>' }, sesDomain: 'truckyard.example' });
    templates.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({
        EmailSendingAccount: 'DEVELOPER',
        From: 'TruckYard <no-reply@truckyard.example>',
        SourceArn: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':identity/truckyard.example$')])] }),
      }),
    });
    templates.data.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'truckyard.example',
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
    // SES sending is granted on that identity only.
    const sesResources = Object.values(templates.api.findResources('AWS::IAM::Policy'))
      .flatMap((p) => (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement)
      .filter((st) => JSON.stringify(st.Action).includes('ses:SendEmail'))
      .flatMap((st) => (Array.isArray(st.Resource) ? st.Resource : [st.Resource]).map((r) => JSON.stringify(r)));
    expect(sesResources.length).toBeGreaterThan(0);
    for (const r of sesResources) expect(r).toMatch(/identity\/(truckyard\.example|no-reply@truckyard\.example)"|configuration-set\//);
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

describe('functions per handler module and area stacks', () => {
  const pageAccess = { table: 'read', siteIndex: true } as const;
  const rows: RouteDef[] = [
    { id: 'PageA', method: 'GET', path: '/a', handler: 'http/pages/render.ts', auth: 'public', access: pageAccess },
    { id: 'PageB', method: 'GET', path: '/b', handler: 'http/pages/render.ts', auth: 'public', access: pageAccess },
    {
      id: 'ListUsers',
      method: 'GET',
      path: '/api/admin/users',
      handler: 'http/admin/list-users.ts',
      auth: 'admin',
      area: 'admin',
      access: { cognito: ['ListUsers'] },
    },
    {
      id: 'Checkout',
      method: 'POST',
      path: '/api/payments/checkout',
      handler: 'http/payments/checkout.ts',
      auth: 'user',
      area: 'payments',
      access: { table: 'readWrite', secrets: ['stripeSecretKey'] },
    },
  ];

  it('builds one function for rows sharing a handler module, and puts area rows in their own stack on the same HTTP API', () => {
    // Prepare
    const functionsDir = stubFunctionsDir(rows.map((r) => r.handler));
    // Act
    const { templates, areaTemplates, stacks } = synthTruckYard({ routes: rows, functionsDir, ...NO_OTHER_ROWS });
    // Assess
    templates.api.resourceCountIs('AWS::Lambda::Function', 1);
    templates.api.resourceCountIs('AWS::ApiGatewayV2::Route', 2);
    expect(Object.keys(areaTemplates).sort()).toEqual(['admin', 'payments']);
    for (const area of ['admin', 'payments']) {
      areaTemplates[area].resourceCountIs('AWS::Lambda::Function', 1);
      areaTemplates[area].resourceCountIs('AWS::ApiGatewayV2::Route', 1);
      areaTemplates[area].hasResourceProperties('AWS::ApiGatewayV2::Route', {
        ApiId: { 'Fn::ImportValue': Match.stringLikeRegexp('TruckYard-Api:ExportsOutputRefHttpApi') },
      });
    }
    expect(stacks.areas.payments?.functions.Checkout).toBeDefined();
    areaTemplates.payments.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ SECRETS_PREFIX: '/truckyard/prod/' }) },
    });
  });

  it('refuses rows that share a function but declare different access', () => {
    const functionsDir = stubFunctionsDir(['http/pages/render.ts']);
    const bad: RouteDef[] = [rows[0], { ...rows[1], access: { table: 'readWrite' } }];
    expect(() => synthTruckYard({ routes: bad, functionsDir, ...NO_OTHER_ROWS })).toThrow(/PageA, PageB share .* declare different access/);
  });

  it('refuses a route timeout above the 29 s API Gateway waits', () => {
    const functionsDir = stubFunctionsDir(['http/slow.ts']);
    const slow: RouteDef = {
      id: 'Slow',
      method: 'POST',
      path: '/api/slow',
      handler: 'http/slow.ts',
      auth: 'user',
      timeoutSeconds: 60,
      access: {},
    };
    expect(() => synthTruckYard({ routes: [slow], functionsDir, ...NO_OTHER_ROWS })).toThrow(/Slow: timeout 60 s exceeds/);
  });
});

describe('work queues', () => {
  it('gives each queue row a queue with a dead-letter queue and a worker reporting batch item failures; producers get QUEUE_URL_<ID>', () => {
    // Prepare
    const queue: QueueDef = {
      id: 'alert-digests',
      handler: 'queues/alert-digest.ts',
      description: 'Send alert digests',
      access: { table: 'read', mail: true },
      timeoutSeconds: 60,
      batchSize: 5,
    };
    const producer: RouteDef = {
      id: 'Fan',
      method: 'POST',
      path: '/api/fan',
      handler: 'http/fan.ts',
      auth: 'user',
      access: { queues: ['alert-digests'] },
    };
    const functionsDir = stubFunctionsDir([queue.handler, producer.handler]);
    // Act
    const { templates } = synthTruckYard({ routes: [producer], functionsDir, ...NO_OTHER_ROWS, queues: [queue] });
    // Assess
    templates.data.resourceCountIs('AWS::SQS::Queue', 2);
    templates.data.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: 6 * 60,
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: 5 },
    });
    templates.jobs.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    templates.jobs.hasResourceProperties('AWS::Lambda::Function', { Description: 'Send alert digests', Timeout: 60 });
    templates.api.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ QUEUE_URL_ALERT_DIGESTS: Match.anyValue() }) },
    });
    const sends = Object.values(templates.api.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p).includes('sqs:SendMessage'),
    );
    expect(sends.length).toBe(1);
  });
});

describe('domain, certificate and WAF', () => {
  it('serves a configured domain with its us-east-1 certificate behind the WAF web ACL, and uses it as the site origin', () => {
    // Act
    const certificateArn = 'arn:aws:acm:us-east-1:111111111111:certificate/abc';
    const { templates } = synthTruckYard({ domain: { domainName: 'www.truckyard.example', certificateArn }, ...PRODUCTION_SETTINGS });
    // Assess
    templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['www.truckyard.example'],
        ViewerCertificate: Match.objectLike({ AcmCertificateArn: certificateArn, MinimumProtocolVersion: 'TLSv1.2_2021' }),
        WebACLId: Match.anyValue(),
      }),
    });
    templates.api.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ SITE_URL: 'https://www.truckyard.example' }) },
    });
    templates.data.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['https://www.truckyard.example'] })] },
    });
    templates.edge.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT' });
  });
});

describe('domain in a Route 53 hosted zone', () => {
  it('issues the certificate in us-east-1, aliases the domain to the distribution and writes the SES DKIM records', () => {
    // Act
    const { templates } = synthTruckYard({
      domain: { domainName: 'www.example.co.uk', hostedZone: { id: 'Z123', name: 'example.co.uk' } },
      ...PRODUCTION_SETTINGS,
    });
    // Assess
    templates.edge.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: 'www.example.co.uk',
      ValidationMethod: 'DNS',
    });
    templates.web.resourceCountIs('AWS::Route53::RecordSet', 2);
    templates.data.resourceCountIs('AWS::Route53::RecordSet', 3);
    templates.api.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({ MAIL_FROM: 'TruckYard <no-reply@example.co.uk>', SITE_URL: 'https://www.example.co.uk' }),
      },
    });
  });
});
