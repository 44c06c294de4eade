import type { EmailAddress } from '../../domain/mail/mailer.js';

/**
 * An address as one RFC 5322 header value: `"Jane O'Brien" <jane@example.com>`, with a non-ASCII
 * display name encoded as an RFC 2047 encoded-word (SES wants headers ASCII-only).
 */
export function formatAddress(a: EmailAddress): string {
  if (typeof a === 'string') return a;
  const name = a.name.replace(/[\r\n]+/g, ' ').trim();
  if (!name) return a.address;
  const display = /[^\x20-\x7e]/.test(name)
    ? `=?UTF-8?B?${Buffer.from(name, 'utf8').toString('base64')}?=`
    : `"${name.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  return `${display} <${a.address}>`;
}
