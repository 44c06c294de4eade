import { SITE_NAME, SUPPORT } from '../../../../shared/constants.js';
import { type SafeHtml, html, raw, safeUrl } from './html.js';
import type { RenderedEmail } from './mailer.js';

/** Brand colours (web/src theme): navy for the header bar and headings, amber for the accent. */
export const BRAND = { navy: '#0f2a44', amber: '#f59e0b', text: '#1f2937', muted: '#6b7280', page: '#f3f4f6', border: '#e5e7eb' };

/** What every template needs to know about where it is sent from. */
export interface MailContext {
  /** Absolute site origin for links, e.g. https://truckyard.example. */
  siteUrl: string;
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export interface EmailContent {
  subject: string;
  /** The line mail clients show after the subject in the inbox list. */
  preheader: string;
  /** The body inside the branded layout, built from the helpers below. */
  body: SafeHtml;
  /** The same content as plain text (without the layout's header and footer). */
  text: string;
}

/**
 * Wraps content in the TruckYard layout: table-based and inline-styled, because many mail clients
 * ignore <style> blocks and flexbox; 600 px wide at most; a plain-text alternative alongside.
 */
export function renderEmail(content: EmailContent, ctx: MailContext): RenderedEmail {
  const site = safeUrl(ctx.siteUrl);
  const subject = singleLine(content.subject);
  const page = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${subject}</title>
</head>
<body style="margin:0;padding:0;background-color:${BRAND.page};">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${content.preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${BRAND.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border-radius:8px;overflow:hidden;">
<tr><td style="background-color:${BRAND.navy};padding:20px 28px;">
<a href="${site}" style="text-decoration:none;font-family:${raw(FONT)};font-size:26px;font-weight:800;letter-spacing:-0.5px;color:#ffffff;">Truck<span style="color:${BRAND.amber};">Yard</span></a>
</td></tr>
<tr><td style="height:4px;line-height:4px;font-size:4px;background-color:${BRAND.amber};">&nbsp;</td></tr>
<tr><td style="padding:28px;font-family:${raw(FONT)};font-size:16px;line-height:1.6;color:${BRAND.text};">
${content.body}
</td></tr>
<tr><td style="padding:20px 28px;background-color:#f9fafb;border-top:1px solid ${BRAND.border};font-family:${raw(FONT)};font-size:13px;line-height:1.5;color:${BRAND.muted};">
${SITE_NAME} · the UK marketplace for used HGVs<br>
${SUPPORT.address}<br>
${SUPPORT.phone} · <a href="mailto:${SUPPORT.email}" style="color:${BRAND.navy};">${SUPPORT.email}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    content.text.trim(),
    '',
    '--',
    `${SITE_NAME} · the UK marketplace for used HGVs`,
    site,
    SUPPORT.address,
    `${SUPPORT.phone} · ${SUPPORT.email}`,
    '',
  ].join('\n');
  return { subject, html: page.value, text };
}

/** Header values must not carry line breaks (header injection), and long runs of space look like spam. */
export function singleLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

// ---------- building blocks for template bodies ----------

export const heading = (text: string) => html`<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${BRAND.navy};">${text}</h1>`;

export const paragraph = (content: string | SafeHtml) => html`<p style="margin:0 0 16px;">${content}</p>`;

export const smallPrint = (content: string | SafeHtml) =>
  html`<p style="margin:16px 0 0;font-size:13px;line-height:1.5;color:${BRAND.muted};">${content}</p>`;

/** A call-to-action link styled as a button (a bulletproof table cell, so Outlook keeps the colour). */
export function button(label: string, url: string): SafeHtml {
  const href = safeUrl(url);
  return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr>
<td style="border-radius:6px;background-color:${BRAND.amber};">
<a href="${href}" style="display:inline-block;padding:12px 24px;font-weight:700;font-size:16px;color:${BRAND.navy};text-decoration:none;border-radius:6px;">${label}</a>
</td></tr></table>`;
}

/** Label/value rows, e.g. the fields of a contact message. Values may be text or SafeHtml. */
export function detailsTable(rows: Array<[label: string, value: string | SafeHtml]>): SafeHtml {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="margin:0 0 20px;border-collapse:collapse;">
${rows.map(
  ([label, value]) => html`<tr>
<td style="padding:6px 12px 6px 0;vertical-align:top;width:110px;font-weight:600;color:${BRAND.muted};white-space:nowrap;">${label}</td>
<td style="padding:6px 0;vertical-align:top;word-break:break-word;">${value}</td>
</tr>
`,
)}</table>`;
}

/** A quoted block of free text, line breaks kept. */
export const quote = (content: SafeHtml) =>
  html`<div style="margin:0 0 20px;padding:14px 16px;border-left:4px solid ${BRAND.amber};background-color:#fffbeb;word-break:break-word;">${content}</div>`;

/** A one-time code, large and spaced so it is easy to read and copy. */
export const codeBlock = (code: string) =>
  html`<p style="margin:8px 0 24px;font-family:'SFMono-Regular',Consolas,'Liberation Mono',monospace;font-size:32px;font-weight:700;letter-spacing:6px;color:${BRAND.navy};">${code}</p>`;
