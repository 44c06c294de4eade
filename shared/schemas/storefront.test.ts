import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../weekdays.js';
import { dealerDirectoryQuerySchema, storefrontUpdateSchema } from './storefront.js';

const hours = WEEKDAYS.map((day) => (day === 'sun' ? { day, closed: true } : { day, closed: false, open: '08:00', close: '17:30' }));
const valid = { about: 'Family firm since 1982.', town: 'Leeds', postcode: 'ls11 5ab', hours };

describe('storefrontUpdateSchema', () => {
  it('accepts a storefront and keeps about as plain text', () => {
    const out = storefrontUpdateSchema.parse({ ...valid, about: 'We <b>sell</b> <script>alert(1)</script>trucks\n\n\n\nCall us' });
    expect(out.about).toBe('We sell alert(1) trucks\n\nCall us');
    expect(out.postcode).toBe('LS11 5AB');
    expect(out.hours[6]).toEqual({ day: 'sun', closed: true, open: null, close: null });
  });
  it('refuses about over 1,000 characters, bad hours, bad postcodes and unknown fields', () => {
    expect(storefrontUpdateSchema.safeParse({ ...valid, about: 'a'.repeat(1001) }).success).toBe(false);
    expect(storefrontUpdateSchema.safeParse({ ...valid, about: 'a'.repeat(1000) }).success).toBe(true);
    const late = hours.map((h) => (h.day === 'mon' ? { ...h, open: '18:00', close: '08:00' } : h));
    expect(storefrontUpdateSchema.safeParse({ ...valid, hours: late }).error?.issues[0].message).toBe(
      'Closing time must be after opening time',
    );
    expect(storefrontUpdateSchema.safeParse({ ...valid, hours: hours.slice(1) }).success).toBe(false);
    expect(storefrontUpdateSchema.safeParse({ ...valid, hours: [...hours].reverse() }).success).toBe(false);
    expect(storefrontUpdateSchema.safeParse({ ...valid, postcode: 'nowhere' }).success).toBe(false);
    expect(storefrontUpdateSchema.safeParse({ ...valid, phone: '1' }).success).toBe(false);
    expect(storefrontUpdateSchema.safeParse({ ...valid, about: 'bad\u202etext' }).success).toBe(false);
  });
});

describe('dealerDirectoryQuerySchema', () => {
  it('sorts by name unless told, and by distance only with a postcode', () => {
    expect(dealerDirectoryQuerySchema.parse({}).sort).toBe('name');
    expect(dealerDirectoryQuerySchema.safeParse({ sort: 'distance' }).success).toBe(false);
    expect(dealerDirectoryQuerySchema.parse({ sort: 'distance', postcode: 'm1' }).postcode).toBe('M1');
    expect(dealerDirectoryQuerySchema.safeParse({ sort: 'price' }).success).toBe(false);
  });
});
