import type { Context } from 'aws-lambda';
import { searchSnapshotBuilder } from '../deps.js';
import { tableStreamConsumers } from '../events.js';
import { observed } from '../observability.js';
import { consumer } from './consume.js';

/** A DynamoDB Streams batch (AWS) or a bus event (locally): only when something changed matters. */
export interface SnapshotTrigger {
  /** EventBridge: the event's time, in whole seconds. */
  time?: string;
  /** DynamoDB Streams: the changed records, each with its approximate time in epoch seconds. */
  Records?: Array<{ dynamodb?: { ApproximateCreationDateTime?: number } }>;
}

/** The latest change a trigger reports (ms), or now when it says nothing. */
export function changedAtMs(event: SnapshotTrigger, now = Date.now()): number {
  const times = (event.Records ?? []).map((r) => (r.dynamodb?.ApproximateCreationDateTime ?? 0) * 1000).filter((t) => t > 0);
  if (times.length > 0) return Math.max(...times);
  return Date.parse(event.time ?? '') || now;
}

/**
 * The table changed → the search snapshot catches up within a minute (debounced in
 * snapshot-builder.ts). Fed by the table's DynamoDB stream in AWS (events.ts
 * tableStreamConsumers: one invocation at a time), by the bus's listing and scraper-run events
 * locally. Both report times in whole seconds: the change may be up to a second later than that.
 */
const run = async (event: SnapshotTrigger): Promise<{ result: string }> => {
  return { result: await searchSnapshotBuilder().changed(changedAtMs(event) + 1000) };
};

const ROUTE = 'events/search-snapshot-on-change';
const fromStream = observed(ROUTE, run);
// Locally the bus's events stand in for the stream: each is checked against its contract.
const fromBus = consumer(ROUTE, tableStreamConsumers.find((c) => c.id === 'SearchSnapshotOnChange')?.localEventTypes ?? [], (event) =>
  run({ time: event.time }),
);

/** A bus event (it has a detail-type) goes through its contract check; a stream batch straight to the builder. */
export const handler = Object.assign(
  (event: SnapshotTrigger | { 'detail-type': string }, context?: Context) =>
    'detail-type' in event ? fromBus(event, context) : fromStream(event as SnapshotTrigger),
  { consumes: fromBus.consumes },
);
