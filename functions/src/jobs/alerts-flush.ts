import { flushPendingAlerts } from '../domain/alerts/send-alerts.js';
import { alertDeps, loadListing } from './alerts/deps.js';
import { observed } from '../observability.js';

/** Every 10 minutes: instant alerts held back by the flood rule go out as one message per user. */
const run = async () => ({ messages: await flushPendingAlerts(alertDeps(), loadListing) });

export const handler = observed('jobs/alerts-flush', run);
