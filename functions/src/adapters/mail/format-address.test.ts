import { describe, expect, it } from 'vitest';
import { formatAddress } from './format-address.js';

describe('formatAddress', () => {
  it('keeps a bare address as is', () => {
    expect(formatAddress('jane@example.com')).toBe('jane@example.com');
  });

  it('quotes an ASCII display name and escapes quotes in it', () => {
    expect(formatAddress({ name: 'Jane "JJ" Smith', address: 'jane@example.com' })).toBe('"Jane \\"JJ\\" Smith" <jane@example.com>');
  });

  it('encodes a non-ASCII display name as an RFC 2047 word and drops line breaks', () => {
    const out = formatAddress({ name: 'Zoë\r\nBcc: x@y.z', address: 'zoe@example.com' });
    expect(out).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?= <zoe@example.com>$/);
    expect(Buffer.from(out.split('?')[3], 'base64').toString('utf8')).toBe('Zoë Bcc: x@y.z');
  });
});
