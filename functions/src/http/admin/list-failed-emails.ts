import { listFailedEmailsQuerySchema } from '../../../../shared/schemas/failed-emails.js';
import { listFailedEmails } from '../../domain/admin/failed-emails.js';
import { json, parseWith } from '../handler.js';
import { adminHandler, audit$, failedEmails$, queryOf } from './deps.js';

/** GET /api/admin/failed-emails?cursor — e-mails that failed to send (the outbox's dead letters), newest first. */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const q = parseWith(listFailedEmailsQuerySchema, queryOf(event));
  return json(200, await listFailedEmails({ outbox: failedEmails$(), audit: audit$() }, staff, q.cursor));
});
