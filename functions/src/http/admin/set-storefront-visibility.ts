import { storefrontVisibilitySchema } from '../../../../shared/schemas/storefront.js';
import { setStorefrontHidden } from '../../domain/dealers/storefronts.js';
import { storefronts$ } from '../dealers/deps.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { profiles$ } from '../my-listings/deps.js';
import { adminHandler, idParam } from './deps.js';

/** PATCH /api/admin/users/{id}/storefront — staff hide or show a dealer's storefront (issue 26 §1); audited. */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const { hidden } = parseWith(storefrontVisibilitySchema, jsonBody(event));
  return json(
    200,
    await setStorefrontHidden({ store: storefronts$(), profiles: profiles$(), now: () => new Date() }, staff, idParam(event), hidden),
  );
});
