import { describe, expect, it } from 'vitest';
import { OLD_FILE_VERSION_DAYS } from '@shared/constants';
import { PRIVACY_POLICY } from './privacy-policy';
import { TERMS } from './terms';

const text = (doc: typeof TERMS) => doc.sections.flatMap((s) => s.blocks.flatMap((b) => (typeof b === 'string' ? [b] : b.list))).join(' ');

describe('legal documents', () => {
  it('have the section counts the spec gives, dated January 2025', () => {
    expect(PRIVACY_POLICY.sections).toHaveLength(12);
    expect(TERMS.sections).toHaveLength(11);
    expect(PRIVACY_POLICY.lastUpdated).toBe('January 2025');
    expect(TERMS.lastUpdated).toBe('January 2025');
  });

  it('give every section a unique anchor for the table of contents', () => {
    for (const doc of [PRIVACY_POLICY, TERMS]) {
      const ids = doc.sections.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[a-z][a-z-]*$/);
    }
  });

  it('state the spec points: English law, liability capped at 12 months of fees, free basic listings', () => {
    const terms = text(TERMS);
    expect(terms).toContain('governed by English law');
    expect(terms).toContain('fees you have paid us in the 12 months');
    expect(terms).toContain('Basic listings are free');
  });

  it('cover UK GDPR essentials: rights within one month and the ICO', () => {
    const privacy = text(PRIVACY_POLICY);
    expect(privacy).toContain('within one month');
    expect(privacy).toContain("Information Commissioner's Office");
    expect(privacy).not.toMatch(/lorem ipsum/i);
  });

  it("says how long deleted photos stay as old versions: the buckets' noncurrent-version days (issue 23)", () => {
    // infra/test/stacks.test.ts checks the buckets expire old versions after OLD_FILE_VERSION_DAYS.
    expect(text(PRIVACY_POLICY)).toContain(`as old versions for ${OLD_FILE_VERSION_DAYS} days`);
  });
});
