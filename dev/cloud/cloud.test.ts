import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template as CdkTemplate } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Stack } from 'aws-cdk-lib';
import { routes } from '../../functions/src/routes.js';
import { ApiStageStack } from '../../infra/lib/api-stack.js';
import { dropGrantsFromAssembly, parseDropGrant } from '../../infra/lib/drop-grant.js';
import { createStageThrottle, stageThrottleModelOf } from './stage-throttle.js';
import { EdgeStack } from '../../infra/lib/edge-stack.js';
import { behaviourFor, createWaf, type EdgeModel, runViewerRequest, type WafModel, wafModelOf } from './edge.js';
import { accessDeniedError, checksFor, createEvaluator } from './iam-policy.js';
import { functionsOf, TemplateResolver } from './model.js';
import type { Template } from './synth.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const WAF_FORM_PATHS = ['/api/accounts/sign-up', '/api/contact', '/api/valuations', '/api/uploads/valuation-images'] as const;
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const WAF_FORM_RATE_LIMIT_PER_5_MIN = 20;
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const WAF_PAGE_RATE_LIMIT_PER_5_MIN = 300;

const NAMES = {
  region: 'eu-west-2',
  tableName: 'T',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  eventBusName: 'bus',
  sqsUrl: 'http://localhost:1/_aws/sqs',
  apiOriginUrl: 'http://localhost:3010',
};

const templates: Record<string, Template> = {
  Data: {
    Resources: {
      TableCD117FA1: { Type: 'AWS::DynamoDB::Table' },
      TruckImagesE331D3FC: { Type: 'AWS::S3::Bucket', Metadata: { 'aws:cdk:path': 'Data/TruckImages/Resource' } },
      alertdigestsQueueAB12: { Type: 'AWS::SQS::Queue', Metadata: { 'aws:cdk:path': 'Data/alert-digestsQueue/Resource' } },
    },
    Outputs: {
      TableArn: { Value: { 'Fn::GetAtt': ['TableCD117FA1', 'Arn'] }, Export: { Name: 'Data:TableArn' } },
      Bucket: { Value: { Ref: 'TruckImagesE331D3FC' }, Export: { Name: { 'Fn::Sub': '${AWS::StackName}:Bucket' } } },
    },
  },
  Api: {
    Resources: {
      GetListingDB89D60D: {
        Type: 'AWS::Lambda::Function',
        Metadata: { 'truckyard:handler': 'http/listings/get-listing.ts' },
        Properties: {
          Role: { 'Fn::GetAtt': ['GetListingRole', 'Arn'] },
          Timeout: 10,
          MemorySize: 512,
          Environment: {
            Variables: {
              BUCKET: { 'Fn::ImportValue': 'Data:Bucket' },
              HOST: { 'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::Join': ['', ['https://', 'example.com', '/x']] }] }] },
              QUEUE: { Ref: 'NotHere' },
            },
          },
        },
      },
      GetListingRole: { Type: 'AWS::IAM::Role' },
      GetListingPolicy: {
        Type: 'AWS::IAM::Policy',
        Properties: {
          Roles: [{ Ref: 'GetListingRole' }],
          PolicyDocument: {
            Statement: [
              { Effect: 'Allow', Action: ['dynamodb:GetItem', 'dynamodb:Query'], Resource: [{ 'Fn::ImportValue': 'Data:TableArn' }] },
              {
                Effect: 'Allow',
                Action: 's3:ListBucket',
                Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':s3:::', { 'Fn::ImportValue': 'Data:Bucket' }]] },
                Condition: { StringLike: { 's3:prefix': ['search/*'] } },
              },
            ],
          },
        },
      },
    },
  },
};

