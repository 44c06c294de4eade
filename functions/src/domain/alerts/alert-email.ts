import { groupThousands } from '../../../../shared/schemas/alerts.js';
import type { Listing } from '../../../../shared/schemas/listing.js';
import { html, raw, safeUrl } from '../mail/html.js';
import { BRAND, type MailContext, button, heading, paragraph, renderEmail, smallPrint } from '../mail/layout.js';
import type { RenderedEmail } from '../mail/mailer.js';

/** At most this many listings in one alert e-mail; the rest are "and N more" on browse. */
export const MAX_LISTINGS_PER_EMAIL = 20;

export interface AlertMatch {
  listing: Listing;
  reasons: string[];
}

export type AlertKind = 'instant' | 'daily' | 'weekly' | 'flood' | 'price-drop';

export interface AlertEmailData {
  name: string;
  kind: AlertKind;
  matches: AlertMatch[];
  /** Browse with the preferences as filters. */
  moreUrl: string;
  unsubscribeUrl: string;
  /** Price drops: the price the user was told before. */
  oldPrice?: number;
  /**
   * The WhatsApp message of this alert could not be sent: the e-mail says so first. `emailOff`: the
   * subscriber turned e-mail alerts off, and this is the one alert coming by e-mail instead.
   */
  whatsappNotice?: { emailOff: boolean; dashboardUrl: string };
}

/** The fallback e-mail's first lines (the subscriber is told WhatsApp could not be reached, and how to fix it). */
function whatsappNoticeText(n: { emailOff: boolean; dashboardUrl: string }): string {
  return [
    n.emailOff
      ? 'We could not send this alert to you on WhatsApp, so it comes by e-mail this once (you turned e-mail alerts off).'
      : 'We could not send this alert to you on WhatsApp.',
    `Check that your WhatsApp number is right and verified on your dashboard, or switch WhatsApp alerts off there: ${n.dashboardUrl}`,
  ].join(' ');
}

const gbp = (n: number) => `£${groupThousands(n)}`;
/** Issue 13: a listing the fair-price model rates a great price says so (other bands stay off the e-mail). */
const isGreatPrice = (l: Listing) => l.priceBand === 'great';
const GREAT_PRICE = 'Great price';
/** Issue 27: only listings whose annual-test readings bear out the mileage say so. */
const MILEAGE_CONSISTENT = 'mileage consistent';
const priceText = (l: Listing) => (l.price ? `${gbp(l.price)}${l.vatStatus === 'plus_vat' ? ' +VAT' : ''}` : 'POA');

const SUBJECT: Record<AlertKind, (n: number, first: Listing) => string> = {
  instant: (_n, first) => `New match: ${first.title}`,
  flood: (n) => `${n} new trucks match your alert`,
  daily: (n) => `Your daily truck alert: ${n} new ${n === 1 ? 'match' : 'matches'}`,
  weekly: (n) => `Your weekly truck alert: ${n} new ${n === 1 ? 'match' : 'matches'}`,
  'price-drop': (_n, first) => `Price drop: ${first.title} is now ${priceText(first)}`,
};

const cardCache = new WeakMap<Listing, { site: string; parts: [string, string] }>();

