import { retryFailedEmail } from '../../domain/admin/failed-emails.js';
import { json } from '../handler.js';
import { adminHandler, audit$, failedEmails$, idParam } from './deps.js';

/** POST /api/admin/failed-emails/{id}/retry — one more attempt now; answers the outcome (sent, failed, suppressed). */
export const handler = adminHandler('admin', async ({ event, staff }) =>
  json(200, await retryFailedEmail({ outbox: failedEmails$(), audit: audit$() }, staff, idParam(event))),
);