describe('the template resolver', () => {
  const resolver = new TemplateResolver(templates, NAMES);

  it('names buckets and queues after their construct, as the local stand-ins hold them', () => {
    expect(resolver.ref('Data', 'TruckImagesE331D3FC')).toBe('truck-images');
    expect(resolver.getAtt('Data', 'alertdigestsQueueAB12', 'QueueName')).toBe('alert-digests-queue');
    expect(resolver.ref('Data', 'alertdigestsQueueAB12')).toBe('http://localhost:1/_aws/sqs/000000000000/alert-digests-queue');
  });

  it('resolves imports across stacks, joins, splits, selects and pseudo parameters', () => {
    const [fn] = functionsOf(resolver);
    expect(fn.handler).toBe('http/listings/get-listing.ts');
    expect(fn.environment.BUCKET).toBe('truck-images');
    expect(fn.environment.HOST).toBe('example.com');
    expect(fn.environment.QUEUE).toBe('unresolved-NotHere');
    expect(fn.policyStatements[0].Resource).toEqual(['arn:aws:dynamodb:eu-west-2:000000000000:table/T']);
    expect(fn.timeoutSeconds).toBe(10);
    expect(fn.memoryMb).toBe(512);
  });
});

describe('the IAM guard', () => {
  it('maps SDK commands to the actions and resources AWS authorizes', () => {
    expect(checksFor('DynamoDBDocumentClient', 'GetCommand', { TableName: 'T' }, 'eu-west-2')).toEqual([
      { action: 'dynamodb:GetItem', resource: 'arn:aws:dynamodb:eu-west-2:000000000000:table/T' },
    ]);
    expect(
      checksFor(
        'DynamoDBClient',
        'TransactWriteItemsCommand',
        { TransactItems: [{ Put: { TableName: 'T' } }, { ConditionCheck: { TableName: 'U' } }] },
        'eu-west-2',
      ).map((c) => c.action),
    ).toEqual(['dynamodb:PutItem', 'dynamodb:ConditionCheckItem']);
    expect(checksFor('S3Client', 'CopyObjectCommand', { Bucket: 'b', Key: 'k2', CopySource: 'a/k1' }, 'eu-west-2')).toEqual([
      { action: 's3:GetObject', resource: 'arn:aws:s3:::a/k1' },
      { action: 's3:PutObject', resource: 'arn:aws:s3:::b/k2' },
    ]);
    expect(checksFor('CognitoIdentityProviderClient', 'InitiateAuthCommand', {}, 'eu-west-2')).toEqual([]);
  });

  it('allows what the statements grant, with their conditions, and refuses the rest', async () => {
    const resolver = new TemplateResolver(templates, NAMES);
    const [fn] = functionsOf(resolver);
    const evaluate = createEvaluator({
      roleArn: fn.roleArn,
      functionName: fn.logicalId,
      region: 'eu-west-2',
      statements: fn.policyStatements,
    });
    const table = 'arn:aws:dynamodb:eu-west-2:000000000000:table/T';
    expect(await evaluate({ action: 'dynamodb:GetItem', resource: table })).toBe(true);
    expect(await evaluate({ action: 'dynamodb:PutItem', resource: table })).toBe(false);
    expect(await evaluate({ action: 's3:ListBucket', resource: 'arn:aws:s3:::truck-images', context: { 's3:prefix': 'search/x' } })).toBe(
      true,
    );
    expect(await evaluate({ action: 's3:ListBucket', resource: 'arn:aws:s3:::truck-images', context: { 's3:prefix': 'models/x' } })).toBe(
      false,
    );
  }, 20_000);

  it('fills dynamodb:LeadingKeys from the request, so a grant narrowed to key prefixes holds', async () => {
    const put = checksFor('DynamoDBDocumentClient', 'PutCommand', { TableName: 'T', Item: { pk: 'RATE#1.2.3.4', sk: 'x' } }, 'eu-west-2');
    expect(put[0].context).toEqual({ 'dynamodb:LeadingKeys': ['RATE#1.2.3.4'] });
    const query = checksFor(
      'DynamoDBClient',
      'QueryCommand',
      {
        TableName: 'T',
        KeyConditionExpression: '#pk = :pk AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':pk': { S: 'USER#1' }, ':s': { S: 'A' } },
      },
      'eu-west-2',
    );
    expect(query[0].context).toEqual({ 'dynamodb:LeadingKeys': ['USER#1'] });
    const table = 'arn:aws:dynamodb:eu-west-2:000000000000:table/T';
    const evaluate = createEvaluator({
      roleArn: 'arn:aws:iam::000000000000:role/R',
      functionName: 'F',
      region: 'eu-west-2',
      statements: [
        {
          Effect: 'Allow',
          Action: 'dynamodb:PutItem',
          Resource: table,
          Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#*'] }, Null: { 'dynamodb:LeadingKeys': 'false' } },
        },
      ],
    });
    expect(await evaluate(put[0])).toBe(true);
    expect(await evaluate({ ...put[0], context: { 'dynamodb:LeadingKeys': ['USER#1'] } })).toBe(false);
    expect(await evaluate({ action: 'dynamodb:PutItem', resource: table })).toBe(false);
  }, 20_000);

  it('refuses with the error AWS answers', () => {
    const err = accessDeniedError(
      'S3',
      { action: 's3:GetObject', resource: 'arn:aws:s3:::b/k' },
      {
        roleArn: 'arn:aws:iam::000000000000:role/R',
        functionName: 'F',
        region: 'eu-west-2',
        statements: [],
      },
    ) as Error & { $metadata: { httpStatusCode: number } };
    expect(err.name).toBe('AccessDenied');
    expect(err.$metadata.httpStatusCode).toBe(403);
    expect(err.message).toBe(
      'User: arn:aws:sts::000000000000:assumed-role/R/F is not authorized to perform: s3:GetObject on resource: arn:aws:s3:::b/k because no identity-based policy allows the s3:GetObject action',
    );
  });
});

