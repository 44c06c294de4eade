import { describe, expect, it } from 'vitest';
import type { SignUpRequest } from '../../../../shared/schemas/account.js';
import type { RateLimitRequest } from '../rate-limit.js';
import type { AccountDeps } from './account-ports.js';
import { SIGN_UP_LIMIT_METRIC, signUpAccount } from './sign-up.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const SIGN_UP_TEXTS = {
  addressLimited: 'Too many accounts created from your network. Please try again later.',
  overallLimited: 'We are receiving an unusual number of sign-ups. Please try again in a little while.',
} as const;
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const SIGN_UP_OVERALL_LIMIT = { scope: 'signup-all', key: 'all', limit: 500, windowSeconds: 3600 } as const;

const input: SignUpRequest = {
  email: 'a@example.test',
  password: 'Gearbox-Gravel-Orbit-41',
  name: 'A',
  accountType: 'individual',
  companyName: undefined,
  altcha: 'solved',
};

function fakes(refuse: (r: RateLimitRequest) => boolean) {
  const logs: Array<{ level: string; message: string; fields?: Record<string, unknown> }> = [];
  const created: string[] = [];
  const deps = {
    directory: {
      createAccount: async (i: SignUpRequest) => {
        created.push(i.email);
        return { outcome: 'created', userId: 'u1' };
      },
    },
    codes: { put: async () => undefined },
    challenge: { verify: async (p: string) => p === 'solved' },
    mailer: { send: async () => undefined },
    rateLimit: async (r: RateLimitRequest) => ({ allowed: !refuse(r), count: 1, retryAfterSeconds: 60 }),
    mail: { siteUrl: 'https://truckyard.example' },
    now: () => new Date('2026-11-27T10:00:00Z'),
    log: (level: string, message: string, fields?: Record<string, unknown>) => logs.push({ level, message, fields }),
  } as unknown as AccountDeps;
  return { deps, logs, created };
}

describe('signUpAccount limits', () => {
  it('at the overall limit refuses with 429 and logs the line the alarm counts', async () => {
    const f = fakes((r) => r.scope === SIGN_UP_OVERALL_LIMIT.scope);
    await expect(signUpAccount(f.deps, input, { sourceIp: '203.0.113.9' })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: SIGN_UP_TEXTS.overallLimited,
    });
    expect(f.created).toEqual([]);
    expect(f.logs).toEqual([expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ metric: SIGN_UP_LIMIT_METRIC }) })]);
  });

  it('checks the challenge before counting anything', async () => {
    const counted: string[] = [];
    const f = fakes((r) => {
      counted.push(r.scope);
      return false;
    });
    await expect(signUpAccount(f.deps, { ...input, altcha: 'forged' }, { sourceIp: '203.0.113.9' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(counted).toEqual([]);
  });
});
