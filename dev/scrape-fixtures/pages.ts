/**
 * The fixture source sites' pages (dev/scrape-fixtures/sites.ts serves them): made-up trucks and
 * the two layouts the scraper's parsers read, card grid and stock table. The scraper's tests build
 * their pages with the same code, so a page the tests parse is a page the sites serve.
 */
const MAKES = [
  ['DAF', 'XF 480 FT', 'Tractor Unit'],
  ['Scania', 'R450 Highline', 'Curtainsider'],
  ['Volvo', 'FH 500 Globetrotter', 'Tractor Unit'],
  ['Mercedes-Benz', 'Actros 2545', 'Box Van'],
  ['MAN', 'TGX 18.510', 'Tipper'],
  ['Iveco', 'S-Way 490', 'Fridge'],
  ['Renault', 'T 480', 'Flatbed'],
] as const;
const TOWNS = ['Wakefield', 'Leeds', 'Doncaster', 'Warrington', 'Bristol', 'Daventry', 'Stoke-on-Trent'];

export interface FixtureTruck {
  ref: string;
  make: string;
  model: string;
  body: string;
  year: number;
  miles: number;
  price: number;
  town: string;
  dealer: string;
  phone: string;
  photo: string | null;
}

/** The n-th made-up truck of a site (`prefix-100n`): make, price, miles and dealer vary with n. */
export function fixtureTruck(prefix: string, n: number, photoPath: string | null = `/photos/${prefix}-${n}.jpg`): FixtureTruck {
  const [make, model, body] = MAKES[n % MAKES.length];
  return {
    ref: `${prefix}-${1000 + n}`,
    make,
    model,
    body,
    year: 2014 + (n % 10),
    miles: 120_000 + ((n * 7919) % 400_000),
    price: 18_000 + ((n * 3571) % 60_000),
    town: TOWNS[n % TOWNS.length],
    dealer: `${TOWNS[(n + 3) % TOWNS.length]} Commercials`,
    phone: `01632 96${String(n % 10000).padStart(4, '0')}`,
    photo: photoPath,
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A results page in the card-grid layout (truckhub.test, brokenhgv.test, the bench site). */
export function cardGridPage(trucks: FixtureTruck[], next: string | null): string {
  const cards = trucks
    .map(
      (t) => `<article class="truck-card" data-listing-id="${t.ref}">
  <a class="truck-card__link" href="/trucks/${t.ref}"><h3 class="truck-card__title">${esc(t.make)} ${esc(t.model)}</h3></a>
  ${t.photo ? `<img class="truck-card__photo" src="${t.photo}" alt="">` : ''}
  <p class="truck-card__price">£${t.price.toLocaleString('en-GB')} + VAT</p>
  <ul class="truck-card__specs">
    <li data-field="make">${esc(t.make)}</li><li data-field="model">${esc(t.model)}</li>
    <li data-field="year">${t.year}</li><li data-field="mileage">${Math.round(t.miles * 1.609344).toLocaleString('en-GB')} km</li>
    <li data-field="fuel">Diesel</li><li data-field="gearbox">Automatic</li><li data-field="body">${t.body}</li>
  </ul>
  <p class="truck-card__location">${t.town}</p>
  <p class="truck-card__dealer"><span class="name">${esc(t.dealer)}</span> <a class="phone" href="tel:${t.phone.replace(/\s/g, '')}">${t.phone}</a></p>
</article>`,
    )
    .join('\n');
  return `<!doctype html><html><head><title>Used trucks</title></head><body><main>${cards}</main>
<nav class="pager">${next ? `<a rel="next" href="${next}">Next</a>` : ''}</nav></body></html>`;
}

/** A results page in the stock-table layout (lorrystock.test). */
export function stockTablePage(trucks: FixtureTruck[], next: string | null): string {
  const rows = trucks
    .map(
      (t) => `<tr class="stock-row" id="stock-${t.ref}">
  <td class="stock-pic">${t.photo ? `<img src="/blank.gif" data-src="${t.photo}">` : ''}</td>
  <td class="stock-main"><a href="/stock/${t.ref.toLowerCase()}.html"><b>${esc(t.make)}</b> ${esc(t.model)}</a><br><small>Reg: ${t.year}</small></td>
  <td class="stock-miles">${t.miles.toLocaleString('en-GB')} miles</td>
  <td class="stock-price">£${t.price.toLocaleString('en-GB')}</td>
  <td class="stock-info">${t.body} · Manual · Diesel</td>
  <td class="stock-dealer">${esc(t.dealer)}<br>${t.phone}<br>${t.town}</td>
</tr>`,
    )
    .join('\n');
  return `<!doctype html><html><body><table class="stock-list"><tbody>${rows}</tbody></table>
<div class="pages">${next ? `<a class="next" href="${next}">›</a>` : ''}</div></body></html>`;
}
