import { type Storefront, storefrontSlugSchema } from '../../../../shared/schemas/storefront.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { liveListingsOf } from '../../adapters/dynamodb/storefronts-repo.js';
import { config } from '../../config.js';
import { resolveStorefront } from '../../domain/dealers/storefronts.js';
import { notFound } from '../../domain/errors.js';
import { EDGE_CACHE, publicCacheControl } from '../cache-control.js';
import { httpHandler, json } from '../handler.js';
import { profiles$ } from '../my-listings/deps.js';
import { storefrontFields, storefronts$ } from './deps.js';

/** Offers in the page's JSON-LD: the newest live listings. */
const OFFERS = 12;

/**
 * GET /api/dealers/{slug} — a dealer's storefront (issue 26 §1): name, logo, about, town and
 * district, hours, "Approved dealer" from the profile, and a few live listings for the page's
 * JSON-LD (the stock itself is a search: GET /api/listings?dealer={slug}). An old slug answers
 * 301 to the current one; an unknown or hidden one 404.
 */
export const handler = httpHandler('public', async ({ event }) => {
  const parsed = storefrontSlugSchema.safeParse(event.pathParameters?.slug ?? '');
  if (!parsed.success) throw notFound('No such dealer');
  const found = await resolveStorefront(storefronts$(), parsed.data);
  if (found.kind === 'redirect') {
    return json(
      301,
      { redirectTo: found.to },
      { location: `/api/dealers/${found.to}`, 'cache-control': publicCacheControl(EDGE_CACHE.listingSeconds) },
    );
  }
  const r = found.record;
  const [profile, live] = await Promise.all([profiles$().get(r.userId), liveListingsOf(ddb, config.tableName, r.userId, OFFERS)]);
  if (!profile || profile.accountStatus === 'suspended') throw notFound('No such dealer');
  const base = config.imagesBaseUrl.replace(/\/+$/, '');
  const body: Storefront = {
    ...storefrontFields(r),
    approvedDealer: profile.dealerStatus === 'approved',
    offers: live.map((l) => ({
      id: l.id,
      title: l.title,
      price: l.price,
      vatStatus: l.vatStatus,
      image: l.imageKey ? `${base}/${l.imageKey}/w800.webp` : null,
    })),
    contactListingId: live[0]?.id ?? null,
    updatedAt: r.updatedAt,
  };
  return json(200, body, { 'cache-control': publicCacheControl(EDGE_CACHE.listingSeconds) });
});
