import { INBOX_KINDS, updateInboxItemSchema } from '../../../../shared/schemas/admin.js';
import { updateInboxItem } from '../../domain/admin/inbox-analytics.js';
import { notFound } from '../../domain/errors.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler, audit$, idParam, inbox$ } from './deps.js';

/** PATCH /api/admin/inbox/{kind}/{id} — status, assignee, note. */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const kind = INBOX_KINDS.find((k) => k === event.pathParameters?.kind);
  if (!kind) throw notFound();
  const body = parseWith(updateInboxItemSchema, jsonBody(event));
  return json(200, await updateInboxItem({ inbox: inbox$(), audit: audit$(), now: () => new Date() }, staff, kind, idParam(event), body));
});
