/**
 * The head of a dealer's storefront (/dealers/{slug}, issue 26 §1) and of the directory: title,
 * description, canonical, Open Graph, and JSON-LD `AutoDealer` with its offers (the dealer's
 * newest live listings). Pure; rendered by page-head.ts's renderHeadTags (everything escaped).
 */
import { SITE_NAME } from '../../../../shared/constants.js';
import type { Storefront } from '../../../../shared/schemas/storefront.js';
import { WEEKDAY_LABELS } from '../../../../shared/weekdays.js';
import { type PageHead, absoluteUrl } from './page-head.js';

export const storefrontPath = (slug: string) => `/dealers/${encodeURIComponent(slug)}`;
export const DEALERS_PATH = '/dealers';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

function storefrontDescription(s: Storefront): string {
  const where = [s.town, s.postcodeDistrict].filter(Boolean).join(', ');
  const about = s.about.replace(/\s+/g, ' ').trim();
  return clip(about || `Used trucks for sale from ${s.companyName}${where ? ` in ${where}` : ''}, a trade seller on ${SITE_NAME}.`, 200);
}

function storefrontJsonLd(s: Storefront, siteUrl: string): Record<string, unknown> {
  const url = absoluteUrl(storefrontPath(s.slug), siteUrl);
  const hours = (s.hours ?? [])
    .filter((d) => !d.closed && d.open && d.close)
    .map((d) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${WEEKDAY_LABELS[d.day]}`,
      opens: d.open,
      closes: d.close,
    }));
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoDealer',
    name: s.companyName,
    url,
    ...(s.about.trim() ? { description: clip(s.about.replace(/\s+/g, ' ').trim(), 1000) } : {}),
    ...(s.logo ? { logo: absoluteUrl(s.logo.url, siteUrl), image: absoluteUrl(s.logo.url, siteUrl) } : {}),
    ...(s.town || s.postcodeDistrict
      ? {
          address: {
            '@type': 'PostalAddress',
            ...(s.town ? { addressLocality: s.town } : {}),
            ...(s.postcodeDistrict ? { postalCode: s.postcodeDistrict } : {}),
            addressCountry: 'GB',
          },
        }
      : {}),
    ...(hours.length ? { openingHoursSpecification: hours } : {}),
    makesOffer: s.offers.map((o) => ({
      '@type': 'Offer',
      url: absoluteUrl(`/truck/${encodeURIComponent(o.id)}`, siteUrl),
      priceCurrency: 'GBP',
      ...(o.price > 0 ? { price: o.price } : {}),
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/UsedCondition',
      itemOffered: { '@type': 'Vehicle', name: o.title, ...(o.image ? { image: absoluteUrl(o.image, siteUrl) } : {}) },
    })),
  };
}

export function storefrontHead(s: Storefront, siteUrl: string): PageHead {
  const title = `${s.companyName} — used trucks for sale${s.town ? ` in ${s.town}` : ''}`;
  return {
    title: `${title} | ${SITE_NAME}`,
    description: storefrontDescription(s),
    canonicalUrl: absoluteUrl(storefrontPath(s.slug), siteUrl),
    ogTitle: s.companyName,
    ogType: 'website',
    ...(s.logo ? { image: absoluteUrl(s.logo.url, siteUrl) } : {}),
    jsonLd: [storefrontJsonLd(s, siteUrl)],
  };
}

export function dealersHead(siteUrl: string): PageHead {
  const title = 'Truck dealers';
  return {
    title: `${title} | ${SITE_NAME}`,
    description: `Find used truck dealers on ${SITE_NAME} by name, by town, or by distance from your postcode, and browse each dealer's stock.`,
    canonicalUrl: absoluteUrl(DEALERS_PATH, siteUrl),
    ogTitle: title,
    ogType: 'website',
  };
}
