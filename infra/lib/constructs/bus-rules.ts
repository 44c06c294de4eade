import { Duration, TimeZone } from 'aws-cdk-lib';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { TABLE_KEYS } from '../../../functions/src/adapters/dynamodb/table.js';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Access } from '../../../functions/src/access.js';
import { EVENT_SOURCE, type EventSubscription, type TableStreamConsumer } from '../../../functions/src/events.js';
import type { JobDef } from '../../../functions/src/jobs.js';
import type { QueueDef } from '../../../functions/src/queues.js';
import { type HouseDefaults, HouseFunction } from './house-function.js';
import { dlqDepthAlarm, newDeadLetterQueue } from './operations.js';

const TARGET_RETRY = { retryAttempts: 3, maxEventAge: Duration.hours(2) } as const;
/** Lambda's own retries of an asynchronous invocation that threw, before the on-failure destination. */
const ASYNC_RETRIES = 2;
/** Lambda's maximum; a job or worker row may not ask for more. */
const MAX_LAMBDA_TIMEOUT_SECONDS = 900;

/** The UK time zone the jobs' cron expressions are written in (functions/src/jobs.ts). */
const JOBS_TIME_ZONE = TimeZone.EUROPE_LONDON;

interface AsyncFunctionProps {
  defaults: HouseDefaults;
  alarmTopic?: ITopic;
  id: string;
  handler: string;
  access: Access;
  description: string;
  memoryMb?: number;
  timeoutSeconds?: number;
}

/**
 * A function invoked asynchronously (schedules, bus rules, SNS) with a dead-letter queue for both
 * what could not be delivered and what failed after Lambda's retries, and an alarm on its depth.
 */
function asyncFunction(scope: Construct, p: AsyncFunctionProps) {
  if ((p.timeoutSeconds ?? 0) > MAX_LAMBDA_TIMEOUT_SECONDS) throw new Error(`${p.id}: timeout above Lambda's 900 s`);
  const fn = new HouseFunction(scope, `${p.id}Function`, {
    defaults: p.defaults,
    handler: p.handler,
    access: p.access,
    memoryMb: p.memoryMb,
    timeoutSeconds: p.timeoutSeconds,
    description: p.description,
  });
  const dlq = newDeadLetterQueue(scope, `${p.id}DeadLetters`);
  fn.configureAsyncInvoke({ onFailure: new SqsDestination(dlq), retryAttempts: ASYNC_RETRIES, maxEventAge: Duration.hours(6) });
  if (p.alarmTopic) dlqDepthAlarm(scope, `${p.id}DeadLettersAlarm`, dlq, p.alarmTopic);
  return { fn, dlq };
}

export interface ScheduledJobsProps {
  defaults: HouseDefaults;
  jobs: readonly JobDef[];
  alarmTopic?: ITopic;
}

/**
 * One function and one EventBridge Scheduler schedule per row of functions/src/jobs.ts, in UK time
 * (Europe/London: a 03:00 job runs at 03:00 in summer and winter), with retries and a dead-letter queue.
 */
export class ScheduledJobs extends Construct {
  readonly functions: Record<string, HouseFunction> = {};
  readonly schedules: Record<string, Schedule> = {};

  constructor(scope: Construct, id: string, props: ScheduledJobsProps) {
    super(scope, id);
    for (const job of props.jobs) {
      const { fn, dlq } = asyncFunction(this, { ...job, defaults: props.defaults, alarmTopic: props.alarmTopic });
      this.functions[job.id] = fn;
      this.schedules[job.id] = new Schedule(this, `${job.id}Schedule`, {
        description: job.description,
        schedule: ScheduleExpression.expression(`cron(${job.cron})`, JOBS_TIME_ZONE),
        target: new LambdaInvoke(fn, { deadLetterQueue: dlq, ...TARGET_RETRY }),
      });
    }
  }
}

export interface EventSubscriptionsProps {
  defaults: HouseDefaults;
  subscriptions: readonly EventSubscription[];
  alarmTopic?: ITopic;
}

/**
 * One function and one rule on the custom bus per row of functions/src/events.ts. Events are put
 * with Source = EVENT_SOURCE and DetailType = the domain event type.
 */
export class EventSubscriptions extends Construct {
  readonly functions: Record<string, HouseFunction> = {};
  readonly rules: Record<string, Rule> = {};

  constructor(scope: Construct, id: string, props: EventSubscriptionsProps) {
    super(scope, id);
    for (const sub of props.subscriptions) {
      const { fn, dlq } = asyncFunction(this, {
        ...sub,
        description: `On ${sub.eventType}`,
        defaults: props.defaults,
        alarmTopic: props.alarmTopic,
      });
      this.functions[sub.id] = fn;
      this.rules[sub.id] = new Rule(this, `${sub.id}Rule`, {
        eventBus: props.defaults.eventBus,
        eventPattern: { source: [EVENT_SOURCE], detailType: [sub.eventType] },
        targets: [new LambdaFunction(fn, { ...TARGET_RETRY, deadLetterQueue: dlq })],
      });
    }
  }
}

