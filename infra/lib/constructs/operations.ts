import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, Metric, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { SIGN_UP_LIMIT_METRIC } from '../../../functions/src/domain/accounts/sign-up.js';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { type IQueue, Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag.js';

/** Failed messages and events are kept two weeks (SQS's maximum) for a look and a redrive. */
export const DEAD_LETTER_RETENTION = Duration.days(14);

/**
 * SES reviews an account at a 5 % bounce or 0.1 % complaint rate (and pauses sending at 10 % /
 * 0.5 %); the alarms fire well before either.
 */
export const SES_ALARM_THRESHOLDS = { bounceRate: 0.04, complaintRate: 0.0008 } as const;
/** API 5xx alarm: share of requests answered 5xx over 5 minutes. */
export const API_5XX_RATE_THRESHOLD = 0.02;

export function newDeadLetterQueue(scope: Construct, id: string): Queue {
  const dlq = new Queue(scope, id, { retentionPeriod: DEAD_LETTER_RETENTION, encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true });
  acknowledge(dlq, 'AwsSolutions-SQS3', 'This is a dead-letter queue; its depth alarms instead.');
  return dlq;
}

/** An alarm that notifies the alarm topic when it fires and when it recovers. */
export function alarmOn(scope: Construct, id: string, metric: IMetric, threshold: number, topic: ITopic, description: string): Alarm {
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

/** Namespace of the metrics the app's own log lines make (metric filters). */
export const APP_METRIC_NAMESPACE = 'TruckYard';

/**
 * The sign-up function logs `"metric":"SignUpOverallLimitReached"` when the overall hourly limit
 * (500) refuses a sign-up (functions/src/domain/accounts/sign-up.ts); a metric filter counts those
 * lines and the alarm fires at the first: a sign-up flood, or real demand that needs a higher limit.
 */
export function signUpLimitAlarm(scope: Construct, fn: LambdaFunction, topic: ITopic): Alarm {
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
export const WHATSAPP_ALERT_NOT_SENT_METRIC = 'WhatsAppAlertNotSent';

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
