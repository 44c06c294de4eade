import type { Context } from 'aws-lambda';
import type { HttpEvent, HttpResult } from '../handler.js';
import { handler as deleteListing } from './delete-listing.js';
import { routeTo } from './route-to.js';
import { handler as setListingImages } from './set-listing-images.js';

/** One function for the admin operations that change a listing's photo files (same access). */
export const handler: (event: HttpEvent, context: Context) => Promise<HttpResult> = routeTo({
  'PUT /api/admin/listings/{id}/images': setListingImages,
  'DELETE /api/admin/listings/{id}': deleteListing,
});