export interface TableStreamConsumersProps {
  defaults: HouseDefaults;
  consumers: readonly TableStreamConsumer[];
  alarmTopic?: ITopic;
}

/** Stream batches a consumer retries before the batch goes to its dead-letter queue. */
const STREAM_RETRIES = 3;

/**
 * One function per row of functions/src/events.ts tableStreamConsumers, fed by the table's
 * DynamoDB stream in batches (at most the row's batching window behind), one batch per stream shard
 * at a time (parallelization factor 1); what still fails after retries goes to a dead-letter queue.
 * No reserved concurrency (a fresh account's quota has none to reserve): a table with several
 * shards may run it twice at once. For the search snapshot that costs a second build, each one a
 * whole snapshot of the table, and the next change or the nightly build writes the newest.
 */
export class TableStreamConsumers extends Construct {
  readonly functions: Record<string, HouseFunction> = {};

  constructor(scope: Construct, id: string, props: TableStreamConsumersProps) {
    super(scope, id);
    for (const row of props.consumers) {
      if ((row.timeoutSeconds ?? 0) > MAX_LAMBDA_TIMEOUT_SECONDS) throw new Error(`${row.id}: timeout above Lambda's 900 s`);
      const fn = new HouseFunction(this, `${row.id}Function`, {
        defaults: props.defaults,
        handler: row.handler,
        access: row.access,
        memoryMb: row.memoryMb,
        timeoutSeconds: row.timeoutSeconds,
        description: 'On every change of the table (DynamoDB stream), one batch per shard at a time',
      });
      const dlq = newDeadLetterQueue(this, `${row.id}DeadLetters`);
      if (props.alarmTopic) dlqDepthAlarm(this, `${row.id}DeadLettersAlarm`, dlq, props.alarmTopic);
      fn.addEventSource(
        new DynamoEventSource(props.defaults.table, {
          startingPosition: StartingPosition.LATEST,
          batchSize: 1000,
          maxBatchingWindow: Duration.seconds(row.batchingWindowSeconds),
          parallelizationFactor: 1,
          retryAttempts: STREAM_RETRIES,
          onFailure: new SqsDlq(dlq),
          filters: [FilterCriteria.filter({ dynamodb: { Keys: { [TABLE_KEYS.sortKey]: { S: FilterRule.or(...row.sortKeys) } } } })],
        }),
      );
      // dynamodb:ListStreams, which the mapping needs, is granted on *: HouseFunction acknowledges IAM5[Resource::*].
      this.functions[row.id] = fn;
    }
  }
}

export interface QueueWorkersProps {
  defaults: HouseDefaults;
  rows: readonly QueueDef[];
  /** The queues by row id (data stack; they carry the dead-letter queues). */
  queues: Record<string, Queue>;
}

/**
 * Workers running at once per queue when its row does not say (SQS event sources allow 2 at the
 * least): bounded, so a burst of messages cannot outrun SES's sending rate or the account's Lambda quota.
 */
const DEFAULT_QUEUE_MAX_CONCURRENCY = 2;

/**
 * One worker function per row of functions/src/queues.ts, fed by its SQS queue (at most the row's
 * maxConcurrency workers at once); failed items are retried alone.
 */
export class QueueWorkers extends Construct {
  readonly functions: Record<string, HouseFunction> = {};

  constructor(scope: Construct, id: string, props: QueueWorkersProps) {
    super(scope, id);
    for (const row of props.rows) {
      const queue = props.queues[row.id];
      if (!queue) throw new Error(`Queue row ${row.id} has no queue`);
      const fn = new HouseFunction(this, `${row.id}Worker`, {
        defaults: props.defaults,
        handler: row.handler,
        access: row.access,
        memoryMb: row.memoryMb,
        timeoutSeconds: row.timeoutSeconds,
        description: row.description,
      });
      fn.addEventSource(
        new SqsEventSource(queue, {
          batchSize: row.batchSize ?? 10,
          reportBatchItemFailures: true,
          maxConcurrency: row.maxConcurrency ?? DEFAULT_QUEUE_MAX_CONCURRENCY,
        }),
      );
      this.functions[row.id] = fn;
    }
  }
}

export interface MailEventsProps {
  defaults: HouseDefaults;
  /** SES bounce and complaint notifications (data stack). */
  topic: ITopic;
  alarmTopic?: ITopic;
}

/** SES bounces and complaints → SNS → this function, which suppresses the address (functions/src/events/ses-notification.ts). */
export class MailEvents extends Construct {
  static readonly HANDLER = 'events/ses-notification.ts';
  static readonly ACCESS: Access = { table: 'readWrite' };
  readonly function: HouseFunction;

  constructor(scope: Construct, id: string, props: MailEventsProps) {
    super(scope, id);
    const { fn, dlq } = asyncFunction(this, {
      id: 'SesNotification',
      handler: MailEvents.HANDLER,
      access: MailEvents.ACCESS,
      description: 'SES bounce and complaint notifications: suppress the address',
      defaults: props.defaults,
      alarmTopic: props.alarmTopic,
    });
    props.topic.addSubscription(new LambdaSubscription(fn, { deadLetterQueue: dlq }));
    this.function = fn;
  }
}
