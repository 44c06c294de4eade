import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { EVENT_SOURCE, type EventSubscription } from '../../../functions/src/events.js';
import type { JobDef } from '../../../functions/src/jobs.js';
import { type HouseDefaults, HouseFunction } from './house-function.js';

const TARGET_RETRY = { retryAttempts: 3, maxEventAge: Duration.hours(2) } as const;

export interface ScheduledJobsProps {
  defaults: HouseDefaults;
  jobs: readonly JobDef[];
}

/**
 * One function and one EventBridge schedule per row of functions/src/jobs.ts. Schedules live on the
 * default bus (EventBridge only runs scheduled rules there).
 */
export class ScheduledJobs extends Construct {
  readonly functions: Record<string, HouseFunction> = {};
  readonly rules: Record<string, Rule> = {};

  constructor(scope: Construct, id: string, props: ScheduledJobsProps) {
    super(scope, id);
    for (const job of props.jobs) {
      const fn = new HouseFunction(this, `${job.id}Function`, {
        defaults: props.defaults,
        handler: job.handler,
        description: job.description,
      });
      this.functions[job.id] = fn;
      this.rules[job.id] = new Rule(this, `${job.id}Schedule`, {
        description: job.description,
        schedule: Schedule.expression(`cron(${job.cron})`),
        targets: [new LambdaFunction(fn, TARGET_RETRY)],
      });
    }
  }
}

export interface EventSubscriptionsProps {
  defaults: HouseDefaults;
  subscriptions: readonly EventSubscription[];
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
      const fn = new HouseFunction(this, `${sub.id}Function`, {
        defaults: props.defaults,
        handler: sub.handler,
        description: `On ${sub.eventType}`,
      });
      this.functions[sub.id] = fn;
      this.rules[sub.id] = new Rule(this, `${sub.id}Rule`, {
        eventBus: props.defaults.eventBus,
        eventPattern: { source: [EVENT_SOURCE], detailType: [sub.eventType] },
        targets: [new LambdaFunction(fn, TARGET_RETRY)],
      });
    }
  }
}
