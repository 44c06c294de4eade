import { describe, expect, it } from 'vitest';
import { type StaffMfaReader, staffMfaGate } from './staff-mfa.js';

function fakeReader(totp: Record<string, boolean>) {
  const reads: string[] = [];
  const reader: StaffMfaReader = {
    hasTotp: async (userId) => {
      reads.push(userId);
      return totp[userId] ?? false;
    },
  };
  return { reader, reads, totp };
}

describe('staffMfaGate', () => {
  it('refuses staff without TOTP with a 403 MFA_REQUIRED and lets staff with TOTP through', async () => {
    // Prepare
    const { reader } = fakeReader({ withTotp: true, without: false });
    const gate = staffMfaGate(reader);

    // Act / Assess
    await expect(gate.check('withTotp')).resolves.toBeUndefined();
    await expect(gate.check('without')).rejects.toMatchObject({ code: 'MFA_REQUIRED', statusCode: 403 });
  });

  it('caches a yes for minutes and a no only briefly, so a fresh set-up gets in at once', async () => {
    // Prepare
    let t = 0;
    const fake = fakeReader({ a: true, b: false });
    const gate = staffMfaGate(fake.reader, { now: () => t, okTtlMs: 300_000, noTtlMs: 10_000 });

    // Act
    await gate.check('a');
    await gate.check('a');
    await expect(gate.check('b')).rejects.toMatchObject({ code: 'MFA_REQUIRED' });
    fake.totp.b = true;
    await expect(gate.check('b')).rejects.toMatchObject({ code: 'MFA_REQUIRED' });
    t = 10_001;
    await gate.check('b');
    fake.totp.a = false;
    t = 200_000;
    await gate.check('a');
    t = 300_001;
    const late = gate.check('a');

    // Assess
    await expect(late).rejects.toMatchObject({ code: 'MFA_REQUIRED' });
    expect(fake.reads).toEqual(['a', 'b', 'b', 'a']);
  });
});
