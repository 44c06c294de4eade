import { reportActionSchema } from '../../../../shared/schemas/listing-report.js';
import { actOnReport } from '../../domain/reports/listing-reports.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler, idParam, reportDeps } from './deps.js';

/** PATCH /api/admin/reports/{id} — { action: 'hide-listing' | 'mark-handled' }, audited. */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const body = parseWith(reportActionSchema, jsonBody(event));
  return json(200, await actOnReport(reportDeps(), staff, idParam(event), body.action));
});
