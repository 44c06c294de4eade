import { alertsStore$ } from '../http/alerts/deps.js';
import { batchRuns$ } from './alerts/deps.js';
import { fanOutDigests } from './alerts/fan-out.js';
import { observed } from '../observability.js';

/** 07:00 UK time every day: gold subscribers' digests, fanned out through the alert-digests queue. */
const run = async () => fanOutDigests(alertsStore$(), 'daily', new Date(), batchRuns$());

export const handler = observed('jobs/alerts-daily', run);
