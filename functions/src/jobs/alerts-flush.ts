import { flushPendingAlerts } from '../domain/alerts/send-alerts.js';
import { alertDeps, loadListing } from './alerts/deps.js';

/** Every 10 minutes: instant alerts held back by the flood rule go out as one message per user. */
export const handler = async () => ({ messages: await flushPendingAlerts(alertDeps(), loadListing) });
