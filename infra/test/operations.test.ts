import { join } from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoTriggerRows } from '../../functions/src/cognito-triggers.js';
import { eventSubscriptions, tableStreamConsumers } from '../../functions/src/events.js';
import { jobs } from '../../functions/src/jobs.js';
import { queues } from '../../functions/src/queues.js';
import { routes } from '../../functions/src/routes.js';
import { reachesModule } from '../lib/constructs/native-modules.js';
import { FUNCTIONS_SRC_DIR } from '../lib/paths.js';
import { PRODUCTION_SETTINGS, removeTempDirs, synthTruckYard } from './synth-app.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const SEARCH_HANDLER = 'http/listings/search-listings.ts';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const SEARCH_RESERVED_CONCURRENCY = 20;
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const SCRAPER_SOURCES_READER = 'jobs/scraper-deps.ts';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const HANDLER_METADATA_KEY = 'truckyard:handler';

type Resource = { Type: string; Properties: Record<string, unknown>; Metadata?: Record<string, unknown> };

const SOURCES = [
  {
    id: 'lorrymart',
    name: 'lorrymart.example',
    startUrls: ['https://lorrymart.example/stock/'],
    parser: 'stock-table',
    ratePerSecond: 0.5,
    enabled: true,
  },
];

let app: ReturnType<typeof synthTruckYard>;
let all: Template[];
beforeAll(() => {
  app = synthTruckYard({
    domain: { domainName: 'www.example.co.uk', hostedZone: { id: 'Z123', name: 'example.co.uk' } },
    ...PRODUCTION_SETTINGS,
    scraperSources: JSON.stringify(SOURCES),
  });
  all = [...Object.values(app.templates).filter((t): t is Template => t !== undefined), ...Object.values(app.areaTemplates)];
});
afterAll(removeTempDirs);

const resourcesOf = (type: string, templates = all) =>
  templates.flatMap((t) => Object.entries(t.findResources(type) as Record<string, Resource>));
/** CDK's own custom-resource handlers (cross-region exports, bucket auto-delete, site deployment): not ours to configure. */
const isCdkProvider = ([id, r]: [string, Resource]) =>
  /^Custom|CustomResourceProvider|CDKBucketDeployment|AWS679f53fac002430cb0da5b7982bd2287/.test(id) ||
  String(r.Metadata?.['aws:cdk:path'] ?? '').includes('Custom::');
/** Our functions: every HouseFunction names its handler module in the template (the local cloud reads it). */
const houseFunctions = () =>
  resourcesOf('AWS::Lambda::Function').filter((e) => !isCdkProvider(e) && e[1].Metadata?.[HANDLER_METADATA_KEY] !== undefined);
const envOf = (r: Resource) =>
  ((r.Properties.Environment as { Variables?: Record<string, unknown> })?.Variables ?? {}) as Record<string, unknown>;

