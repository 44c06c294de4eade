import type { Profile } from './profiles.js';

/**
 * A user's profile as tests need one: what a first sign-in stores for an account the sign-up
 * trigger never saw (active, individual, no name or phone), with `extra` on top.
 */
export function testProfile(userId: string, now: Date, extra: Partial<Profile> = {}): Profile {
  const at = now.toISOString();
  return {
    userId,
    fullName: null,
    companyName: null,
    phone: null,
    email: null,
    accountStatus: 'active',
    accountType: 'individual',
    createdAt: at,
    updatedAt: at,
    ...extra,
  };
}
