import { describe, expect, it } from 'vitest';
import { ANONYMOUS } from '../caller.js';
import { fakeDeps, user } from '../listings/manage-fakes.test-support.js';
import { assertCanWrite, createProfileOnConfirm, getProfile, updateProfile } from './profiles.js';

const now = new Date('2026-03-01T10:00:00Z');

describe('profiles', () => {
  it('creates the profile on confirmation from the sign-up attributes, once', async () => {
    const { deps } = fakeDeps();
    const first = await createProfileOnConfirm(
      deps.profiles,
      {
        userId: 'u1',
        attributes: { sub: 'u1', name: ' Jo Haulier ', phone_number: '+447700900123' },
        clientMetadata: { accountType: 'dealer' },
      },
      now,
    );
    expect(first).toMatchObject({ userId: 'u1', fullName: 'Jo Haulier', accountStatus: 'active', accountType: 'dealer' });
    const again = await createProfileOnConfirm(deps.profiles, { userId: 'u1', attributes: { name: 'Changed' } }, new Date());
    expect(again.fullName).toBe('Jo Haulier');
  });

  it('reads dealer or individual from a custom attribute or the client metadata', async () => {
    const { deps } = fakeDeps();
    let n = 0;
    const typeOf = async (attributes: Record<string, string>, clientMetadata?: Record<string, string>) =>
      (await createProfileOnConfirm(deps.profiles, { userId: `t${++n}`, attributes, clientMetadata }, now)).accountType;
    expect(await typeOf({ 'custom:account_type': 'Dealer' })).toBe('dealer');
    expect(await typeOf({}, { accountType: 'dealer' })).toBe('dealer');
    expect(await typeOf({}, { accountType: 'admin' })).toBe('individual');
    expect(await typeOf({})).toBe('individual');
  });

  it('gives users without a profile a default active one', async () => {
    const { deps } = fakeDeps();
    expect(await getProfile(deps.profiles, user('old'), now)).toMatchObject({
      userId: 'old',
      accountStatus: 'active',
      accountType: 'individual',
    });
    await expect(getProfile(deps.profiles, ANONYMOUS, now)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('fills a missing profile from the sign-up attributes when they can be read, and falls back when not', async () => {
    const { deps } = fakeDeps();
    const p = await getProfile(deps.profiles, user('late'), now, async () => ({ name: 'Late Larry', phone_number: '+447700900999' }));
    expect(p).toMatchObject({ fullName: 'Late Larry', phone: '+447700900999', accountStatus: 'active' });
    const q = await getProfile(deps.profiles, user('offline'), now, async () => {
      throw new Error('cognito down');
    });
    expect(q).toMatchObject({ userId: 'offline', fullName: null });
  });

  it('updates name, company and phone, and refuses a suspended account', async () => {
    const f = fakeDeps();
    const p = await updateProfile(f.deps.profiles, user('u1'), { fullName: 'Jo', companyName: 'Jo Trucks Ltd', phone: null }, now);
    expect(p).toMatchObject({ fullName: 'Jo', companyName: 'Jo Trucks Ltd', phone: null });
    f.suspend('u1');
    await expect(updateProfile(f.deps.profiles, user('u1'), { fullName: 'X' }, now)).rejects.toMatchObject({ code: 'SUSPENDED' });
    expect(f.profiles.get('u1')?.fullName).toBe('Jo');
  });

  it('assertCanWrite passes active and missing profiles and stops suspended ones with a 403', () => {
    expect(() => assertCanWrite(user('u'), { accountStatus: 'active' })).not.toThrow();
    expect(() => assertCanWrite(user('u'), null)).not.toThrow();
    try {
      assertCanWrite(user('u'), { accountStatus: 'suspended' });
      expect.unreachable();
    } catch (err) {
      expect(err).toMatchObject({ code: 'SUSPENDED', statusCode: 403 });
    }
  });
});
