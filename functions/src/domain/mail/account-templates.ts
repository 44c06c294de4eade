/** E-mails about accounts that Cognito does not send itself (its own codes: cognito-messages.ts). */
import { SITE_NAME, SUPPORT } from '../../../../shared/constants.js';
import { ACCOUNT_TEXTS } from '../../../../shared/schemas/account.js';
import { html } from './html.js';
import { type MailContext, button, heading, paragraph, renderEmail, smallPrint } from './layout.js';
import type { RenderedEmail } from './mailer.js';

/**
 * To an address that already has an account when someone signs up with it again. It echoes
 * nothing typed (not even the name: anyone can type any address) and tells the owner what to do.
 */
export function existingAccountNotice(_signUp: { name: string }, ctx: MailContext): RenderedEmail {
  const signInUrl = new URL('/auth', ctx.siteUrl).toString();
  const resetUrl = new URL('/reset-password', ctx.siteUrl).toString();
  const intro = `Someone, hopefully you, just tried to create a ${SITE_NAME} account with this e-mail address. You already have one, so we didn't create another.`;
  const what = `Sign in with your password. If you've forgotten it, reset it and we'll e-mail you a code. If you never verified your e-mail address, signing in will ask you for a new code.`;
  const notYou = `If this wasn't you, you can ignore this e-mail: nothing has changed on your account. Questions? Call us on ${SUPPORT.phone}.`;
  return renderEmail(
    {
      subject: ACCOUNT_TEXTS.existingAccountSubject,
      preheader: `You already have a ${SITE_NAME} account with this e-mail address.`,
      body: html`${heading(ACCOUNT_TEXTS.existingAccountSubject)}
${paragraph(intro)}
${paragraph(what)}
${button('Sign in', signInUrl)}
${paragraph(html`Forgotten your password? <a href="${resetUrl}">Reset it here</a>.`)}
${smallPrint(notYou)}`,
      text: [intro, '', what, '', `Sign in: ${signInUrl}`, `Reset your password: ${resetUrl}`, '', notYou].join('\n'),
    },
    ctx,
  );
}
