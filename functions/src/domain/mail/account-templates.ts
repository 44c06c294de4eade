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

const codeBlock = (code: string) =>
  html`<p style="margin:0 0 16px;font-size:28px;letter-spacing:6px;font-weight:bold;font-family:monospace;">${code}</p>`;

/** The code that verifies a new account's e-mail (sent by our API, not Cognito: issue 23). */
export function verificationCodeEmail(p: { code: string; validMinutes: number }, ctx: MailContext): RenderedEmail {
  const intro = `Thanks for creating a ${SITE_NAME} account. Enter this code on the sign-in page to verify your e-mail address:`;
  const expiry = `The code works for ${p.validMinutes} minutes. If it has expired, sign in and ask for a new one.`;
  const notYou = `If you didn't create an account, ignore this e-mail: without the code the account stays unusable.`;
  return renderEmail(
    {
      subject: ACCOUNT_TEXTS.verificationSubject,
      preheader: `Your ${SITE_NAME} verification code.`,
      body: html`${heading(ACCOUNT_TEXTS.verificationSubject)}
${paragraph(intro)}
${codeBlock(p.code)}
${paragraph(expiry)}
${smallPrint(notYou)}`,
      text: [intro, '', `Your code: ${p.code}`, '', expiry, '', notYou].join('\n'),
    },
    ctx,
  );
}

/** The code that lets the owner of an account set a new password. */
export function passwordResetCodeEmail(p: { code: string; validMinutes: number }, ctx: MailContext): RenderedEmail {
  const resetUrl = new URL('/reset-password', ctx.siteUrl).toString();
  const intro = `We received a request to reset the password of your ${SITE_NAME} account. Enter this code with your new password:`;
  const expiry = `The code works for ${p.validMinutes} minutes.`;
  const notYou = `If you didn't ask for this, ignore this e-mail: your password has not changed. Questions? Call us on ${SUPPORT.phone}.`;
  return renderEmail(
    {
      subject: ACCOUNT_TEXTS.resetSubject,
      preheader: `Your ${SITE_NAME} password reset code.`,
      body: html`${heading(ACCOUNT_TEXTS.resetSubject)}
${paragraph(intro)}
${codeBlock(p.code)}
${paragraph(expiry)}
${button('Reset your password', resetUrl)}
${smallPrint(notYou)}`,
      text: [intro, '', `Your code: ${p.code}`, '', expiry, `Reset your password: ${resetUrl}`, '', notYou].join('\n'),
    },
    ctx,
  );
}
