import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { type EventSubscription, eventSubscriptions } from '../../functions/src/events.js';
import { type JobDef, jobs } from '../../functions/src/jobs.js';
import { EventSubscriptions, ScheduledJobs } from './constructs/bus-rules.js';
import type { HouseDefaultsWithCognito } from './constructs/house-function.js';

export interface JobsStackProps extends StackProps {
  defaults: HouseDefaultsWithCognito;
  /** Rows to build; the tables in functions/src unless a test passes its own. */
  jobs?: readonly JobDef[];
  subscriptions?: readonly EventSubscription[];
}

/** The event subscriptions on the custom bus (data stack) and the scheduled jobs. */
export class JobsStack extends Stack {
  readonly scheduledJobs: ScheduledJobs;
  readonly eventSubscriptions: EventSubscriptions;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    this.eventSubscriptions = new EventSubscriptions(this, 'Events', {
      defaults: props.defaults,
      subscriptions: props.subscriptions ?? eventSubscriptions,
    });
    this.scheduledJobs = new ScheduledJobs(this, 'Jobs', { defaults: props.defaults, jobs: props.jobs ?? jobs });
  }
}