/** A listing's card, split where the user's own reasons go. */
function cardParts(l: Listing, site: string, oldPrice?: number): [string, string] {
  const absolute = (url: string) => (url.startsWith('http') ? url : `${site}${url}`);
  const link = `${site}/truck/${encodeURIComponent(l.id)}`;
  const img = l.images[0];
  const head =
    html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border:1px solid ${BRAND.border};border-radius:8px;">
<tr>${img ? html`<td width="160" style="padding:12px;vertical-align:top;"><a href="${safeUrl(link)}"><img src="${safeUrl(absolute(img.thumbUrl))}" width="160" alt="${l.title}" style="display:block;width:160px;height:auto;border-radius:6px;"></a></td>` : raw('')}
<td style="padding:12px;vertical-align:top;">
<a href="${safeUrl(link)}" style="font-weight:700;font-size:17px;color:${BRAND.navy};text-decoration:none;">${l.title}</a>
<div style="font-size:18px;font-weight:800;margin:4px 0;">${priceText(l)}${oldPrice ? html` <s style="color:${BRAND.muted};font-weight:400;font-size:14px;">${gbp(oldPrice)}</s>` : raw('')}${isGreatPrice(l) ? html` <span style="display:inline-block;vertical-align:middle;margin-left:6px;padding:2px 8px;border-radius:999px;background:#15803d;color:#ffffff;font-size:12px;font-weight:700;">${GREAT_PRICE}</span>` : raw('')}</div>
<div style="font-size:14px;color:${BRAND.muted};">${l.location ?? 'Location not stated'}</div>
${l.mileageConsistent ? html`<div style="font-size:13px;font-weight:700;color:#15803d;margin-top:4px;">&#10003; Mileage consistent with its annual tests</div>` : raw('')}
<div style="font-size:13px;margin-top:6px;">Why it matched: `.value;
  return [head, '</div>\n</td></tr></table>'];
}

/** An alert e-mail: up to 20 listings with photo, price (+VAT), location, link and why each matched. */
export function renderAlertEmail(data: AlertEmailData, ctx: MailContext): RenderedEmail {
  const site = ctx.siteUrl.replace(/\/$/, '');
  const shown = data.matches.slice(0, MAX_LISTINGS_PER_EMAIL);
  const more = data.matches.length - shown.length;
  const first = shown[0].listing;
  const subject = SUBJECT[data.kind](data.matches.length, first);
  const cards = shown.map(({ listing: l, reasons }) => {
    const why = html`${reasons.join(' · ')}`.value;
    if (data.kind === 'price-drop') {
      const [head, tail] = cardParts(l, site, data.oldPrice);
      return `${head}${why}${tail}`;
    }
    // A digest run renders the same listings for thousands of users: the card around the
    // user's own "why it matched" is built once per listing object (npm run bench, alerts).
    let cached = cardCache.get(l);
    if (!cached || cached.site !== site) {
      cached = { site, parts: cardParts(l, site) };
      cardCache.set(l, cached);
    }
    return `${cached.parts[0]}${why}${cached.parts[1]}`;
  });
  const intro =
    data.kind === 'price-drop'
      ? 'A truck we told you about has dropped its price.'
      : `${data.matches.length === 1 ? 'A new truck matches' : `${data.matches.length} new trucks match`} what you are looking for.`;
  const notice = data.whatsappNotice ? whatsappNoticeText(data.whatsappNotice) : null;
  const body = html`${heading(data.kind === 'price-drop' ? 'Price drop' : 'New trucks for you')}
${notice ? html`<p style="margin:0 0 16px;padding:12px;border-radius:8px;background:#fef3c7;color:#78350f;font-size:15px;">${notice}</p>` : raw('')}
${paragraph(`Hi ${data.name},`)}
${paragraph(intro)}
${raw(cards.join('\n'))}
${more > 0 ? html`${paragraph(`…and ${more} more.`)}${button(`See all ${data.matches.length} matches`, data.moreUrl)}` : button('Browse more trucks', data.moreUrl)}
${smallPrint(html`You get these because you subscribed to TruckYard truck alerts. <a href="${safeUrl(data.unsubscribeUrl)}" style="color:${BRAND.muted};">Unsubscribe</a> (your paid plan continues until you cancel it on your dashboard).`)}`;
  const text = [
    ...(notice ? [notice, ''] : []),
    `Hi ${data.name},`,
    '',
    intro,
    '',
    ...shown.flatMap(({ listing: l, reasons }) => [
      `${l.title} — ${priceText(l)}${isGreatPrice(l) ? ` (${GREAT_PRICE})` : ''} — ${l.location ?? 'Location not stated'}${l.mileageConsistent ? ` — ${MILEAGE_CONSISTENT}` : ''}`,
      `${site}/truck/${encodeURIComponent(l.id)}`,
      `Why it matched: ${reasons.join('; ')}`,
      '',
    ]),
    ...(more > 0 ? [`…and ${more} more: ${data.moreUrl}`, ''] : []),
    `Unsubscribe: ${data.unsubscribeUrl}`,
  ].join('\n');
  return renderEmail({ subject, preheader: notice ?? intro, body, text }, ctx);
}
