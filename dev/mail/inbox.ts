/**
 * The local inbox at /_dev/mail (local mode only): caught messages newest first, each viewable
 * as rendered HTML (in a sandboxed iframe, so a message's markup can neither run script nor
 * reach the app's origin) and as plain text. JSON for tests at /_dev/mail/api/messages.
 *
 *   GET    /_dev/mail                      inbox page (optional ?to=<address>)
 *   GET    /_dev/mail/<id>                 one message: headers, HTML, text
 *   GET    /_dev/mail/<id>/html            the message's HTML alone (CSP sandbox)
 *   POST   /_dev/mail/clear                empty the inbox, back to the page
 *   GET    /_dev/mail/api/messages         { messages: CaughtMail[] } newest first (optional ?to=<address>)
 *   GET    /_dev/mail/api/messages/<id>    one CaughtMail
 *   DELETE /_dev/mail/api/messages         empty the inbox (204)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml as esc } from '../../functions/src/domain/mail/html.js';
import { type CaughtMail, clearMail, getMail, listMail } from './store.js';

const MAIL_INBOX_PATH = '/_dev/mail';

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'";
// A message's own HTML: no script, an opaque origin, images allowed so it looks as sent.
const MESSAGE_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src * data:; font-src * data:";

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
  res.end(body);
}
const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
const sendPage = (res: ServerResponse, status: number, title: string, body: string) =>
  send(res, status, 'text/html; charset=utf-8', layout(title, body), { 'content-security-policy': PAGE_CSP });

const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'medium' });
const time = (iso: string) => timeFormat.format(new Date(iso));

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · TruckYard local mail</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937;background:#f3f4f6}
header{background:#0f2a44;color:#fff;padding:14px 24px;border-bottom:4px solid #f59e0b;display:flex;gap:16px;align-items:center}
header a{color:#fff;text-decoration:none;font-weight:800;font-size:20px}header a span{color:#f59e0b}
header small{color:#cbd5e1}
main{max-width:1100px;margin:0 auto;padding:20px 24px}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:8px;overflow:hidden}
th,td{text-align:left;padding:10px 12px;border-bottom:1px solid #e5e7eb;vertical-align:top}
th{background:#f9fafb;font-size:13px;color:#6b7280}
td a{color:#0f2a44;font-weight:600}
.muted{color:#6b7280}.empty{background:#fff;padding:32px;border-radius:8px;text-align:center}
.bar{display:flex;justify-content:space-between;align-items:center;margin-bottom:12px;gap:12px;flex-wrap:wrap}
button{background:#f59e0b;color:#0f2a44;border:0;border-radius:6px;padding:8px 14px;font-weight:700;cursor:pointer}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;background:#fff;padding:16px;border-radius:8px;margin:0 0 16px}
dt{font-weight:600;color:#6b7280}dd{margin:0;word-break:break-word}
iframe{width:100%;height:640px;border:1px solid #e5e7eb;border-radius:8px;background:#fff;resize:vertical}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;padding:16px;border-radius:8px;border:1px solid #e5e7eb}
h2{font-size:16px;margin:20px 0 8px}
</style></head>
<body><header><a href="${MAIL_INBOX_PATH}">Truck<span>Yard</span></a><small>local mail catcher · nothing here leaves this machine</small></header>
<main>${body}</main></body></html>`;
}

function inboxPage(messages: CaughtMail[], to: string | null): string {
  const bar = `<div class="bar"><div>${messages.length} message${messages.length === 1 ? '' : 's'}${
    to ? ` to <strong>${esc(to)}</strong> · <a href="${MAIL_INBOX_PATH}">show all</a>` : ''
  } · <a href="${MAIL_INBOX_PATH}${to ? `?to=${encodeURIComponent(to)}` : ''}">refresh</a></div>
<form method="post" action="${MAIL_INBOX_PATH}/clear"><button type="submit">Delete all</button></form></div>`;
  if (messages.length === 0) return `${bar}<p class="empty muted">No e-mail yet. Messages the app sends locally appear here.</p>`;
  const rows = messages
    .map(
      (
        m,
      ) => `<tr><td class="muted">${esc(time(m.date))}</td><td>${m.to.map((t) => `<a href="${MAIL_INBOX_PATH}?to=${encodeURIComponent(t)}">${esc(t)}</a>`).join(', ')}</td>
<td><a href="${MAIL_INBOX_PATH}/${m.id}">${esc(m.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('\n');
  return `${bar}<table><thead><tr><th scope="col">Time</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function messagePage(m: CaughtMail): string {
  const headerRows: Array<[string, string | null]> = [
    ['Subject', m.subject],
    ['From', m.from],
    ['To', m.to.join(', ')],
    ['Reply-To', m.replyTo],
    ['Received', time(m.date)],
    ['List-Unsubscribe', m.headers['list-unsubscribe'] ?? null],
  ];
  const dl = headerRows
    .filter(([, v]) => v)
    .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v as string)}</dd>`)
    .join('');
  const htmlPart = m.html
    ? `<h2>HTML</h2><iframe sandbox="" title="HTML part of the e-mail" src="${MAIL_INBOX_PATH}/${m.id}/html"></iframe>`
    : '<h2>HTML</h2><p class="muted">No HTML part.</p>';
  return `<p><a href="${MAIL_INBOX_PATH}">← Inbox</a></p><dl>${dl}</dl>${htmlPart}<h2>Plain text</h2><pre>${esc(m.text || '(no text part)')}</pre>`;
}

/**
 * Serves the inbox for requests under /_dev/mail and returns true; returns false for anything
 * else so the caller can carry on routing: `if (await handleMailInbox(req, res, { dir })) return;`
 */
