import { describe, expect, it } from 'vitest';
import { formatRegistration, maskRegistration, normaliseRegistration, registrationFormat } from './registration.js';
import { optionalRegistrationSchema, registrationSchema } from './schemas/registration.js';

describe('UK registration marks', () => {
  it('normalises to upper case without spaces', () => {
    expect(normaliseRegistration(' ab12 cde ')).toBe('AB12CDE');
    expect(normaliseRegistration('a123-bcd')).toBe('A123BCD');
    expect(registrationSchema.parse('er19 nfd')).toBe('ER19NFD');
  });

  it('recognises the current, prefix, suffix and dateless formats', () => {
    expect(registrationFormat('AB12CDE')).toBe('current');
    expect(registrationFormat('A123BCD')).toBe('prefix');
    expect(registrationFormat('P7ABC')).toBe('prefix');
    expect(registrationFormat('ABC123D')).toBe('suffix');
    expect(registrationFormat('ABC1D')).toBe('suffix');
    expect(registrationFormat('ABC1234')).toBe('dateless');
    expect(registrationFormat('1234AB')).toBe('dateless');
    expect(registrationFormat('A1')).toBe('dateless');
  });

  it('refuses what is no UK mark', () => {
    for (const bad of ['', 'A', 'AB12CDEF', 'ABCDEFG', '1234567', 'AB-!2CD', 'AB1C2DE', '12345AB']) {
      expect(registrationFormat(normaliseRegistration(bad)), bad).toBeNull();
    }
    expect(registrationSchema.safeParse('HELLO WORLD').error?.issues[0].message).toBe('Enter a UK registration, e.g. AB12 CDE');
  });

  it('keeps a blank listing field as null', () => {
    expect(optionalRegistrationSchema.parse('')).toBeNull();
    expect(optionalRegistrationSchema.parse(undefined)).toBeNull();
    expect(optionalRegistrationSchema.parse(null)).toBeNull();
    expect(optionalRegistrationSchema.parse('yx64 abc')).toBe('YX64ABC');
    expect(optionalRegistrationSchema.safeParse('nope nope').success).toBe(false);
  });

  it('masks to the first 4 characters and prints marks as plates do', () => {
    expect(maskRegistration('AB12CDE')).toBe('AB12 •••');
    expect(formatRegistration('AB12CDE')).toBe('AB12 CDE');
    expect(formatRegistration('A123BCD')).toBe('A123 BCD');
    expect(formatRegistration('ABC123D')).toBe('ABC 123D');
    expect(formatRegistration('ABC1234')).toBe('ABC 1234');
    expect(formatRegistration('AB12 •••')).toBe('AB12 •••');
  });
});
