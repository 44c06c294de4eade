import { SITE_NAME, SUPPORT } from '../../../../shared/constants.js';
import { EQUIPMENT_TERMS, type EquipmentOrder, VAT_RATE, vatIncluded } from '../../../../shared/schemas/equipment.js';
import { html } from './html.js';
import { type MailContext, detailsTable, heading, paragraph, renderEmail, singleLine, smallPrint } from './layout.js';
import type { RenderedEmail } from './mailer.js';
import { greetingName } from './templates.js';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const pounds = (pence: number) => gbp.format(pence / 100);

/** The delivery address on one line per part. */
const addressLines = (o: EquipmentOrder) =>
  o.shipping ? [o.shipping.name, o.shipping.line1, o.shipping.line2, o.shipping.city, o.shipping.postcode].filter(Boolean).map(String) : [];

const helloOf = (buyerName: string | null) => {
  const name = greetingName(buyerName ?? undefined);
  return name ? `Hi ${name},` : 'Hello,';
};

/**
 * The buyer's confirmation of a paid equipment order, as a VAT receipt (issue 24 §3): the lines,
 * the total with the 20% VAT it includes, the delivery address, the order
 * reference, and the 14-day right to cancel with how to return an item.
 */
export function equipmentOrderConfirmation(order: EquipmentOrder, buyerName: string | null, ctx: MailContext): RenderedEmail {
  const hello = helloOf(buyerName);
  const ref = order.reference;
  const vat = vatIncluded(order.amountTotal);
  const rows: Array<[string, string]> = [
    ['Order reference', ref],
    ['Date', new Date(order.createdAt).toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' })],
    ...order.lines.map((l): [string, string] => [`${l.quantity} × ${singleLine(l.name)}`, pounds(l.unitAmount * l.quantity)]),
    ['Total paid (inc. VAT)', pounds(order.amountTotal)],
    ['Net of VAT', pounds(order.amountTotal - vat)],
    [`VAT at ${VAT_RATE * 100}%`, pounds(vat)],
  ];
  const address = addressLines(order);
  const next = `We will e-mail you when your order is dispatched. Questions? Call ${SUPPORT.phone} or reply to this e-mail.`;
  return renderEmail(
    {
      subject: `Your ${SITE_NAME} equipment order ${ref}: VAT receipt`,
      preheader: `Thank you for your order: ${pounds(order.amountTotal)} paid, including ${pounds(vat)} VAT.`,
      body: html`${heading('Thank you for your order')}
${paragraph(hello)}
${paragraph(`We have received your payment. This is your VAT receipt from ${SITE_NAME}.`)}
${detailsTable(rows)}
${address.length ? paragraph(`Delivering to: ${address.join(', ')}${order.phone ? ` (phone ${order.phone})` : ''}`) : ''}
${paragraph(next)}
${smallPrint(`${EQUIPMENT_TERMS.rightToCancel} ${EQUIPMENT_TERMS.howToReturn}`)}
${smallPrint(`Order reference ${ref}. ${ctx.siteUrl.replace(/\/+$/, '')}/account`)}`,
      text: [
        hello,
        '',
        `Thank you for your order. We have received your payment. This is your VAT receipt from ${SITE_NAME}.`,
        '',
        ...rows.map(([label, value]) => `${label}: ${value}`),
        ...(address.length ? ['', `Delivering to: ${address.join(', ')}`] : []),
        ...(order.phone ? [`Phone: ${order.phone}`] : []),
        '',
        next,
        '',
        EQUIPMENT_TERMS.rightToCancel,
        EQUIPMENT_TERMS.howToReturn,
        '',
        `Order reference ${ref}`,
      ].join('\n'),
    },
    ctx,
  );
}

/** The dispatch e-mail the confirmation promised, with the carrier and tracking reference when staff gave them. */
export function equipmentOrderDispatched(order: EquipmentOrder, ctx: MailContext): RenderedEmail {
  const ref = order.reference;
  const tracking = [
    order.carrier ? `Carrier: ${order.carrier}` : null,
    order.trackingReference ? `Tracking reference: ${order.trackingReference}` : null,
  ].filter((l): l is string => Boolean(l));
  const address = addressLines(order);
  return renderEmail(
    {
      subject: `Your ${SITE_NAME} order ${ref} has been dispatched`,
      preheader: `Order ${ref} is on its way.`,
      body: html`${heading('Your order is on its way')}
${paragraph(`Order ${ref} has been dispatched${address.length ? ` to ${address.join(', ')}` : ''}.`)}
${tracking.length ? paragraph(tracking.join('. ')) : ''}
${smallPrint(`${EQUIPMENT_TERMS.rightToCancel} ${EQUIPMENT_TERMS.howToReturn}`)}
${smallPrint(`Order reference ${ref}. ${ctx.siteUrl.replace(/\/+$/, '')}/account`)}`,
      text: [
        `Order ${ref} has been dispatched${address.length ? ` to ${address.join(', ')}` : ''}.`,
        ...tracking,
        '',
        EQUIPMENT_TERMS.rightToCancel,
        EQUIPMENT_TERMS.howToReturn,
        '',
        `Order reference ${ref}`,
      ].join('\n'),
    },
    ctx,
  );
}

/** The refund e-mail: the order was cancelled before dispatch, or refunded after it. */
export function equipmentOrderRefunded(order: EquipmentOrder, ctx: MailContext): RenderedEmail {
  const ref = order.reference;
  const what = order.orderStatus === 'cancelled' ? 'cancelled and refunded' : 'refunded';
  const line = `Order ${ref} has been ${what}: ${pounds(order.amountTotal)} goes back to the card you paid with, usually within 5 to 10 working days.`;
  return renderEmail(
    {
      subject: `Your ${SITE_NAME} order ${ref} has been ${what}`,
      preheader: line,
      body: html`${heading(`Your order has been ${what}`)}
${paragraph(line)}
${smallPrint(`Order reference ${ref}. ${ctx.siteUrl.replace(/\/+$/, '')}/account`)}`,
      text: [line, '', `Order reference ${ref}`].join('\n'),
    },
    ctx,
  );
}
