import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { SIGN_UP_LIMIT_METRIC } from '../../../functions/src/domain/accounts/sign-up.js';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { type IQueue, Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRIC as METRIC_NAMES } from '../../../functions/src/metric-names.js';
import { acknowledge } from '../nag.js';
import { METRICS_NAMESPACE, POWERTOOLS_SERVICE_NAME } from './house-function.js';

/** Failed messages and events are kept two weeks (SQS's maximum) for a look and a redrive. */
const DEAD_LETTER_RETENTION = Duration.days(14);

/**
 * SES reviews an account at a 5 % bounce or 0.1 % complaint rate (and pauses sending at 10 % /
 * 0.5 %); the alarms fire well before either.
 */
const SES_ALARM_THRESHOLDS = { bounceRate: 0.04, complaintRate: 0.0008 } as const;
/** API 5xx alarm: share of requests answered 5xx over 5 minutes. */
const API_5XX_RATE_THRESHOLD = 0.02;

export function newDeadLetterQueue(scope: Construct, id: string): Queue {
  const dlq = new Queue(scope, id, { retentionPeriod: DEAD_LETTER_RETENTION, encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true });
  acknowledge(dlq, 'AwsSolutions-SQS3', 'This is a dead-letter queue; its depth alarms instead.');
  return dlq;
}

/** An alarm that notifies the alarm topic when it fires and when it recovers. */
function alarmOn(scope: Construct, id: string, metric: IMetric, threshold: number, topic: ITopic, description: string): Alarm {
  const alarm = new Alarm(scope, id, {
    metric,
    threshold,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
    alarmDescription: description,
  });
  alarm.addAlarmAction(new SnsAction(topic));
  alarm.addOkAction(new SnsAction(topic));
  return alarm;
}

/** Anything in a dead-letter queue is work that failed for good: alarm at the first message. */
export function dlqDepthAlarm(scope: Construct, id: string, dlq: IQueue, topic: ITopic): Alarm {
  return alarmOn(
    scope,
    id,
    dlq.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
    1,
    topic,
    `Messages in ${dlq.node.path}: failed work waiting for a look and a redrive`,
  );
}

/** SES reputation (account-wide) below the thresholds at which SES reviews or pauses sending. */
export function sesReputationAlarms(scope: Construct, topic: ITopic) {
  const reputation = (metricName: string) =>
    new Metric({ namespace: 'AWS/SES', metricName, period: Duration.hours(1), statistic: 'Average' });
  alarmOn(
    scope,
    'SesBounceRateAlarm',
    reputation('Reputation.BounceRate'),
    SES_ALARM_THRESHOLDS.bounceRate,
    topic,
    'SES bounce rate near the review threshold (5 %)',
  );
  alarmOn(
    scope,
    'SesComplaintRateAlarm',
    reputation('Reputation.ComplaintRate'),
    SES_ALARM_THRESHOLDS.complaintRate,
    topic,
    'SES complaint rate near the review threshold (0.1 %)',
  );
}

/** Errors and throttles of every Lambda function in the account and region (one alarm each, not one per function). */
export function lambdaAlarms(scope: Construct, topic: ITopic) {
  const lambda = (metricName: string) => new Metric({ namespace: 'AWS/Lambda', metricName, period: Duration.minutes(5), statistic: 'Sum' });
  alarmOn(scope, 'LambdaErrorsAlarm', lambda('Errors'), 5, topic, 'Lambda functions failed (5+ errors in 5 minutes)');
  alarmOn(scope, 'LambdaThrottlesAlarm', lambda('Throttles'), 1, topic, 'Lambda invocations throttled (concurrency limit reached)');
}

/** Share of an HTTP API's requests answered 5xx. */
export function api5xxRateAlarm(scope: Construct, apiId: string, topic: ITopic) {
  const metric = (metricName: string) =>
    new Metric({ namespace: 'AWS/ApiGateway', metricName, dimensionsMap: { ApiId: apiId }, period: Duration.minutes(5), statistic: 'Sum' });
  const rate = new MathExpression({
    expression: 'IF(requests > 20, errors / requests, 0)',
    usingMetrics: { errors: metric('5xx'), requests: metric('Count') },
    period: Duration.minutes(5),
    label: '5xx rate',
  });
  return alarmOn(
    scope,
    'Api5xxRateAlarm',
    rate,
    API_5XX_RATE_THRESHOLD,
    topic,
    `More than ${API_5XX_RATE_THRESHOLD * 100} % of API requests answered 5xx`,
  );
}

