import { setScrapedVisibilitySchema } from '../../../../shared/schemas/admin.js';
import { setScrapedHidden } from '../../domain/admin/listings.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler, idParam, listingDeps } from './deps.js';

/** PATCH /api/admin/scraped/{id}/visibility — hide or unhide a collected listing. */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const body = parseWith(setScrapedVisibilitySchema, jsonBody(event));
  await setScrapedHidden(listingDeps(), staff, idParam(event), body.hidden);
  return json(200, { hidden: body.hidden });
});
