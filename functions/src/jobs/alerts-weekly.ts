import { alertsStore$ } from '../http/alerts/deps.js';
import { fanOutDigests } from './alerts/fan-out.js';

/** 07:00 UK time every Monday: silver subscribers' (and slower-by-choice) digests, through the queue. */
export const handler = async () => fanOutDigests(alertsStore$(), 'weekly', new Date());
