import { Stack, type StackProps } from 'aws-cdk-lib';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { type EventSubscription, eventSubscriptions, type TableStreamConsumer, tableStreamConsumers } from '../../functions/src/events.js';
import { type JobDef, jobs } from '../../functions/src/jobs.js';
import { type DeployStepDef, deployDataStep } from '../../functions/src/deploy-steps.js';
import { type QueueDef, queues } from '../../functions/src/queues.js';
import { EventSubscriptions, MailEvents, QueueWorkers, ScheduledJobs, TableStreamConsumers } from './constructs/bus-rules.js';
import { DeployData } from './constructs/deploy-data.js';
import type { HouseDefaultsWithCognito } from './constructs/house-function.js';

export interface JobsStackProps extends StackProps {
  defaults: HouseDefaultsWithCognito;
  /** Rows to build; the tables in functions/src unless a test passes its own. */
  jobs?: readonly JobDef[];
  subscriptions?: readonly EventSubscription[];
  streamConsumers?: readonly TableStreamConsumer[];
  queueRows?: readonly QueueDef[];
  /** The deploy-time data step (functions/src/deploy-steps.ts); null leaves it out (tests with stub handlers). */
  deployData?: DeployStepDef | null;
  /** The work queues (data stack) by row id. */
  queues: Record<string, Queue>;
  /** SES bounces and complaints (data stack). */
  mailEventsTopic: ITopic;
  alarmTopic: ITopic;
}

/**
 * The event subscriptions on the custom bus, the table stream's consumers, the scheduled jobs, the
 * queue workers, the SES notification subscriber, and the deploy-time data step.
 */
export class JobsStack extends Stack {
  readonly scheduledJobs: ScheduledJobs;
  readonly eventSubscriptions: EventSubscriptions;
  readonly streamConsumers: TableStreamConsumers;
  readonly queueWorkers: QueueWorkers;
  readonly mailEvents: MailEvents;
  readonly deployData: DeployData | undefined;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { defaults, alarmTopic } = props;
    this.eventSubscriptions = new EventSubscriptions(this, 'Events', {
      defaults,
      subscriptions: props.subscriptions ?? eventSubscriptions,
      alarmTopic,
    });
    this.streamConsumers = new TableStreamConsumers(this, 'Stream', {
      defaults,
      consumers: props.streamConsumers ?? tableStreamConsumers,
      alarmTopic,
    });
    this.scheduledJobs = new ScheduledJobs(this, 'Jobs', { defaults, jobs: props.jobs ?? jobs, alarmTopic });
    this.queueWorkers = new QueueWorkers(this, 'Queues', { defaults, rows: props.queueRows ?? queues, queues: props.queues });
    this.mailEvents = new MailEvents(this, 'MailEvents', { defaults, topic: props.mailEventsTopic, alarmTopic });
    const deployStep = props.deployData === undefined ? deployDataStep : props.deployData;
    this.deployData = deployStep ? new DeployData(this, 'DeployData', { defaults, step: deployStep }) : undefined;
  }
}
