import { describe, expect, it } from 'vitest';
import type { Listing } from '../../../../shared/schemas/listing.js';
import { categoryHead, compareHead, escapeHtml, injectFirstScreen, injectHead, listingHead, truckNotFoundHead } from './page-head.js';

const SITE = 'https://truckyard.example';

const INDEX = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <title>TruckYard — Used trucks and HGVs for sale in the UK</title>
    <meta name="description" content="Buy and sell used trucks." />
    <script type="module" src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

function listing(overrides: Partial<Listing> = {}): Listing {
  return {
    id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
    source: 'user',
    userId: null,
    title: '2019 DAF XF 480 Space Cab',
    make: 'daf',
    model: 'XF 480',
    year: 2019,
    category: 'articulated',
    fuelType: 'diesel',
    transmission: 'automatic',
    mileage: 412000,
    engineSize: '12.9',
    price: 38950,
    vatStatus: 'plus_vat',
    axleConfig: '4x2',
    gvwTonnes: 44,
    euroStandard: 'euro6',
    cabType: 'sleeper',
    description: 'One owner, full service history.',
    features: null,
    contactName: 'Login to view contact',
    companyName: null,
    phone: 'Login to view phone',
    email: null,
    location: 'Leeds',
    postcode: null,
    images: [{ key: 'listings/x', url: '/images/listings/x/w800.webp', thumbUrl: '', srcSet: '', width: 1600, height: 1200 }],
    status: 'active',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    sourceWebsite: null,
    sourceUrl: null,
    ...overrides,
  } as Listing;
}

/** The JSON-LD objects in a page. */
function jsonLdOf(page: string): Array<Record<string, unknown>> {
  return [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

describe('listing page head', () => {
  it("puts the listing's title, price, description and main photo into the head", () => {
    const page = injectHead(INDEX, listingHead(listing(), SITE));

    expect(page).toContain('<title>2019 DAF XF 480 Space Cab — £38,950 +VAT | TruckYard</title>');
    expect(page).toContain('<meta property="og:title" content="2019 DAF XF 480 Space Cab" />');
    expect(page).toContain('<meta property="og:image" content="https://truckyard.example/images/listings/x/w800.webp" />');
    expect(page).toContain('<meta property="og:url" content="https://truckyard.example/truck/01JABCDEFGHJKMNPQRSTVWXYZ0" />');
    expect(page).toContain('<link rel="canonical" href="https://truckyard.example/truck/01JABCDEFGHJKMNPQRSTVWXYZ0" />');
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(page).toMatch(
      /<meta name="description" content="£38,950 \+VAT · 2019, 412,000 mi, [^"]*Leeds\. One owner, full service history\." \/>/,
    );
    expect(page).not.toContain('noindex');
    // index.html's own defaults are replaced, its scripts kept.
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.match(/name="description"/g)).toHaveLength(1);
    expect(page).toContain('<script type="module" src="/assets/index-abc.js"></script>');
  });

  it('renders a title with </title><script> inert, in the title, the meta tags and the JSON-LD', () => {
    const evil = 'Cheap </title><script>alert(1)</script> "truck" & \'co\'';
    const page = injectHead(INDEX, listingHead(listing({ title: evil, description: '</script><script>alert(2)</script>' }), SITE));

    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('</script><script>');
    expect(page.match(/<\/title>/g)).toHaveLength(1);
    expect(page).toContain(`<title>${escapeHtml(evil)} — £38,950 +VAT | TruckYard</title>`);
    expect(page).toContain('content="Cheap &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;truck&quot; &amp; &#39;co&#39;"');
    const [ld] = jsonLdOf(page);
    expect(ld.name).toBe(evil);
    expect(ld.description).toBe('</script><script>alert(2)</script>');
  });

  it('describes the truck in JSON-LD as a used vehicle offered for sale in GBP', () => {
    const [ld] = jsonLdOf(injectHead(INDEX, listingHead(listing(), SITE)));

    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': ['Product', 'Vehicle'],
      name: '2019 DAF XF 480 Space Cab',
      brand: { '@type': 'Brand', name: 'DAF' },
      model: 'XF 480',
      vehicleModelDate: '2019',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 412000, unitCode: 'SMI' },
      itemCondition: 'https://schema.org/UsedCondition',
      image: ['https://truckyard.example/images/listings/x/w800.webp'],
      offers: {
        '@type': 'Offer',
        price: 38950,
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
      },
    });
  });

  it('marks a sold truck SoldOut and leaves the price out when it is POA', () => {
    const [sold] = jsonLdOf(injectHead(INDEX, listingHead(listing({ status: 'sold' }), SITE)));
    const [poa] = jsonLdOf(injectHead(INDEX, listingHead(listing({ price: 0 }), SITE)));

    expect((sold.offers as Record<string, unknown>).availability).toBe('https://schema.org/SoldOut');
    expect(poa.offers).not.toHaveProperty('price');
    expect((poa.offers as Record<string, unknown>).priceCurrency).toBe('GBP');
  });

  it('asks search engines not to index scraped listings', () => {
    const page = injectHead(INDEX, listingHead(listing({ id: 'scraped-abc', source: 'scraped', images: [] }), SITE));

    expect(page).toContain('<meta name="robots" content="noindex" />');
    expect(page).toContain('<meta name="twitter:card" content="summary" />');
    expect(page).not.toContain('og:image');
  });

  it('never puts contact details into the head', () => {
    const page = injectHead(
      INDEX,
      listingHead(listing({ phone: '07700 900123', email: 'seller@example.com', contactName: 'Sam Seller' }), SITE),
    );

    expect(page).not.toContain('07700 900123');
    expect(page).not.toContain('seller@example.com');
    expect(page).not.toContain('Sam Seller');
  });
});

