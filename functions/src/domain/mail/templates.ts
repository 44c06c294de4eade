/**
 * Every e-mail the product sends, as functions from data to { subject, html, text }. Pure: no
 * clock, no environment; links are built from the MailContext passed in.
 */
import { dialablePhone, formatPhone } from '../../../../shared/phone.js';
import { SITE_NAME, SUPPORT } from '../../../../shared/constants.js';
import type { ValuationRequestDetails } from '../valuations/submit-valuation.js';
import { MOT_STATUSES, VALUATION_PROMISE, VALUATION_VEHICLE_TYPES } from '../../../../shared/schemas/valuation.js';
import { makeLabel, transmissionLabel } from '../../../../shared/values.js';
import { html, multiline } from './html.js';
import {
  type MailContext,
  button,
  codeBlock,
  detailsTable,
  heading,
  paragraph,
  quote,
  renderEmail,
  singleLine,
  smallPrint,
} from './layout.js';
import type { RenderedEmail } from './mailer.js';

/** The reply time the contact acknowledgement promises. */
export const CONTACT_REPLY_HOURS = 24;
/** Platinum's priority support: the shorter reply time its subscribers are promised. */
export const PRIORITY_REPLY_HOURS = 4;

/** "15 minutes", "60 minutes", "24 hours": whole hours read better past two hours. */
function formatDuration(minutes: number): string {
  if (minutes >= 120 && minutes % 60 === 0) return `${minutes / 60} hours`;
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

const ukTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' });

/** A UK wall-clock time for people, e.g. "22 Nov 2026, 19:51". */
const formatUkTime = (iso: string) => ukTime.format(new Date(iso));

/**
 * The name to greet someone by, or none. Acknowledgements go to whatever address the form was given,
 * so a "name" that looks like a link or an essay is dropped rather than mailed to a stranger.
 */
export function greetingName(name: string | undefined): string | undefined {
  const n = singleLine(name ?? '');
  if (!n || n.length > 40 || /[/@:<>]|www\.|\.[a-z]{2,}\b/i.test(n)) return undefined;
  return n;
}

const greeting = (name: string | undefined) => {
  const n = greetingName(name);
  return n ? `Hi ${n},` : 'Hello,';
};

// ---------- contact form ----------

/** A stored (E.164) number shown in UK format, dialable. */
const phoneLink = (phone: string) => html`<a href="tel:${dialablePhone(phone) ?? phone}" style="color:#0f2a44;">${formatPhone(phone)}</a>`;

export interface ContactMessageEmailData {
  id: string;
  /** ISO time the message was received. */
  receivedAt: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  subject: string;
  message: string;
}

/** To staff (SUPPORT_INBOX), sent with Reply-To the sender so "Reply" answers them. */
export function contactMessageToStaff(m: ContactMessageEmailData & { priority?: boolean }, ctx: MailContext): RenderedEmail {
  const replyHours = m.priority ? PRIORITY_REPLY_HOURS : CONTACT_REPLY_HOURS;
  const name = singleLine(`${m.firstName} ${m.lastName}`);
  const received = formatUkTime(m.receivedAt);
  const rows: Array<[string, string | ReturnType<typeof html>]> = [
    ['From', name],
    ['Email', html`<a href="mailto:${m.email}" style="color:#0f2a44;">${m.email}</a>`],
    ['Phone', m.phone ? phoneLink(m.phone) : 'Not given'],
    ['Subject', m.subject],
    ['Received', received],
  ];
  return renderEmail(
    {
      subject: `${m.priority ? '[Priority] ' : ''}Contact form: ${m.subject} (${name})`,
      preheader: `${name} wrote: ${singleLine(m.message).slice(0, 120)}`,
      body: html`${heading('New message from the contact form')}
${detailsTable(rows)}
${quote(multiline(m.message))}
${paragraph(`Reply to this e-mail to answer ${name} directly. We promised a reply within ${replyHours} hours.`)}
${smallPrint(`Reference ${m.id}`)}`,
      text: [
        'New message from the contact form',
        '',
        `From:     ${name}`,
        `Email:    ${m.email}`,
        `Phone:    ${m.phone ? formatPhone(m.phone) : 'Not given'}`,
        `Subject:  ${singleLine(m.subject)}`,
        `Received: ${received}`,
        '',
        m.message,
        '',
        `Reply to this e-mail to answer ${name} directly. We promised a reply within ${replyHours} hours.`,
        `Reference ${m.id}`,
      ].join('\n'),
    },
    ctx,
  );
}

/**
 * To the sender. It repeats none of what they typed except a plausible first name: the form takes
 * any address, and an acknowledgement echoing the message would let anyone mail anyone through us.
 */
export function contactAcknowledgement(m: { firstName: string; priority?: boolean }, ctx: MailContext): RenderedEmail {
  const replyHours = m.priority ? PRIORITY_REPLY_HOURS : CONTACT_REPLY_HOURS;
  const intro = `Thanks for contacting ${SITE_NAME}. We've received your message and a member of our team will reply within ${replyHours} hours.`;
  const urgent = `If it's urgent, call us on ${SUPPORT.phone} (${SUPPORT.hours.filter((h) => !/closed/i.test(h)).join(', ')}).`;
  const notYou = `If you didn't send us a message, you can ignore this e-mail.`;
  return renderEmail(
    {
      subject: `We've received your message`,
      preheader: `We'll reply within ${replyHours} hours.`,
      body: html`${heading('Thanks, we’ve got your message')}
${paragraph(greeting(m.firstName))}
${paragraph(intro)}
${paragraph(urgent)}
${button(`Browse trucks on ${SITE_NAME}`, ctx.siteUrl)}
${smallPrint(notYou)}`,
      text: [greeting(m.firstName), '', intro, '', urgent, '', `Browse trucks: ${ctx.siteUrl}`, '', notYou].join('\n'),
    },
    ctx,
  );
}

// ---------- valuation requests ----------

/** The response time the valuation page and acknowledgement promise (spec §9). */
const VALUATION_REPLY_TIME = '24-48 hours';

export type ValuationRequestEmailData = ValuationRequestDetails;

/** To staff (SUPPORT_INBOX), sent with Reply-To the requester. Photos stay in the private bucket; the e-mail counts them. */
export function valuationRequestToStaff(v: ValuationRequestEmailData, ctx: MailContext): RenderedEmail {
  const name = singleLine(v.contactName);
  const vehicle = singleLine(`${v.age} ${makeLabel(v.make) ?? v.make} ${v.model}`);
  const received = formatUkTime(v.createdAt);
  const photos = v.imageKeys.length === 1 ? '1 photo' : `${v.imageKeys.length} photos`;
  const details: Array<[string, string]> = [
    ['Make', makeLabel(v.make) ?? v.make],
    ['Model', v.model],
    ['Vehicle type', VALUATION_VEHICLE_TYPES.find((t) => t.value === v.vehicleType)?.label ?? v.vehicleType],
    ['Year', String(v.age)],
    ['Mileage', v.mileage.toLocaleString('en-GB')],
    ['MOT status', MOT_STATUSES.find((m) => m.value === v.motStatus)?.label ?? v.motStatus],
    ['Wheel configuration', v.wheelConfiguration],
    ['Horse power', v.horsePower === undefined ? 'Not given' : String(v.horsePower)],
    ['Transmission', v.transmissionType ? (transmissionLabel(v.transmissionType) ?? v.transmissionType) : 'Not given'],
    ['Photos', photos],
  ];
  const contact: Array<[string, string]> = [
    ['Name', name],
    ['Email', v.contactEmail],
    ['Phone', formatPhone(v.contactPhone)],
    ['Company', v.company ?? 'Not given'],
    ['Received', received],
  ];
  const closing = `Reply to this e-mail to answer ${name} directly. We promised a response within ${VALUATION_REPLY_TIME}.`;
  const where = `Photos are in the private uploads bucket under valuations/${v.id}/.`;
  return renderEmail(
    {
      subject: `Valuation request: ${vehicle} (${name})`,
      preheader: `${name} asked for a valuation of a ${vehicle}, ${photos}.`,
      body: html`${heading('New valuation request')}
${detailsTable(details)}
${detailsTable(contact)}
${v.additionalInfo ? quote(multiline(v.additionalInfo)) : ''}
${paragraph(closing)}
${smallPrint(`${where} Reference ${v.id}`)}`,
      text: [
        'New valuation request',
        '',
        ...details.map(([k, val]) => `${k}: ${singleLine(val)}`),
        '',
        ...contact.map(([k, val]) => `${k}: ${singleLine(val)}`),
        ...(v.additionalInfo ? ['', v.additionalInfo] : []),
        '',
        closing,
        `${where} Reference ${v.id}`,
      ].join('\n'),
    },
    ctx,
  );
}

/** To the requester. Like the contact acknowledgement, it echoes nothing they typed but a plausible name. */
export function valuationAcknowledgement(v: { name: string }, ctx: MailContext): RenderedEmail {
  const firstName = v.name.trim().split(/\s+/)[0];
  const intro = VALUATION_PROMISE.acknowledgement;
  const urgent = `Questions in the meantime? Call us on ${SUPPORT.phone} (${SUPPORT.hours.filter((h) => !/closed/i.test(h)).join(', ')}).`;
  const notYou = `If you didn't ask us for a valuation, you can ignore this e-mail.`;
  return renderEmail(
    {
      subject: `We've received your valuation request`,
      preheader: `Expect a response within ${VALUATION_REPLY_TIME}.`,
      body: html`${heading('Thanks, we’ve got your valuation request')}
${paragraph(greeting(firstName))}
${paragraph(intro)}
${paragraph(urgent)}
${button(`Browse trucks on ${SITE_NAME}`, ctx.siteUrl)}
${smallPrint(notYou)}`,
      text: [greeting(firstName), '', intro, '', urgent, '', `Browse trucks: ${ctx.siteUrl}`, '', notYou].join('\n'),
    },
    ctx,
  );
}

// ---------- enquiries ----------

export interface EnquiryEmailData {
  id: string;
  /** ISO time the enquiry was sent. */
  createdAt: string;
  listingId: string;
  listingTitle: string;
  sellerName?: string | null;
  buyerName?: string;
  buyerEmail?: string;
  phone?: string;
  message: string;
}

/** To the seller of a user listing, sent with Reply-To the buyer so "Reply" answers them (issue 3 §4). */
export function enquiryToSeller(e: EnquiryEmailData, ctx: MailContext): RenderedEmail {
  const buyer = singleLine(e.buyerName ?? '') || 'A buyer';
  const title = singleLine(e.listingTitle);
  const received = formatUkTime(e.createdAt);
  const listingUrl = new URL(`/truck/${encodeURIComponent(e.listingId)}`, ctx.siteUrl).toString();
  const rows: Array<[string, string | ReturnType<typeof html>]> = [
    ['Truck', title],
    ['From', buyer],
    ['Email', e.buyerEmail ? html`<a href="mailto:${e.buyerEmail}" style="color:#0f2a44;">${e.buyerEmail}</a>` : 'Not given'],
    ['Phone', e.phone ? phoneLink(e.phone) : 'Not given'],
    ['Received', received],
  ];
  const closing = e.buyerEmail
    ? `Reply to this e-mail to answer ${buyer} directly.`
    : `${buyer} left no e-mail address: call them if they gave a phone number.`;
  const why = `You received this because you listed this truck on ${SITE_NAME}. Enquiries also appear on your dashboard.`;
  return renderEmail(
    {
      subject: `Enquiry about your ${title}`,
      preheader: `${buyer} wrote: ${singleLine(e.message).slice(0, 120)}`,
      body: html`${heading('New enquiry about your truck')}
${paragraph(greeting(e.sellerName ?? undefined))}
${detailsTable(rows)}
${quote(multiline(e.message))}
${paragraph(closing)}
${button('View your listing', listingUrl)}
${smallPrint(`${why} Reference ${e.id}`)}`,
      text: [
        greeting(e.sellerName ?? undefined),
        '',
        'New enquiry about your truck',
        '',
        `Truck:    ${title}`,
        `From:     ${buyer}`,
        `Email:    ${e.buyerEmail ?? 'Not given'}`,
        `Phone:    ${e.phone ? formatPhone(e.phone) : 'Not given'}`,
        `Received: ${received}`,
        '',
        e.message,
        '',
        closing,
        `View your listing: ${listingUrl}`,
        '',
        `${why} Reference ${e.id}`,
      ].join('\n'),
    },
    ctx,
  );
}

// ---------- accounts ----------

export interface VerificationCodeData {
  code: string;
  name?: string;
  expiresInMinutes: number;
}

/** A one-time code to confirm an e-mail address (sign-up, e-mail change). */
export function verificationCode(d: VerificationCodeData, ctx: MailContext): RenderedEmail {
  const intro = `Use this code to confirm your e-mail address for ${SITE_NAME}:`;
  const expiry = `The code expires in ${formatDuration(d.expiresInMinutes)}. Never share it: we will never ask you for it.`;
  const notYou = `If you didn't try to sign up or change your e-mail, you can ignore this e-mail.`;
  return renderEmail(
    {
      subject: `Your ${SITE_NAME} verification code`,
      preheader: `Your code expires in ${formatDuration(d.expiresInMinutes)}.`,
      body: html`${heading('Confirm your e-mail address')}
${paragraph(greeting(d.name))}
${paragraph(intro)}
${codeBlock(d.code)}
${paragraph(expiry)}
${smallPrint(notYou)}`,
      text: [greeting(d.name), '', intro, '', `    ${d.code}`, '', expiry, '', notYou].join('\n'),
    },
    ctx,
  );
}

export interface PasswordResetData {
  /** Absolute http(s) link to the reset page, carrying its token. */
  resetUrl: string;
  /** A code to type in, when the reset flow uses one as well as (or instead of following) the link. */
  code?: string;
  name?: string;
  expiresInMinutes: number;
}

/** A password reset requested by the user or sent by an admin (spec §6). */
export function passwordReset(d: PasswordResetData, ctx: MailContext): RenderedEmail {
  const intro = `We received a request to reset the password for your ${SITE_NAME} account.`;
  const expiry = `This link expires in ${formatDuration(d.expiresInMinutes)} and can be used once.`;
  const notYou = `If you didn't ask for this, you can ignore this e-mail: your password stays as it is.`;
  return renderEmail(
    {
      subject: `Reset your ${SITE_NAME} password`,
      preheader: `This link expires in ${formatDuration(d.expiresInMinutes)}.`,
      body: html`${heading('Reset your password')}
${paragraph(greeting(d.name))}
${paragraph(intro)}
${button('Choose a new password', d.resetUrl)}
${d.code ? html`${paragraph('Or enter this code on the reset page:')}${codeBlock(d.code)}` : ''}
${paragraph(expiry)}
${smallPrint(html`If the button doesn't work, copy this link into your browser:<br><span style="word-break:break-all;">${d.resetUrl}</span>`)}
${smallPrint(notYou)}`,
      text: [
        greeting(d.name),
        '',
        intro,
        '',
        'Choose a new password:',
        d.resetUrl,
        ...(d.code ? ['', `Or enter this code on the reset page: ${d.code}`] : []),
        '',
        expiry,
        '',
        notYou,
      ].join('\n'),
    },
    ctx,
  );
}
