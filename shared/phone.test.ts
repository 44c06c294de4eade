import { describe, expect, it } from 'vitest';
import { formatPhone, parsePhone } from './phone.js';
import { optionalPhoneSchema, phoneSchema } from './schemas/phone.js';

describe('parsePhone', () => {
  it('stores UK numbers however they are typed in E.164', () => {
    for (const typed of [
      '0113 496 0000',
      '(0113) 496-0000',
      '+44 113 496 0000',
      '+44 (0)113 496 0000',
      '0044 113 496 0000',
      '441134960000',
    ]) {
      expect(parsePhone(typed)).toBe('+441134960000');
    }
    expect(parsePhone('07700 900123')).toBe('+447700900123');
    expect(parsePhone('020 7946 0321')).toBe('+442079460321');
    expect(parsePhone('0800 123 456')).toBe('+44800123456');
  });

  it('keeps other countries in E.164 when written internationally', () => {
    expect(parsePhone('+353 1 234 5678')).toBe('+35312345678');
    expect(parsePhone('0033 1 23 45 67 89')).toBe('+33123456789');
  });

  it('refuses what cannot be a phone number', () => {
    for (const bad of [
      '',
      '12345',
      '0113 496',
      '0113 496 0000 0000',
      '01134960000x',
      'Contact via website',
      '00000000000',
      '06 1234 5678',
    ]) {
      expect(parsePhone(bad)).toBeNull();
    }
  });
});

describe('formatPhone', () => {
  it('shows UK numbers grouped by their area-code length', () => {
    expect(formatPhone('+441134960000')).toBe('0113 496 0000');
    expect(formatPhone('+441614960123')).toBe('0161 496 0123');
    expect(formatPhone('+442079460321')).toBe('020 7946 0321');
    expect(formatPhone('+441632960114')).toBe('01632 960114');
    expect(formatPhone('+447700900123')).toBe('07700 900123');
    expect(formatPhone('+441539412345')).toBe('015394 12345');
    expect(formatPhone('+443001234567')).toBe('0300 123 4567');
    expect(formatPhone('+448001234567')).toBe('0800 123 4567');
    expect(formatPhone('+44800123456')).toBe('0800 123456');
  });

  it('formats numbers stored the old way too, and leaves text alone', () => {
    expect(formatPhone('0113 496 0000')).toBe('0113 496 0000');
    expect(formatPhone('01134960000')).toBe('0113 496 0000');
    expect(formatPhone('+35312345678')).toBe('+35312345678');
    expect(formatPhone('Contact via website')).toBe('Contact via website');
    expect(formatPhone(null)).toBe('');
  });

  it('round-trips: what it shows parses back to the same number', () => {
    for (const e164 of ['+441134960000', '+442079460321', '+441632960114', '+447700900123', '+441539412345', '+448001234567']) {
      expect(parsePhone(formatPhone(e164))).toBe(e164);
    }
  });
});

describe('phone schemas', () => {
  it('give one message and E.164 out', () => {
    expect(phoneSchema.parse(' 07700 900123 ')).toBe('+447700900123');
    expect(phoneSchema.safeParse('123').error?.issues[0].message).toBe('Please enter a valid phone number');
    expect(optionalPhoneSchema.parse('  ')).toBeUndefined();
    expect(optionalPhoneSchema.parse('0161 496 0123')).toBe('+441614960123');
  });
});
