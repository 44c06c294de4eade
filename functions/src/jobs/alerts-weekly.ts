import { alertsStore$ } from '../http/alerts/deps.js';
import { batchRuns$ } from './alerts/deps.js';
import { fanOutDigests } from './alerts/fan-out.js';
import { observed } from '../observability.js';

/** 07:00 UK time every Monday: silver subscribers' (and slower-by-choice) digests, through the queue. */
const run = async () => fanOutDigests(alertsStore$(), 'weekly', new Date(), batchRuns$());

export const handler = observed('jobs/alerts-weekly', run);
