/**
 * The <head> the server puts into the SPA's index.html for pages that must preview without
 * JavaScript (listing and category pages): title, description, canonical, Open Graph, Twitter
 * card and, for listings, schema.org JSON-LD. Pure: the caller passes the site URL and the
 * (anonymous, masked) listing. Everything interpolated is escaped.
 */
import { SITE_NAME } from '../../../../shared/constants.js';
import type { Listing } from '../../../../shared/schemas/listing.js';
import { clip, listingMetaDescription, listingPriceText } from '../../../../shared/listing-meta.js';
import { jsonForScript } from '../../../../shared/script-json.js';
import { fuelLabel, makeLabel } from '../../../../shared/values.js';

export interface PageHead {
  /** The full document title. */
  title: string;
  description: string;
  /** Absolute URL of the page. */
  canonicalUrl: string;
  ogTitle: string;
  ogType: 'website' | 'product';
  /** Absolute image URL, if the page has one. */
  image?: string;
  noindex?: boolean;
  /** schema.org objects, each rendered as one application/ld+json script. */
  jsonLd?: Record<string, unknown>[];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in HTML content and in double- or single-quoted attributes. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const withSiteName = (title: string) => (title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`);

/** An absolute URL: image URLs may be site-relative (/images/…) locally or when served through CloudFront. */
export function absoluteUrl(url: string, siteUrl: string): string {
  try {
    return new URL(url, `${siteUrl.replace(/\/+$/, '')}/`).toString();
  } catch {
    return url;
  }
}

export const truckPath = (id: string) => `/truck/${encodeURIComponent(id)}`;

/**
 * schema.org for a listing: a Vehicle that is also a Product, offered for sale in GBP. Only public
 * fields of the listing; seller contact details never go in.
 */
function listingJsonLd(l: Listing, siteUrl: string): Record<string, unknown> {
  const url = absoluteUrl(truckPath(l.id), siteUrl);
  const brand = makeLabel(l.make) ?? null;
  const images = l.images.map((i) => absoluteUrl(i.url, siteUrl));
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    url,
    priceCurrency: 'GBP',
    availability: l.status === 'sold' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
    itemCondition: 'https://schema.org/UsedCondition',
  };
  if (l.price > 0) offer.price = l.price;
  if (l.vatStatus === 'plus_vat' && l.price > 0) {
    offer.priceSpecification = { '@type': 'PriceSpecification', price: l.price, priceCurrency: 'GBP', valueAddedTaxIncluded: false };
  }
  return {
    '@context': 'https://schema.org',
    '@type': ['Product', 'Vehicle'],
    name: l.title,
    url,
    ...(l.description?.trim() ? { description: clip(oneLine(l.description), 5000) } : {}),
    ...(images.length ? { image: images } : {}),
    ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
    ...(l.model ? { model: l.model } : {}),
    ...(l.year ? { vehicleModelDate: String(l.year) } : {}),
    ...(l.mileage != null ? { mileageFromOdometer: { '@type': 'QuantitativeValue', value: l.mileage, unitCode: 'SMI' } } : {}),
    ...(fuelLabel(l.fuelType) ? { fuelType: fuelLabel(l.fuelType) } : {}),
    itemCondition: 'https://schema.org/UsedCondition',
    offers: offer,
  };
}

/** A public listing's head. Scraped listings are someone else's content: shown, but not indexed. */
export function listingHead(l: Listing, siteUrl: string): PageHead {
  const image = l.images[0]?.url;
  return {
    title: withSiteName(`${l.title} — ${listingPriceText(l.price, l.vatStatus)}`),
    description: listingMetaDescription(l),
    canonicalUrl: absoluteUrl(truckPath(l.id), siteUrl),
    ogTitle: l.title,
    ogType: 'product',
    ...(image ? { image: absoluteUrl(image, siteUrl) } : {}),
    noindex: l.source === 'scraped',
    jsonLd: [listingJsonLd(l, siteUrl)],
  };
}

const TRUCK_NOT_FOUND_TITLE = 'Truck Not Found';
const TRUCK_NOT_FOUND_DESCRIPTION = "This truck listing may have been removed or doesn't exist.";

/** The head of /truck/{id} when there is no public listing (the SPA renders its own not-found state). */
export function truckNotFoundHead(id: string, siteUrl: string): PageHead {
  return {
    title: withSiteName(TRUCK_NOT_FOUND_TITLE),
    description: TRUCK_NOT_FOUND_DESCRIPTION,
    canonicalUrl: absoluteUrl(truckPath(id), siteUrl),
    ogTitle: TRUCK_NOT_FOUND_TITLE,
    ogType: 'website',
    noindex: true,
  };
}

/** A category browse page (CATEGORY_PAGES), titled as the page titles itself in the browser. */
export function categoryHead(page: { path: string; title: string; description: string }, siteUrl: string): PageHead {
  const title = `Used ${page.title} for Sale`;
  return {
    title: withSiteName(title),
    description: page.description,
    canonicalUrl: absoluteUrl(page.path, siteUrl),
    ogTitle: title,
    ogType: 'website',
  };
}

export const COMPARE_PATH = '/compare';

/**
 * /compare (issue 26 §2): titled as the page titles itself. Every comparison a link names points
 * search engines at the one bare /compare (its canonical), so they are not indexed as pages of
 * their own.
 */
export function compareHead(siteUrl: string): PageHead {
  return {
    title: withSiteName('Compare trucks'),
    description: 'Compare used trucks side by side: price, year, mileage, Euro standard, clean-air status and more.',
    canonicalUrl: absoluteUrl(COMPARE_PATH, siteUrl),
    ogTitle: 'Compare trucks',
    ogType: 'website',
  };
}

/** The tags for a PageHead, one per line. */
function renderHeadTags(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`;
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`,
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.ogTitle),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonicalUrl),
    meta('property', 'og:locale', 'en_GB'),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.ogTitle),
    meta('name', 'twitter:description', head.description),
    ...(head.image ? [meta('name', 'twitter:image', head.image)] : []),
    ...(head.jsonLd ?? []).map((obj) => `<script type="application/ld+json">${jsonForScript(obj)}</script>`),
  ];
  return lines.join('\n    ');
}

// index.html's own defaults, which the page's tags replace.
const DEFAULT_TAGS = [
  /<title>[\s\S]*?<\/title>\s*/gi,
  /<meta\s+name=["']description["'][^>]*>\s*/gi,
  /<meta\s+name=["'](robots|twitter:[^"']+)["'][^>]*>\s*/gi,
  /<meta\s+property=["']og:[^"']+["'][^>]*>\s*/gi,
  /<link\s+rel=["']canonical["'][^>]*>\s*/gi,
];

/** index.html with its default title and description swapped for the page's head. */
export function injectHead(indexHtml: string, head: PageHead): string {
  const headEnd = indexHtml.search(/<\/head>/i);
  if (headEnd < 0) throw new Error('index.html has no </head>');
  let before = indexHtml.slice(0, headEnd);
  for (const re of DEFAULT_TAGS) before = before.replace(re, '');
  return `${before.trimEnd()}\n    ${renderHeadTags(head)}\n  ${indexHtml.slice(headEnd)}`;
}

/** The head of a path no page answers (the SPA's 404 page): not indexed. */
export function notFoundHead(path: string, siteUrl: string): PageHead {
  return {
    title: withSiteName('Page not found'),
    description: 'The page you were looking for is not on TruckYard. Browse used trucks and HGVs for sale across the UK.',
    canonicalUrl: absoluteUrl(path, siteUrl),
    ogTitle: 'Page not found',
    ogType: 'website',
    noindex: true,
  };
}

export interface FirstScreen {
  /** Server-rendered markup for inside `<div id="root">`. */
  rootHtml: string;
  /** Markup right after the root element (the first screen's data block). */
  afterRoot: string;
  /**
   * The route's scripts (site-absolute), its own chunk first, then the chunks it imports: listed
   * for the entry script (web/src/boot.ts), which imports the first with the app once the first
   * screen is on screen (the module loader fetches the rest); stylesheets to link.
   */
  modulepreload: string[];
  stylesheets: string[];
}

/** The JSON block naming the route's scripts; web/src/boot.ts reads it. */
const FIRST_SCREEN_MODULES_ID = 'first-screen-modules';

/** Puts a server-rendered first screen into index.html: stylesheets in the head, the markup in #root. */
export function injectFirstScreen(indexHtml: string, screen: FirstScreen): string {
  const root = /<div id="root">\s*<\/div>/i;
  if (!root.test(indexHtml)) throw new Error('index.html has no empty <div id="root"></div>');
  const named = (href: string) => indexHtml.includes(`"${href}"`);
  const links = [...new Set(screen.stylesheets)]
    .filter((h) => !named(h))
    .map((h) => `<link rel="stylesheet" crossorigin href="${escapeHtml(h)}">`);
  const withLinks = (links.length ? indexHtml.replace(/<\/head>/i, `  ${links.join('\n    ')}\n  </head>`) : indexHtml)
    // The first screen is already in the HTML; code only makes it interactive, so none of it may
    // take bandwidth from the stylesheet and the photo that paint it. The route's chunks are not
    // modulepreloaded here but listed for the entry script, which imports them after the paint.
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/gi, '<link rel="modulepreload" fetchpriority="low"');
  const modules = [...new Set(screen.modulepreload)].filter((h) => !named(h));
  const afterRoot = `${screen.afterRoot}<script type="application/json" id="${FIRST_SCREEN_MODULES_ID}">${jsonForScript(modules)}</script>`;
  // A function replacement: `$` in the markup must not be read as a replacement pattern.
  return withLinks.replace(root, () => `<div id="root">${screen.rootHtml}</div>${afterRoot}`);
}