describe('the edge', () => {
  const api = { kind: 'api' as const, id: 'api', customHeaders: {} };
  const site = { kind: 's3' as const, id: 'site', bucket: 'site', originPath: '' };
  const model: EdgeModel = {
    behaviours: [
      { pathPattern: '/sitemap.xml', origin: api, allowedMethods: ['GET', 'HEAD'], compress: true },
      { pathPattern: '/api/*', origin: api, allowedMethods: ['GET', 'HEAD', 'POST'], compress: true },
      { pathPattern: '/*.*', origin: site, allowedMethods: ['GET', 'HEAD'], compress: true },
    ],
    defaultBehaviour: { pathPattern: '*', origin: api, allowedMethods: ['GET', 'HEAD'], compress: true },
    readableByCloudFront: {},
  };

  it('picks the first behaviour whose pattern matches, in CloudFront’s order', () => {
    // `*` is any run of characters, `.` a dot: '/*.*' takes files, not extension-less paths.
    expect(behaviourFor(model, '/assets/a.js').pathPattern).toBe('/*.*');
    expect(behaviourFor(model, '/tippers').pathPattern).toBe('*');
    expect(behaviourFor(model, '/sitemap.xml').pathPattern).toBe('/sitemap.xml');
    expect(behaviourFor(model, '/api/listings.json').pathPattern).toBe('/api/*');
    expect(behaviourFor(model, '/favicon.svg').origin).toBe(site);
    expect(behaviourFor(model, '/truck/1').pathPattern).toBe('*');
  });

  it('runs a viewer-request CloudFront Function’s own code', () => {
    const code = "function handler(event) { var r = event.request; r.uri = r.uri.substring('/images'.length); return r; }";
    expect(runViewerRequest(code, { method: 'GET', uri: '/images/listings/a.webp', querystring: {}, headers: {} }).uri).toBe(
      '/listings/a.webp',
    );
  });

  const exempt = {
    NotStatement: {
      Statement: {
        ByteMatchStatement: { FieldToMatch: { UriPath: {} }, PositionalConstraint: 'STARTS_WITH', SearchString: '/api/payments/webhook' },
      },
    },
  };
  const waf: WafModel = {
    bodyInspectionLimit: 32768,
    notEmulated: [],
    rules: [
      {
        name: 'Rate',
        priority: 0,
        action: 'block',
        statement: { RateBasedStatement: { AggregateKeyType: 'IP', EvaluationWindowSec: 300, Limit: 3, ScopeDownStatement: exempt } },
      },
      {
        name: 'Body',
        priority: 1,
        action: 'block',
        statement: {
          AndStatement: {
            Statements: [
              exempt,
              { SizeConstraintStatement: { ComparisonOperator: 'GT', Size: 32768, FieldToMatch: { Body: { OversizeHandling: 'MATCH' } } } },
            ],
          },
        },
      },
    ],
  };

  it('blocks a body over the size, except on the exempt path', () => {
    const evaluate = createWaf(waf);
    expect(evaluate({ uriPath: '/api/contact', method: 'POST', bodyBytes: 40_000, ip: 'a' })).toEqual({ action: 'block', rule: 'Body' });
    expect(evaluate({ uriPath: '/api/payments/webhook', method: 'POST', bodyBytes: 40_000, ip: 'b' })).toEqual({ action: 'allow' });
    expect(evaluate({ uriPath: '/api/contact', method: 'POST', bodyBytes: 1_000, ip: 'c' })).toEqual({ action: 'allow' });
  });

  it('blocks an address past the rate limit within the window, and counts in Count mode', () => {
    let t = 0;
    const evaluate = createWaf(waf, { now: () => t });
    const ask = (ip: string) => evaluate({ uriPath: '/', method: 'GET', bodyBytes: 0, ip }).action;
    expect([ask('a'), ask('a'), ask('a'), ask('a')]).toEqual(['allow', 'allow', 'allow', 'block']);
    expect(ask('b')).toBe('allow');
    t = 301_000;
    expect(ask('a')).toBe('allow');
    const counting = createWaf(waf, { now: () => 0, mode: 'count' });
    expect([1, 2, 3, 4, 5].map(() => counting({ uriPath: '/', method: 'GET', bodyBytes: 0, ip: 'a' }).action)).not.toContain('block');
  });
});

