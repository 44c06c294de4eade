import { setListingImagesSchema } from '../../../../shared/schemas/admin.js';
import { setListingImages } from '../../domain/admin/listings.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler, idParam, listingDeps } from './deps.js';

/** PUT /api/admin/listings/{id}/images — kept, reordered and newly verified image keys (photo pipeline uploads). */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const body = parseWith(setListingImagesSchema, jsonBody(event));
  await setListingImages(listingDeps(), staff, idParam(event), body.imageKeys);
  return json(200, { updated: true });
});
