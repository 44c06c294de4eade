import { describe, expect, it } from 'vitest';
import { FINANCE_EXPLAINERS, FINANCE_PARTNERS } from './finance-partners';
import { INSURANCE_EXPLAINERS, INSURANCE_PARTNERS } from './insurance-partners';
import { WARRANTY_EXPLAINERS, WARRANTY_PARTNERS } from './warranty-partners';

// Ofcom's numbers reserved for drama: 01632 960000–960999 and 020 7946 0000–0999.
const FICTIONAL_PHONE = /^(01632 960\d{3}|020 7946 0\d{3})$/;

describe.each([
  ['finance', FINANCE_PARTNERS, FINANCE_EXPLAINERS, ['Hire Purchase', 'Finance Lease', 'Operating Lease']],
  ['insurance', INSURANCE_PARTNERS, INSURANCE_EXPLAINERS, ['Third Party Liability', 'Comprehensive Cover', 'Goods in Transit']],
  ['warranty', WARRANTY_PARTNERS, WARRANTY_EXPLAINERS, ['Mechanical Breakdown', 'Extended Warranties', 'Fleet Protection']],
])('%s partners', (_, partners, explainers, explainerTitles) => {
  it('lists six fictional companies with reserved contact details', () => {
    expect(partners).toHaveLength(6);
    expect(new Set(partners.map((p) => p.name)).size).toBe(6);
    for (const p of partners) {
      expect(new URL(p.website).hostname).toMatch(/\.example$/);
      expect(new URL(p.website).protocol).toBe('https:');
      expect(p.email).toMatch(/@[a-z-]+\.example$/);
      expect(p.phone).toMatch(FICTIONAL_PHONE);
      expect(p.specialties.length).toBeGreaterThan(0);
    }
  });

  it('explains the three product types from the spec', () => {
    expect(explainers.map((e) => e.title)).toEqual(explainerTitles);
  });
});