/** Search: p95 duration above this (ms) for 15 minutes alarms (a search takes tens of milliseconds). */
const SEARCH_P95_THRESHOLD_MS = 1000;
/** Stream consumers more than this far behind the table (ms) alarm. */
const STREAM_ITERATOR_AGE_THRESHOLD_MS = 5 * 60_000;
/**
 * A search environment that started from a snapshot older than this (s) alarms: the builder writes
 * one within a minute of every change and the whole table nightly, so a day and a bit means both stopped.
 */
const SNAPSHOT_AGE_THRESHOLD_SECONDS = 26 * 3600;
/** CloudFront: share of requests answered 5xx (per cent, CloudFront's unit) over 5 minutes. */
const CLOUDFRONT_5XX_RATE_THRESHOLD_PERCENT = 2;
/** WAF: blocked requests in 5 minutes above the background of bots and scanners. */
const WAF_BLOCKS_THRESHOLD = 500;

/** The app's own EMF metrics (functions/src/observability.ts): namespace and the `service` dimension Powertools adds. */
const appMetric = (metricName: string, statistic: string, period = Duration.minutes(5)) =>
  new Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    dimensionsMap: { service: POWERTOOLS_SERVICE_NAME },
    statistic,
    period,
  });

export interface OperationsProps {
  alarmTopic: ITopic;
  /** The search function (three routes) and its timeout. */
  search: { fn: IFunction; timeoutSeconds: number };
  table: ITable;
  /** The table stream's consumers. */
  streamConsumers: IFunction[];
  /** The queue workers, for the dashboard. */
  queueWorkers: IFunction[];
  httpApiId: string;
  /** CloudFront and WAF (us-east-1): shown on the dashboard; their alarms live in EdgeOperations. */
  distributionId: string;
  webAclMetricName: string;
}

/**
 * The app's CloudWatch dashboard and the alarms of the main region: search duration and timeouts,
 * DynamoDB throttles, stream iterator age and snapshot age. CloudFront and WAF metrics exist only
 * in us-east-1, where EdgeOperations alarms on them; the dashboard shows them from there.
 */
export class Operations extends Construct {
  readonly dashboard: Dashboard;
  readonly alarms: Record<string, Alarm> = {};

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    const { alarmTopic: topic, search } = props;
    const fiveMinutes = Duration.minutes(5);

    const searchP95 = search.fn.metricDuration({ statistic: 'p95', period: fiveMinutes });
    this.alarms.searchDuration = new Alarm(this, 'SearchDurationAlarm', {
      metric: searchP95,
      threshold: SEARCH_P95_THRESHOLD_MS,
      evaluationPeriods: 3,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: `Search p95 above ${SEARCH_P95_THRESHOLD_MS} ms for 15 minutes`,
    });
    // A timed-out invocation reports (about) the timeout as its duration; Lambda has no timeout metric.
    const searchMax = search.fn.metricDuration({ statistic: 'Maximum', period: Duration.minutes(1) });
    this.alarms.searchTimeouts = alarmOn(
      this,
      'SearchTimeoutsAlarm',
      searchMax,
      search.timeoutSeconds * 1000 - 100,
      topic,
      `A search ran into its ${search.timeoutSeconds} s timeout`,
    );
    this.alarms.searchDuration.addAlarmAction(new SnsAction(topic));
    this.alarms.searchDuration.addOkAction(new SnsAction(topic));

    const throttles = new MathExpression({
      expression: 'reads + writes',
      usingMetrics: {
        reads: props.table.metric('ReadThrottleEvents', { statistic: 'Sum', period: fiveMinutes }),
        writes: props.table.metric('WriteThrottleEvents', { statistic: 'Sum', period: fiveMinutes }),
      },
      period: fiveMinutes,
      label: 'Throttled table requests',
    });
    this.alarms.tableThrottles = alarmOn(this, 'TableThrottlesAlarm', throttles, 1, topic, 'DynamoDB throttled requests on the table');