describe('functions', () => {
  it("has every row's function, each with X-Ray tracing active", () => {
    // Prepare
    const handlers = new Set([...routes, ...jobs, ...eventSubscriptions, ...tableStreamConsumers, ...queues].map((r) => r.handler));
    const fns = houseFunctions();
    // Assess: one function per route module, plus the other rows, the triggers and the SES subscriber.
    expect(fns.length).toBeGreaterThanOrEqual(handlers.size + cognitoTriggerRows.length);
    const untraced = fns.filter(([, r]) => (r.Properties.TracingConfig as { Mode?: string } | undefined)?.Mode !== 'Active');
    expect(untraced.map(([id]) => id)).toEqual([]);
  });

  it('reserves concurrency for the search function only (a fresh account has none to reserve)', () => {
    const reserved = houseFunctions()
      .filter(([, r]) => r.Properties.ReservedConcurrentExecutions !== undefined)
      .map(([, r]) => [r.Properties.Description, r.Properties.ReservedConcurrentExecutions]);
    const searchRoutes = routes.filter((r) => r.handler === SEARCH_HANDLER && r.method !== 'HEAD').length;
    expect(reserved).toEqual([[`${SEARCH_HANDLER} (${searchRoutes} routes)`, SEARCH_RESERVED_CONCURRENCY]]);
  });

  it('caps every SQS consumer (maximum concurrency), the alert digests at 5 or fewer workers for SES', () => {
    // Prepare
    const mappings = resourcesOf('AWS::Lambda::EventSourceMapping').filter(([, r]) =>
      JSON.stringify(r.Properties.EventSourceArn).includes('Queue'),
    );
    const digestWorker = resourcesOf('AWS::Lambda::Function').find(
      ([, r]) => r.Properties.Description === 'Daily and weekly alert digests, 50 users per message',
    )![0];
    // Assess
    expect(mappings.length).toBe(queues.length);
    for (const [id, r] of mappings) {
      const max = (r.Properties.ScalingConfig as { MaximumConcurrency?: number } | undefined)?.MaximumConcurrency;
      expect(max, id).toBeGreaterThanOrEqual(2);
      expect(max, id).toBeLessThanOrEqual(10);
    }
    const digests = mappings.find(([, r]) => JSON.stringify(r.Properties.FunctionName).includes(digestWorker))!;
    expect((digests[1].Properties.ScalingConfig as { MaximumConcurrency: number }).MaximumConcurrency).toBeLessThanOrEqual(5);
  });

  it('sets WHATSAPP_PHONE_NUMBER_ID on the functions that send alerts and SCRAPER_SOURCES on those that read it, no others', () => {
    // Prepare
    const allRows = [...routes, ...jobs, ...eventSubscriptions, ...queues];
    const senders = new Set(allRows.filter((r) => r.access.secrets?.includes('whatsappToken')).map((r) => r.handler));
    const readers = new Set(
      allRows
        .filter((r) => reachesModule(join(FUNCTIONS_SRC_DIR, r.handler), join(FUNCTIONS_SRC_DIR, SCRAPER_SOURCES_READER)))
        .map((r) => r.handler),
    );
    expect(senders.size).toBeGreaterThan(0);
    expect(readers.size).toBeGreaterThan(0);
    const fns = houseFunctions();
    // Assess
    const withPhone = fns.filter(([, r]) => envOf(r).WHATSAPP_PHONE_NUMBER_ID === PRODUCTION_SETTINGS.whatsapp.phoneNumberId);
    const withSources = fns.filter(([, r]) => envOf(r).SCRAPER_SOURCES !== undefined);
    expect(withPhone.length).toBe(senders.size);
    expect(withSources.length).toBe(readers.size);
    for (const [, r] of withSources) expect(JSON.parse(String(envOf(r).SCRAPER_SOURCES))).toEqual(SOURCES);
    expect(fns.filter(([, r]) => 'WHATSAPP_PHONE_NUMBER_ID' in envOf(r) && !withPhone.some(([, x]) => x === r))).toEqual([]);
  });

  it('configures Powertools from the template (service, namespace, log level), with no POWERTOOLS_DEV in AWS', () => {
    for (const [id, r] of houseFunctions()) {
      expect(envOf(r), id).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'truckyard',
        POWERTOOLS_METRICS_NAMESPACE: 'TruckYard',
        POWERTOOLS_LOG_LEVEL: 'INFO',
      });
      expect(envOf(r).POWERTOOLS_DEV, id).toBeUndefined();
    }
  });
});

describe('operations', () => {
  it("alarms in the app's region on search duration and timeouts, table throttles, stream iterator age and snapshot age, with a dashboard", () => {
    const ops = app.templates.ops!;
    const metricsAlarmed = Object.values(ops.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>).map((a) =>
      JSON.stringify(a.Properties),
    );
    const alarmed = (pattern: RegExp) => metricsAlarmed.some((a) => pattern.test(a));
    expect(alarmed(/"MetricName":"Duration".*"ExtendedStatistic":"p95"|"ExtendedStatistic":"p95".*"MetricName":"Duration"/)).toBe(true);
    expect(alarmed(/"MetricName":"Duration".*"Statistic":"Maximum"|"Statistic":"Maximum".*"MetricName":"Duration"/)).toBe(true);
    expect(alarmed(/ReadThrottleEvents/) && alarmed(/WriteThrottleEvents/)).toBe(true);
    expect(alarmed(/IteratorAge/)).toBe(true);
    expect(alarmed(/SearchSnapshotAge/)).toBe(true);
    for (const a of metricsAlarmed) expect(a).toMatch(/AlarmActions/);
    ops.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });

  it('alarms in us-east-1 on CloudFront 5xx and WAF blocks, e-mailing the alarm address', () => {
    const edgeOps = app.templates.edgeOps;
    expect(app.stacks.edgeOps.region).toBe('us-east-1');
    edgeOps.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'AWS/CloudFront', MetricName: '5xxErrorRate' });
    edgeOps.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'AWS/WAFV2', MetricName: 'BlockedRequests' });
    edgeOps.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: PRODUCTION_SETTINGS.alarmEmail });
  });

  it('sends CloudFront access logs and WAF logs to the edge log bucket', () => {
    const edgeOps = app.templates.edgeOps;
    const bucket = Object.keys(edgeOps.findResources('AWS::S3::Bucket'))[0];
    edgeOps.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith(['aws-waf-logs-truckyard-'])] }),
    });
    edgeOps.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      LogDestinationConfigs: [{ 'Fn::GetAtt': [bucket, 'Arn'] }],
    });
    edgeOps.hasResourceProperties('AWS::Logs::DeliverySource', { LogType: 'ACCESS_LOGS' });
    edgeOps.hasResourceProperties('AWS::Logs::DeliveryDestination', { DestinationResourceArn: { 'Fn::GetAtt': [bucket, 'Arn'] } });
    edgeOps.resourceCountIs('AWS::Logs::Delivery', 1);
  });
});

describe('Cognito', () => {
  it("pins the user pool's feature plan (Lite)", () => {
    app.templates.auth.hasResourceProperties('AWS::Cognito::UserPool', { UserPoolTier: 'LITE' });
  });
});