export async function handleMailInbox(req: IncomingMessage, res: ServerResponse, opts: { dir: string }): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const { pathname } = url;
  if (pathname !== MAIL_INBOX_PATH && !pathname.startsWith(`${MAIL_INBOX_PATH}/`)) return false;
  const rest = pathname.slice(MAIL_INBOX_PATH.length).replace(/\/+$/, '');
  const method = req.method ?? 'GET';
  const to = url.searchParams.get('to');
  try {
    if (rest === '/api/messages') {
      if (method === 'DELETE') {
        await clearMail(opts.dir);
        res.writeHead(204).end();
        return true;
      }
      if (method === 'GET') {
        sendJson(res, 200, { messages: await listMail(opts.dir, { to: to ?? undefined }) });
        return true;
      }
    } else if (rest.startsWith('/api/messages/') && method === 'GET') {
      const m = await getMail(opts.dir, rest.slice('/api/messages/'.length));
      if (m) sendJson(res, 200, m);
      else sendJson(res, 404, { error: { code: 'NOT_FOUND', message: 'No such message' } });
      return true;
    } else if (rest === '' && method === 'GET') {
      sendPage(res, 200, 'Inbox', inboxPage(await listMail(opts.dir, { to: to ?? undefined }), to));
      return true;
    } else if (rest === '/clear' && method === 'POST') {
      await clearMail(opts.dir);
      res.writeHead(303, { location: MAIL_INBOX_PATH }).end();
      return true;
    } else if (method === 'GET') {
      const match = /^\/([0-9A-Za-z]{26})(\/html)?$/.exec(rest);
      const m = match ? await getMail(opts.dir, match[1]) : null;
      if (!m || !match) {
        sendPage(res, 404, 'Not found', `<p>No such message. <a href="${MAIL_INBOX_PATH}">Back to the inbox</a></p>`);
      } else if (match[2]) {
        send(res, 200, 'text/html; charset=utf-8', m.html ?? '', { 'content-security-policy': MESSAGE_CSP });
      } else {
        sendPage(res, 200, m.subject || '(no subject)', messagePage(m));
      }
      return true;
    }
    send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed');
    return true;
  } catch (err) {
    send(res, 500, 'text/plain; charset=utf-8', `Mail inbox error: ${(err as Error).message}`);
    return true;
  }
}