    const iteratorAges = props.streamConsumers.map((fn) =>
      fn.metric('IteratorAge', { statistic: 'Maximum', period: fiveMinutes, label: `${fn.node.id} iterator age` }),
    );
    iteratorAges.forEach((metric, i) => {
      this.alarms[`iteratorAge${i}`] = alarmOn(
        this,
        `StreamIteratorAgeAlarm${i}`,
        metric,
        STREAM_ITERATOR_AGE_THRESHOLD_MS,
        topic,
        `${props.streamConsumers[i].node.id}: more than ${STREAM_ITERATOR_AGE_THRESHOLD_MS / 60_000} minutes behind the table stream`,
      );
    });

    const snapshotAge = appMetric(METRIC_NAMES.snapshotAge, 'Maximum', Duration.minutes(15));
    this.alarms.snapshotAge = alarmOn(
      this,
      'SnapshotAgeAlarm',
      snapshotAge,
      SNAPSHOT_AGE_THRESHOLD_SECONDS,
      topic,
      `Search started from a snapshot more than ${SNAPSHOT_AGE_THRESHOLD_SECONDS / 3600} hours old: the snapshot builders stopped`,
    );

    const edge = (namespace: string, metricName: string, dimensionsMap: Record<string, string>, statistic: string) =>
      new Metric({ namespace, metricName, dimensionsMap, statistic, period: fiveMinutes, region: 'us-east-1' });
    const apiMetric = (metricName: string) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: props.httpApiId },
        statistic: 'Sum',
        period: fiveMinutes,
      });

    this.dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(6) });
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Search duration (ms)',
        left: [search.fn.metricDuration({ statistic: 'p50', period: fiveMinutes }), searchP95, searchMax],
        leftAnnotations: [{ value: SEARCH_P95_THRESHOLD_MS, label: 'p95 alarm' }],
      }),
      new GraphWidget({
        title: 'Search: latency in the index (ms) and result-cache hits',
        left: [appMetric(METRIC_NAMES.searchLatency, 'p95')],
        right: [appMetric(METRIC_NAMES.searchResultCacheHit, 'Average')],
      }),
      new GraphWidget({
        title: 'Search snapshot age at load (s)',
        left: [snapshotAge],
        leftAnnotations: [{ value: SNAPSHOT_AGE_THRESHOLD_SECONDS, label: 'alarm' }],
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'DynamoDB throttled requests', left: [throttles] }),
      new GraphWidget({
        title: 'Table stream iterator age (ms)',
        left: iteratorAges,
        leftAnnotations: [{ value: STREAM_ITERATOR_AGE_THRESHOLD_MS, label: 'alarm' }],
      }),
      new GraphWidget({
        title: 'Queue workers: errors and throttles',
        left: props.queueWorkers.map((fn) => fn.metricErrors({ period: fiveMinutes, label: `${fn.node.id} errors` })),
        right: props.queueWorkers.map((fn) => fn.metricThrottles({ period: fiveMinutes, label: `${fn.node.id} throttles` })),
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'API requests and 5xx', left: [apiMetric('Count')], right: [apiMetric('5xx')] }),
      new GraphWidget({
        title: 'CloudFront 5xx rate (%)',
        left: [edge('AWS/CloudFront', '5xxErrorRate', { DistributionId: props.distributionId, Region: 'Global' }, 'Average')],
        leftAnnotations: [{ value: CLOUDFRONT_5XX_RATE_THRESHOLD_PERCENT, label: 'alarm' }],
      }),
      new GraphWidget({
        title: 'WAF blocked requests',
        left: [edge('AWS/WAFV2', 'BlockedRequests', { WebACL: props.webAclMetricName, Rule: 'ALL' }, 'Sum')],
        leftAnnotations: [{ value: WAF_BLOCKS_THRESHOLD, label: 'alarm' }],
      }),
      new GraphWidget({
        title: 'Alerts sent and Stripe webhooks',
        left: [appMetric(METRIC_NAMES.alertsSent, 'Sum')],
        right: [appMetric(METRIC_NAMES.webhookOutcome, 'Sum')],
      }),
    );
  }
}

