import { alertsStore$ } from '../http/alerts/deps.js';
import { fanOutDigests } from './alerts/fan-out.js';

/** 07:00 UK time every day: gold subscribers' digests, fanned out through the alert-digests queue. */
export const handler = async () => fanOutDigests(alertsStore$(), 'daily', new Date());
