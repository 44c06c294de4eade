import { Stack, type StackProps } from 'aws-cdk-lib';
import { EventBus } from 'aws-cdk-lib/aws-events';
import type { Construct } from 'constructs';
import { type EventSubscription, eventSubscriptions } from '../../functions/src/events.js';
import { type JobDef, jobs } from '../../functions/src/jobs.js';
import { EventSubscriptions, ScheduledJobs } from './constructs/bus-rules.js';
import type { HouseDefaults } from './constructs/house-function.js';

export interface JobsStackProps extends StackProps {
  defaults: Omit<HouseDefaults, 'eventBus'>;
  /** Rows to build; the tables in functions/src unless a test passes its own. */
  jobs?: readonly JobDef[];
  subscriptions?: readonly EventSubscription[];
}

/** The custom event bus, the event subscriptions on it, and the scheduled jobs. */
export class JobsStack extends Stack {
  readonly eventBus: EventBus;
  readonly defaults: HouseDefaults;
  readonly scheduledJobs: ScheduledJobs;
  readonly eventSubscriptions: EventSubscriptions;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    this.eventBus = new EventBus(this, 'Bus');
    this.defaults = { ...props.defaults, eventBus: this.eventBus };
    this.eventSubscriptions = new EventSubscriptions(this, 'Events', {
      defaults: this.defaults,
      subscriptions: props.subscriptions ?? eventSubscriptions,
    });
    this.scheduledJobs = new ScheduledJobs(this, 'Jobs', { defaults: this.defaults, jobs: props.jobs ?? jobs });
  }
}