describe('other page heads', () => {
  it('titles a missing truck Truck Not Found and keeps it out of the index', () => {
    const page = injectHead(INDEX, truckNotFoundHead('nope"<x>', SITE));

    expect(page).toContain('<title>Truck Not Found | TruckYard</title>');
    expect(page).toContain('<meta name="robots" content="noindex" />');
    expect(page).toContain('href="https://truckyard.example/truck/nope%22%3Cx%3E"');
  });

  it('titles /compare as the page does, each comparison canonical to the bare /compare', () => {
    const page = injectHead(INDEX, compareHead(SITE));

    expect(page).toContain('<title>Compare trucks | TruckYard</title>');
    expect(page).not.toContain('noindex');
    expect(page).toContain('<link rel="canonical" href="https://truckyard.example/compare" />');
  });

  it('gives a category page its own title, description and canonical URL', () => {
    const page = injectHead(INDEX, categoryHead({ path: '/tippers', title: 'Tippers', description: 'Used tipper trucks for sale.' }, SITE));

    expect(page).toContain('<title>Used Tippers for Sale | TruckYard</title>');
    expect(page).toContain('<meta property="og:description" content="Used tipper trucks for sale." />');
    expect(page).toContain('<meta property="og:type" content="website" />');
    expect(page).toContain('<link rel="canonical" href="https://truckyard.example/tippers" />');
  });
});

describe('a server-rendered first screen in index.html', () => {
  const INDEX = `<html><head>
    <script type="module" crossorigin src="/assets/boot.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </head><body><div id="root"></div></body></html>`;

  it('links the stylesheets in the head but only lists the route scripts, for the entry to load after the paint', () => {
    const html = injectFirstScreen(INDEX, {
      rootHtml: '<main>Trucks $& more</main>',
      afterRoot: '<script type="application/json" id="first-screen-data">{}</script>',
      modulepreload: ['/assets/home.js', '/assets/main.js', '/assets/home.js', '/assets/</script>.js'],
      stylesheets: ['/assets/index.css', '/assets/home.css'],
    });

    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/home.css">\n  </head>');
    expect(html.match(/index\.css/g)).toHaveLength(1);
    expect(html).toContain(
      '<div id="root"><main>Trucks $& more</main></div><script type="application/json" id="first-screen-data">{}</script>' +
        '<script type="application/json" id="first-screen-modules">["/assets/home.js","/assets/main.js","/assets/\\u003c/script\\u003e.js"]</script>',
    );
  });
});
