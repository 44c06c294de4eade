import { describe, expect, it } from 'vitest';
import { hasStoredSession } from './auth-store';

const storage = (keys: string[]) => ({ length: keys.length, key: (i: number) => keys[i] ?? null });

describe('hasStoredSession', () => {
  it("sees Amplify's last-user key", () => {
    expect(hasStoredSession(storage(['theme', 'CognitoIdentityServiceProvider.abc123.LastAuthUser']))).toBe(true);
  });

  it('is false for visitors who never signed in (so they never download the auth code)', () => {
    expect(hasStoredSession(storage([]))).toBe(false);
    expect(hasStoredSession(storage(['CognitoIdentityServiceProvider.abc123.someone.clockDrift', 'truckyard.pendingDealerProfile']))).toBe(
      false,
    );
    expect(hasStoredSession(undefined)).toBe(false);
  });

  it('is false when storage throws (blocked by privacy settings)', () => {
    const blocked = {
      get length(): number {
        throw new Error('SecurityError');
      },
      key: () => null,
    };
    expect(hasStoredSession(blocked)).toBe(false);
  });
});
