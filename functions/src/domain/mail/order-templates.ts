import { SITE_NAME, SUPPORT } from '../../../../shared/constants.js';
import type { EquipmentOrder } from '../../../../shared/schemas/equipment.js';
import { html } from './html.js';
import { type MailContext, detailsTable, heading, paragraph, renderEmail, singleLine, smallPrint } from './layout.js';
import type { RenderedEmail } from './mailer.js';
import { greetingName } from './templates.js';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const pounds = (pence: number) => gbp.format(pence / 100);

/** The buyer's confirmation of a paid equipment order (issue 10 §7). */
export function equipmentOrderConfirmation(order: EquipmentOrder, buyerName: string | null, ctx: MailContext): RenderedEmail {
  const name = greetingName(buyerName ?? undefined);
  const hello = name ? `Hi ${name},` : 'Hello,';
  const ref = order.id.slice(-10).toUpperCase();
  const rows: Array<[string, string]> = [
    ...order.lines.map((l): [string, string] => [`${l.quantity} × ${singleLine(l.name)}`, pounds(l.unitAmount * l.quantity)]),
    ['Total paid (inc. VAT)', pounds(order.amountTotal)],
  ];
  const next = `We will e-mail you when your order is dispatched. Questions? Call ${SUPPORT.phone} or reply to this e-mail.`;
  return renderEmail(
    {
      subject: `Your ${SITE_NAME} equipment order ${ref}`,
      preheader: `Thank you for your order: ${pounds(order.amountTotal)} paid.`,
      body: html`${heading('Thank you for your order')}
${paragraph(hello)}
${paragraph('We have received your payment. Your order:')}
${detailsTable(rows)}
${paragraph(next)}
${smallPrint(`Order reference ${ref}. ${ctx.siteUrl.replace(/\/+$/, '')}/equipment`)}`,
      text: [
        hello,
        '',
        'Thank you for your order. We have received your payment.',
        '',
        ...rows.map(([label, value]) => `${label}: ${value}`),
        '',
        next,
        '',
        `Order reference ${ref}`,
      ].join('\n'),
    },
    ctx,
  );
}
