/**
 * The local mail catcher: an SMTP server on the loopback address that accepts every message
 * and keeps it as JSON under `dir` (see store.ts), for the inbox page at /_dev/mail and tests.
 * Local mode only: it never relays anything anywhere.
 */
import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { saveMail } from './store.js';

export interface MailCatcher {
  port: number;
  dir: string;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

const addressText = (a: AddressObject | AddressObject[] | undefined): string | null =>
  a === undefined ? null : (Array.isArray(a) ? a : [a]).map((x) => x.text).join(', ');

/** Starts the catcher; `port: 0` picks a free port (see the returned `port`). */
export async function startMailCatcher(opts: { port: number; dir: string; host?: string }): Promise<MailCatcher> {
  const host = opts.host ?? '127.0.0.1';
  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS to negotiate, no credentials to check.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    banner: 'TruckYard local mail catcher',
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const headers: Record<string, string> = {};
          for (const { key, line } of parsed.headerLines) {
            headers[key] = line.slice(line.indexOf(':') + 1).trim();
          }
          return saveMail(opts.dir, {
            date: new Date().toISOString(),
            from: addressText(parsed.from) ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to: session.envelope.rcptTo.map((r) => r.address),
            replyTo: addressText(parsed.replyTo),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            headers,
          });
        })
        .then(
          () => callback(),
          (err: Error) => callback(err),
        );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => console.error(`[mail] ${err.message}`));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    dir: opts.dir,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
