import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFileSize, isPromotionEffective, promotionInputSchema, ukDay } from './admin.js';

describe('isPromotionEffective (spec §4, UK calendar days, end day inclusive)', () => {
  const at = (iso: string) => new Date(iso);
  it('is active on its end day until midnight UK time, not after', () => {
    const p = { isActive: true, startDate: null, endDate: '2026-07-01' };
    // 23:30 UTC on 1 July is 00:30 on 2 July in London (BST).
    expect(isPromotionEffective(p, at('2026-07-01T22:59:00Z'))).toBe(true);
    expect(isPromotionEffective(p, at('2026-07-01T23:30:00Z'))).toBe(false);
  });
  it('starts at midnight UK time on its start day', () => {
    const p = { isActive: true, startDate: '2026-12-01', endDate: null };
    expect(isPromotionEffective(p, at('2026-11-30T23:59:00Z'))).toBe(false);
    expect(isPromotionEffective(p, at('2026-12-01T00:00:00Z'))).toBe(true);
  });
  it('matches the rule "flag on, start not in the future, end not in the past" for any dates', () => {
    const day = fc.integer({ min: 0, max: 60 }).map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.boolean(), fc.option(day), fc.option(day), fc.integer({ min: 0, max: 61 * 24 - 1 }), (flag, start, end, hours) => {
        const now = new Date(Date.UTC(2026, 0, 1) + hours * 3600_000);
        const today = ukDay(now);
        const expected = flag && (start === null || start <= today) && (end === null || end >= today);
        expect(isPromotionEffective({ isActive: flag, startDate: start, endDate: end }, now)).toBe(expected);
      }),
    );
  });
});

describe('promotionInputSchema', () => {
  it('stores empty dates as null and refuses links that are not http(s)', () => {
    expect(promotionInputSchema.parse({ title: 'T', position: 'hero', startDate: '', endDate: '' })).toMatchObject({
      startDate: null,
      endDate: null,
    });
    expect(promotionInputSchema.safeParse({ title: 'T', position: 'hero', linkUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(promotionInputSchema.safeParse({ title: 'T', position: 'hero', linkUrl: 'https://example.com' }).success).toBe(true);
    expect(promotionInputSchema.safeParse({ title: 'T', position: 'hero', startDate: '2026-02-01', endDate: '2026-01-01' }).success).toBe(
      false,
    );
  });
});

describe('formatFileSize (1024-based)', () => {
  it('uses Bytes, KB, MB and GB', () => {
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });
});