describe("the edge stack's own web ACL, as the local WAF runs it (issue 23 rate rules)", () => {
  const edge = new EdgeStack(new App(), 'Edge', { env: { region: 'us-east-1' } });
  const model = wafModelOf({ templates: { Edge: CdkTemplate.fromStack(edge).toJSON() } } as unknown as TemplateResolver)!;
  const fresh = () => createWaf(model, { now: () => 0 });
  const ask = (evaluate: ReturnType<typeof createWaf>, uriPath: string, method = 'GET', ip = 'a') =>
    evaluate({ uriPath, method, bodyBytes: 0, ip });

  it(`blocks an address past ${WAF_PAGE_RATE_LIMIT_PER_5_MIN} page or search requests in 5 minutes`, () => {
    const evaluate = fresh();
    const pages = ['/', '/tractor-units', '/truck/abc', '/api/listings', '/api/listings/suggest', '/api/listings/abc'];
    const verdicts = Array.from({ length: WAF_PAGE_RATE_LIMIT_PER_5_MIN }, (_, i) => ask(evaluate, pages[i % pages.length]).action);
    expect(verdicts).not.toContain('block');
    expect(ask(evaluate, '/tippers')).toEqual({ action: 'block', rule: 'RateLimitPagesAndSearch' });
    expect(ask(evaluate, '/api/listings', 'HEAD')).toEqual({ action: 'block', rule: 'RateLimitPagesAndSearch' });
    // Files, other API reads and another address are not counted by it.
    expect(ask(evaluate, '/favicon.svg').action).toBe('allow');
    expect(ask(evaluate, '/assets/index-abc.js').action).toBe('allow');
    expect(ask(evaluate, '/api/me').action).toBe('allow');
    expect(ask(evaluate, '/tippers', 'GET', 'b').action).toBe('allow');
  });

  it(`blocks an address past ${WAF_FORM_RATE_LIMIT_PER_5_MIN} sign-up, contact, valuation or report POSTs in 5 minutes`, () => {
    const evaluate = fresh();
    const formPaths = [...WAF_FORM_PATHS, '/api/listings/abc/reports'];
    const verdicts = Array.from(
      { length: WAF_FORM_RATE_LIMIT_PER_5_MIN },
      (_, i) => ask(evaluate, formPaths[i % formPaths.length], 'POST').action,
    );
    expect(verdicts).not.toContain('block');
    for (const path of ['/api/accounts/sign-up', '/api/contact', '/api/valuations', '/api/listings/xyz/reports']) {
      expect(ask(evaluate, path, 'POST')).toEqual({ action: 'block', rule: 'RateLimitFormPosts' });
    }
    // Other POSTs, and the same paths from another address, pass.
    expect(ask(evaluate, '/api/accounts/verify-email', 'POST').action).toBe('allow');
    expect(ask(evaluate, '/api/listings/abc/contact', 'POST').action).toBe('allow');
    expect(ask(evaluate, '/api/contact', 'POST', 'b').action).toBe('allow');
  });

  it('keeps the overall per-address rule, which the webhook and unsubscribe links skip', () => {
    expect(model.rules.map((r) => r.name)).toEqual(
      expect.arrayContaining(['RateLimitPerIp', 'RateLimitPagesAndSearch', 'RateLimitFormPosts']),
    );
    expect(model.notEmulated).toEqual(['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet']);
  });
});

