/** The e-mail a dealer applicant gets when staff decide their application. */
import { SITE_NAME, SUPPORT } from '../../../../shared/constants.js';
import { APPROVED_DEALER_LABEL } from '../../../../shared/dealer-labels.js';
import type { DealerApplication } from '../../../../shared/schemas/dealer.js';
import { html } from '../mail/html.js';
import { type MailContext, button, heading, paragraph, renderEmail, smallPrint } from '../mail/layout.js';
import type { RenderedEmail } from '../mail/mailer.js';

export function dealerDecisionEmail(app: DealerApplication, ctx: MailContext): RenderedEmail {
  const dashboardUrl = new URL('/dashboard', ctx.siteUrl).toString();
  const approved = app.status === 'approved';
  const subject = approved ? `${app.tradingName} is now an ${APPROVED_DEALER_LABEL.toLowerCase()}` : 'Your dealer application';
  const intro = approved
    ? `We have approved ${app.tradingName} as a dealer on ${SITE_NAME}. Your listings now show the "${APPROVED_DEALER_LABEL}" badge, and you can import your stock from a file or feed on your dashboard. We review your first import before it goes live; later imports go live straight away.`
    : `We could not approve ${app.tradingName} as a dealer on ${SITE_NAME}: we could not match the business details you gave with the Companies House or VAT records. You can still list up to 10 trucks yourself, and you can apply again from your dashboard with corrected details.`;
  const help = `Questions? Call us on ${SUPPORT.phone} or write to ${SUPPORT.email}.`;
  return renderEmail(
    {
      subject,
      preheader: approved ? 'Your dealer account is approved.' : 'About your dealer application.',
      body: html`${heading(subject)}
${paragraph(intro)}
${button('Open your dashboard', dashboardUrl)}
${smallPrint(help)}`,
      text: [intro, '', `Your dashboard: ${dashboardUrl}`, '', help].join('\n'),
    },
    ctx,
  );
}