/**
 * CloudFront 5xx and WAF blocks, alarmed where their metrics are (us-east-1) on a topic of that
 * region (an alarm notifies a topic in its own region only).
 */
export function edgeAlarms(scope: Construct, topic: ITopic, distributionId: string, webAclMetricName: string) {
  const fiveMinutes = Duration.minutes(5);
  alarmOn(
    scope,
    'CloudFront5xxRateAlarm',
    new Metric({
      namespace: 'AWS/CloudFront',
      metricName: '5xxErrorRate',
      dimensionsMap: { DistributionId: distributionId, Region: 'Global' },
      statistic: 'Average',
      period: fiveMinutes,
    }),
    CLOUDFRONT_5XX_RATE_THRESHOLD_PERCENT,
    topic,
    `More than ${CLOUDFRONT_5XX_RATE_THRESHOLD_PERCENT} % of CloudFront responses were 5xx`,
  );
  alarmOn(
    scope,
    'WafBlocksAlarm',
    new Metric({
      namespace: 'AWS/WAFV2',
      metricName: 'BlockedRequests',
      dimensionsMap: { WebACL: webAclMetricName, Rule: 'ALL' },
      statistic: 'Sum',
      period: fiveMinutes,
    }),
    WAF_BLOCKS_THRESHOLD,
    topic,
    `WAF blocked ${WAF_BLOCKS_THRESHOLD}+ requests in 5 minutes (an attack, or a rule blocking real users)`,
  );
}

/** Namespace of the metrics the app's own log lines make (metric filters). */
const APP_METRIC_NAMESPACE = 'TruckYard';

/**
 * The sign-up function logs `"metric":"SignUpOverallLimitReached"` when the overall hourly limit
 * (500) refuses a sign-up (functions/src/domain/accounts/sign-up.ts); a metric filter counts those
 * lines and the alarm fires at the first: a sign-up flood, or real demand that needs a higher limit.
 */
export function signUpLimitAlarm(scope: Construct, fn: { logGroup: import('aws-cdk-lib/aws-logs').ILogGroup }, topic: ITopic): Alarm {
  new MetricFilter(scope, 'SignUpLimitMetricFilter', {
    logGroup: fn.logGroup,
    filterPattern: FilterPattern.anyTerm(SIGN_UP_LIMIT_METRIC),
    metricNamespace: APP_METRIC_NAMESPACE,
    metricName: SIGN_UP_LIMIT_METRIC,
    metricValue: '1',
  });
  return alarmOn(
    scope,
    'SignUpLimitAlarm',
    new Metric({ namespace: APP_METRIC_NAMESPACE, metricName: SIGN_UP_LIMIT_METRIC, period: Duration.minutes(5), statistic: 'Sum' }),
    1,
    topic,
    'Sign-ups refused by the overall hourly limit (500): a sign-up flood, or demand that needs a higher limit',
  );
}

/** The alert functions' EMF metric (functions/src/domain/alerts/send-alerts.ts WHATSAPP_ALERT_NOT_SENT_METRIC). */
const WHATSAPP_ALERT_NOT_SENT_METRIC = 'WhatsAppAlertNotSent';

/**
 * A WhatsApp alert or verification code could not be sent (no WHATSAPP_PHONE_NUMBER_ID, no or an
 * expired token, or Meta refused): the alert functions write an EMF line, so no metric filter is
 * needed; the alarm fires at the first in 5 minutes (docs/alerts-and-payments.md).
 */
export function whatsappNotSentAlarm(scope: Construct, topic: ITopic): Alarm {
  return alarmOn(
    scope,
    'WhatsAppAlertNotSentAlarm',
    new Metric({
      namespace: APP_METRIC_NAMESPACE,
      metricName: WHATSAPP_ALERT_NOT_SENT_METRIC,
      period: Duration.minutes(5),
      statistic: 'Sum',
    }),
    1,
    topic,
    'WhatsApp alerts or codes could not be sent: check the whatsappPhoneNumberId context, the whatsappToken secret and the templates',
  );
}
