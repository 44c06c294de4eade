import { INBOX_KINDS, listInboxQuerySchema } from '../../../../shared/schemas/admin.js';
import { listInbox } from '../../domain/admin/inbox-analytics.js';
import { notFound } from '../../domain/errors.js';
import { json, parseWith } from '../handler.js';
import { adminHandler, audit$, inbox$, queryOf } from './deps.js';

/** GET /api/admin/inbox/{kind}?cursor — contact messages or valuation requests, newest first (photos as 5-minute signed URLs). */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const kind = INBOX_KINDS.find((k) => k === event.pathParameters?.kind);
  if (!kind) throw notFound();
  const q = parseWith(listInboxQuerySchema, queryOf(event));
  return json(200, await listInbox({ inbox: inbox$(), audit: audit$() }, staff, kind, q.cursor));
});
