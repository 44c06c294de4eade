import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

const KEY = 'test-key';
const now = new Date('2026-11-23T12:00:00Z');

describe('unsubscribe tokens', () => {
  it('round-trips the user id for 90 days, then says expired', () => {
    const token = signUnsubscribeToken(KEY, 'user-1', now);
    expect(verifyUnsubscribeToken(KEY, token, now)).toEqual({ ok: true, userId: 'user-1' });
    expect(verifyUnsubscribeToken(KEY, token, new Date(now.getTime() + 89 * 86400_000)).ok).toBe(true);
    expect(verifyUnsubscribeToken(KEY, token, new Date(now.getTime() + 91 * 86400_000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a changed payload, a changed signature, another key and a bare user id', () => {
    const token = signUnsubscribeToken(KEY, 'user-1', now);
    const [payload, sig] = token.split('.');
    const other = Buffer.from(JSON.stringify({ u: 'user-2', exp: 9999999999 })).toString('base64url');
    expect(verifyUnsubscribeToken(KEY, `${other}.${sig}`, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyUnsubscribeToken(KEY, `${payload}.${sig.slice(1)}A`, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyUnsubscribeToken('other-key', token, now).ok).toBe(false);
    expect(verifyUnsubscribeToken(KEY, 'user-1', now).ok).toBe(false);
    expect(verifyUnsubscribeToken(KEY, '', now).ok).toBe(false);
  });
});
