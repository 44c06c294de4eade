import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/testing/render';
import { FINANCE_PARTNERS } from '../data/finance-partners';
import { INSURANCE_PARTNERS } from '../data/insurance-partners';
import { WARRANTY_PARTNERS } from '../data/warranty-partners';
import { FinancePage } from './finance-page';
import { InsurancePage } from './insurance-page';
import { WarrantyPage } from './warranty-page';

/** What a partner page does with its data, whatever the words: each partner reachable by phone, e-mail and website, the site in a new tab that gets no handle on ours. */
describe.each([
  ['finance', <FinancePage key="f" />, FINANCE_PARTNERS],
  ['insurance', <InsurancePage key="i" />, INSURANCE_PARTNERS],
  ['warranty', <WarrantyPage key="w" />, WARRANTY_PARTNERS],
] as Array<[string, ReactElement, typeof FINANCE_PARTNERS]>)('%s page', (_name, page, partners) => {
  it('gives every partner a card with working tel:, mailto: and website links', () => {
    renderScreen(page);
    for (const p of partners) {
      const heading = screen.getByRole('heading', { name: p.name });
      // The smallest ancestor of the name that holds the partner's website link: its card.
      const linksIn = (el: HTMLElement) => [...el.querySelectorAll('a')];
      let scope = heading;
      while (scope && !linksIn(scope).some((a) => a.getAttribute('href') === p.website)) scope = scope.parentElement as HTMLElement;
      const links = linksIn(scope);
      const hrefs = links.map((a) => a.getAttribute('href'));
      expect(hrefs, p.name).toContain(`tel:${p.phone.replace(/\s/g, '')}`);
      expect(hrefs, p.name).toContain(`mailto:${p.email}`);
      const site = links.find((a) => a.getAttribute('href') === p.website) as HTMLAnchorElement;
      expect(site.target).toBe('_blank');
      expect(site.rel.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    }
  });
});
