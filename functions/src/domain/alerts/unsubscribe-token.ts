import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed unsubscribe tokens (RFC 8058 one-click links): base64url(JSON { u: user id, exp }) + '.' +
 * base64url(HMAC-SHA256). The token is the only credential: the POST needs no sign-in, and a
 * user id alone (the original `?unsubscribe=<user id>`) never works.
 */
const UNSUBSCRIBE_TOKEN_DAYS = 90;

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');
const mac = (key: string, payload: string) => createHmac('sha256', key).update(`unsubscribe:${payload}`).digest();

export function signUnsubscribeToken(key: string, userId: string, now: Date, days = UNSUBSCRIBE_TOKEN_DAYS): string {
  const payload = b64(JSON.stringify({ u: userId, exp: Math.floor(now.getTime() / 1000) + days * 86400 }));
  return `${payload}.${b64(mac(key, payload))}`;
}

export type TokenCheck = { ok: true; userId: string } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyUnsubscribeToken(key: string, token: string, now: Date): TokenCheck {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = mac(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  let body: { u?: unknown; exp?: unknown };
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof body.u !== 'string' || typeof body.exp !== 'number') return { ok: false, reason: 'invalid' };
  if (body.exp * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, userId: body.u };
}
