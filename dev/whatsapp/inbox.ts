/**
 * The local WhatsApp Cloud API endpoint: the WhatsApp adapter (functions/src/adapters/whatsapp)
 * posts template messages to WHATSAPP_API_URL, which locally is this server's
 * /_dev/whatsapp/api/<version>/<phone-number-id>/messages. Each message is recorded as a JSON
 * file and answered as Meta answers; /_dev/whatsapp lists them beside the mail inbox, and
 * /_dev/whatsapp/messages?to=+44… gives them to tests.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';

interface RecordedWhatsApp {
  id: string;
  receivedAt: string;
  to: string;
  template: string;
  parameters: string[];
  phoneNumberId: string;
}

async function listWhatsApp(dir: string, to?: string): Promise<RecordedWhatsApp[]> {
  let files: string[] = [];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const all = await Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as RecordedWhatsApp));
  return to ? all.filter((m) => m.to === to) : all;
}

const esc = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Handles /_dev/whatsapp…; false when the path is not its own. */
export async function handleWhatsAppInbox(req: http.IncomingMessage, res: http.ServerResponse, opts: { dir: string }): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://local');
  if (!url.pathname.startsWith('/_dev/whatsapp')) return false;
  const api = /^\/_dev\/whatsapp\/api\/[^/]+\/([^/]+)\/messages$/.exec(url.pathname);
  if (api && req.method === 'POST') {
    if (!String(req.headers.authorization ?? '').startsWith('Bearer ')) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Missing access token', type: 'OAuthException', code: 190 } }));
      return true;
    }
    const body = JSON.parse(await readBody(req)) as {
      to?: string;
      template?: { name?: string; components?: Array<{ parameters?: Array<{ text?: string }> }> };
    };
    const message: RecordedWhatsApp = {
      id: `wamid.${randomUUID()}`,
      receivedAt: new Date().toISOString(),
      to: body.to ?? '',
      template: body.template?.name ?? '',
      parameters: (body.template?.components ?? []).flatMap((c) => (c.parameters ?? []).map((p) => p.text ?? '')),
      phoneNumberId: api[1],
    };
    await mkdir(opts.dir, { recursive: true });
    await writeFile(
      path.join(opts.dir, `${message.receivedAt.replace(/[:.]/g, '-')}-${message.id.slice(6, 14)}.json`),
      JSON.stringify(message),
    );
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        messaging_product: 'whatsapp',
        contacts: [{ input: message.to, wa_id: message.to.replace('+', '') }],
        messages: [{ id: message.id }],
      }),
    );
    return true;
  }
  if (url.pathname === '/_dev/whatsapp/messages' && req.method === 'GET') {
    const messages = await listWhatsApp(opts.dir, url.searchParams.get('to') ?? undefined);
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ messages }));
    return true;
  }
  if (url.pathname === '/_dev/whatsapp' && req.method === 'GET') {
    const messages = (await listWhatsApp(opts.dir)).reverse();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>WhatsApp (local)</title>
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:24px auto;padding:0 12px}li{margin:12px 0;padding:12px;border-radius:8px;background:#dcf8c6;list-style:none}</style></head>
<body><h1>WhatsApp messages (local)</h1><p><a href="/_dev/mail">Mail inbox</a></p><ul>${
      messages
        .map(
          (m) =>
            `<li><strong>${esc(m.to)}</strong> · ${esc(m.template)} · ${esc(m.receivedAt)}<br>${m.parameters.map(esc).join('<br>')}</li>`,
        )
        .join('') || '<p>No messages yet.</p>'
    }</ul></body></html>`);
    return true;
  }
  return false;
}
