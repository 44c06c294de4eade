import type { DealerDirectoryEntry, DealerDirectoryQuery } from '../../../../shared/schemas/storefront.js';
import { validationError } from '../errors.js';
import { distanceMiles, resolveLocation } from '../geo/geo.js';
import type { StorefrontRecord } from './storefronts.js';

/**
 * The dealer directory (GET /api/dealers, issue 26 §1): every visible storefront with its live
 * stock count, by name, by town (dealers without a town last), or by distance from a postcode
 * (the same postcode districts as radius search; dealers without a place last). `q` narrows by
 * name or town.
 */
export function dealerDirectory(
  records: StorefrontRecord[],
  stockOf: (userId: string) => number,
  query: DealerDirectoryQuery,
  logoOf: (r: StorefrontRecord) => DealerDirectoryEntry['logo'],
): { dealers: DealerDirectoryEntry[]; near: { outcode: string; label: string } | null } {
  const place = query.postcode ? resolveLocation(query.postcode) : null;
  if (query.postcode && !place) throw validationError('Enter a UK postcode or town we know, such as LS11 5AB');
  const needle = query.q?.toLowerCase();
  const entries = records
    .filter((r) => !r.hidden)
    .filter((r) => !needle || r.companyName.toLowerCase().includes(needle) || (r.town ?? '').toLowerCase().includes(needle))
    .map(
      (r): DealerDirectoryEntry => ({
        slug: r.slug,
        companyName: r.companyName,
        town: r.town,
        postcodeDistrict: r.postcodeDistrict,
        logo: logoOf(r),
        approvedDealer: r.approved,
        stockCount: stockOf(r.userId),
        distanceMiles:
          place && r.lat !== null && r.lon !== null ? Math.round(distanceMiles(place.lat, place.lon, r.lat, r.lon) * 10) / 10 : null,
      }),
    );
  const byName = (a: DealerDirectoryEntry, b: DealerDirectoryEntry) =>
    a.companyName.localeCompare(b.companyName, 'en-GB', { sensitivity: 'base' }) || a.slug.localeCompare(b.slug);
  const last = (v: string | number | null) => (v === null ? 1 : 0);
  if (query.sort === 'town')
    entries.sort((a, b) => last(a.town) - last(b.town) || (a.town ?? '').localeCompare(b.town ?? '', 'en-GB') || byName(a, b));
  else if (query.sort === 'distance')
    entries.sort(
      (a, b) => last(a.distanceMiles) - last(b.distanceMiles) || (a.distanceMiles ?? 0) - (b.distanceMiles ?? 0) || byName(a, b),
    );
  else entries.sort(byName);
  return { dealers: entries, near: place ? { outcode: place.outcode, label: place.label } : null };
}