describe('the API stage throttles, as the local API Gateway runs them (issue 23)', () => {
  const app = new App();
  const httpApi = new HttpApi(new Stack(app, 'Api'), 'HttpApi', { createDefaultStage: false });
  const stage = new ApiStageStack(app, 'ApiStage', { httpApi, routes });
  const model = stageThrottleModelOf({ templates: { ApiStage: CdkTemplate.fromStack(stage).toJSON() } } as unknown as TemplateResolver)!;

  it('reads the per-route settings and the default from the synthesized stage', () => {
    expect(model.routes['POST /api/payments/webhook']).toEqual({ rateLimit: 50, burstLimit: 100 });
    expect(model.routes['POST /api/contact']).toEqual({ rateLimit: 10, burstLimit: 20 });
    expect(model.defaultRoute).toEqual({ rateLimit: 10, burstLimit: 20 });
  });

  it('lets a route key burst, then refills it at its rate; other route keys have their own bucket', () => {
    let t = 0;
    const take = createStageThrottle(model, () => t);
    const burst = (key: string, n: number) => Array.from({ length: n }, () => take(key)).filter(Boolean).length;
    expect(burst('POST /api/contact', 25)).toBe(20);
    expect(take('POST /api/contact')).toBe(false);
    expect(burst('POST /api/payments/webhook', 100)).toBe(100);
    expect(take('GET /api/me')).toBe(true);
    t = 500; // half a second at 10 rps: 5 more
    expect(burst('POST /api/contact', 10)).toBe(5);
  });
});

describe('dropGrant (test-only synth context)', () => {
  it('removes one action from the function’s role policy and fails on a typo', () => {
    const dir = mkdtempSync(join(tmpdir(), 'drop-grant-'));
    const file = 'Api.template.json';
    writeFileSync(join(dir, file), JSON.stringify(templates.Api));
    const assembly = { directory: dir, stacks: [{ templateFile: file }] } as never;
    dropGrantsFromAssembly(assembly, parseDropGrant('GetListing:dynamodb:Query'));
    const t = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    expect(t.Resources.GetListingPolicy.Properties.PolicyDocument.Statement[0].Action).toBe('dynamodb:GetItem');
    expect(() => dropGrantsFromAssembly(assembly, parseDropGrant('GetListing:dynamodb:Scan'))).toThrow(/matched nothing/);
    expect(() => parseDropGrant('nonsense')).toThrow(/must be/);
  });
});
