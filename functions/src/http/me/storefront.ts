import { type MyStorefront, storefrontUpdateSchema } from '../../../../shared/schemas/storefront.js';
import { getProfile, requireWritableProfile } from '../../domain/accounts/profiles.js';
import { type StorefrontRecord, ensureStorefront, updateStorefront } from '../../domain/dealers/storefronts.js';
import { unauthenticated } from '../../domain/errors.js';
import { storefrontFields, storefronts$ } from '../dealers/deps.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { profiles$ } from '../my-listings/deps.js';

const mine = (r: StorefrontRecord): MyStorefront => ({
  ...storefrontFields(r),
  logoKey: r.logo?.key ?? null,
  approvedDealer: r.approved,
  hidden: r.hidden,
  updatedAt: r.updatedAt,
});

/**
 * GET /api/me/storefront — the dealer's storefront, made on first visit (and moved to a new slug
 * when the company name changed: the old one redirects).
 * PUT /api/me/storefront — about (plain text, 1,000 characters), town, postcode (shown as its
 * district), opening hours and the logo (a photo uploaded like a listing's); storefrontUpdateSchema.
 */
export const handler = httpHandler('user', async ({ event, caller }) => {
  if (caller.kind !== 'user') throw unauthenticated();
  const now = new Date();
  if (event.requestContext.http.method === 'PUT') {
    const input = parseWith(storefrontUpdateSchema, jsonBody(event));
    // A suspended account may not change what the public sees.
    const profile = await requireWritableProfile(profiles$(), caller, now);
    return json(200, mine(await updateStorefront(storefronts$(), profile, caller, input, now)));
  }
  const profile = await getProfile(profiles$(), caller, now);
  return json(200, mine(await ensureStorefront(storefronts$(), profile, now)));
});
