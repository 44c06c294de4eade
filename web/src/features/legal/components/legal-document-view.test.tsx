import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/testing/render';
import { PRIVACY_POLICY } from '../data/privacy-policy';
import { TERMS } from '../data/terms';
import { LegalDocumentView } from './legal-document-view';

/** What a legal page does with its document, whatever the words: its date, a contents list whose every link lands on its section. */
describe.each([
  ['privacy policy', PRIVACY_POLICY],
  ['terms', TERMS],
])('LegalDocumentView (%s)', (_name, doc) => {
  it('shows the document’s date and a contents link to every section, in order, each landing on a section with that heading', () => {
    renderScreen(<LegalDocumentView document={doc} />);
    expect(screen.getByText(`Last updated: ${doc.lastUpdated}`)).toBeTruthy();
    const toc = screen.getByRole('navigation');
    const links = [...toc.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(doc.sections.map((s) => `#${s.id}`));
    for (const [i, s] of doc.sections.entries()) {
      const target = document.getElementById(s.id) as HTMLElement;
      expect(target?.tagName, s.id).toBe('SECTION');
      expect(target.querySelector('h2')?.textContent).toContain(s.title);
      expect(links[i].textContent).toContain(s.title);
    }
  });
});
