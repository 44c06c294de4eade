import type { Context } from 'aws-lambda';
import type { HttpEvent, HttpResult } from '../handler.js';
import { handler as listInbox } from './list-inbox.js';
import { routeTo } from './route-to.js';
import { handler as updateInboxItem } from './update-inbox-item.js';

/** One function for the Inbox (list and update share the table and the valuation photos' read). */
export const handler: (event: HttpEvent, context: Context) => Promise<HttpResult> = routeTo({
  'GET /api/admin/inbox/{kind}': listInbox,
  'PATCH /api/admin/inbox/{kind}/{id}': updateInboxItem,
});
